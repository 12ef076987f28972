import { BadRequestException, Controller, HttpException, Post, Req, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';
import { UploadOptionsSchema } from '@chatexhibit/proto/processing-options';
import type { StartProcessingResponse } from '@chatexhibit/proto/progress';
import { parseRequest } from '../http/parse-request';
import { receiveUpload, UploadRefusedError } from './receive-upload';
import { StartProcessingService } from './start-processing.service';

/** POST /api/whatsapp/process (SPEC §7): multipart `file` + `options` → `{ clientId }`. */
@Controller('api/whatsapp')
export class StartProcessingController {
  constructor(private readonly startProcessing: StartProcessingService) {}

  @Post('process')
  @UseGuards(ThrottlerGuard)
  async process(@Req() request: Request): Promise<StartProcessingResponse> {
    let upload;
    try {
      upload = await receiveUpload(request);
    } catch (error) {
      if (error instanceof UploadRefusedError)
        throw new HttpException({ message: error.message }, error.status);
      throw error;
    }
    try {
      const options = parseRequest(UploadOptionsSchema, parseOptionsField(upload.options));
      return await this.startProcessing.start(upload, options);
    } finally {
      await upload.discard();
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
