import { BadRequestException, Controller, HttpException, Post, Req, UseGuards } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request } from 'express';
import { type UploadOptions, UploadOptionsSchema } from '@chatexhibit/proto/processing-options';
import type { StartProcessingResponse } from '@chatexhibit/proto/progress';
import { parseRequest } from '../http/parse-request';
import { GatewayMetrics, type UploadOutcome } from '../metrics/gateway-metrics';
import { receiveUpload, UploadRefusedError } from './receive-upload';
import { StartProcessingService } from './start-processing.service';
import { UploadThrottlerGuard } from './upload-throttler.guard';

const REFUSAL_OUTCOME: Record<UploadRefusedError['status'], Exclude<UploadOutcome, 'accepted'>> = {
  400: 'refused_form',
  413: 'refused_size',
  415: 'refused_type',
};

/** POST /api/whatsapp/process (SPEC §7): multipart `file` + `options` → `{ clientId }`. */
@Controller('api/whatsapp')
export class StartProcessingController {
  constructor(
    private readonly startProcessing: StartProcessingService,
    private readonly metrics: GatewayMetrics,
  ) {}

  @Post('process')
  @UseGuards(UploadThrottlerGuard)
  @SkipThrottle({ contact: true, payments: true })
  async process(@Req() request: Request): Promise<StartProcessingResponse> {
    let upload;
    try {
      upload = await receiveUpload(request);
    } catch (error) {
      if (!(error instanceof UploadRefusedError)) throw error;
      this.metrics.uploadRefused(REFUSAL_OUTCOME[error.status]);
      throw new HttpException({ message: error.message }, error.status);
    }
    try {
      const started = await this.startProcessing.start(upload, this.uploadOptions(upload.options));
      this.metrics.uploadAccepted(upload.sizeBytes);
      return started;
    } finally {
      await upload.discard();
    }
  }

  private uploadOptions(field: string | undefined): UploadOptions {
    try {
      return parseRequest(UploadOptionsSchema, parseOptionsField(field), 'options');
    } catch (error) {
      this.metrics.uploadRefused('refused_options');
      throw error;
    }
  }
}

/** The `options` field is a JSON string; absent means the SPEC defaults. */
function parseOptionsField(field: string | undefined): unknown {
  if (field === undefined || field.trim() === '') return {};
  try {
    return JSON.parse(field);
  } catch {
    throw new BadRequestException('options must be a JSON object of processing options.');
  }
}
