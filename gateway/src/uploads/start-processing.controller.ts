import {
  BadRequestException,
  Controller,
  HttpException,
  HttpStatus,
  Inject,
  Req,
  UseGuards,
} from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request } from 'express';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { UPLOAD_REFUSALS } from '@chatexhibit/proto/upload-refusals';
import type { UploadOptions } from '@chatexhibit/proto/processing-options';
import type { StartProcessingResponse } from '@chatexhibit/proto/progress';
import { ExportBinding } from '../access/export-binding';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';
import { clientAddress, clientPrefixes } from '../http/client-address';
import { Route } from '../http/http-route';
import { parseRequest } from '../http/parse-request';
import { GatewayMetrics, type UploadOutcome } from '../metrics/gateway-metrics';
import { receiveUpload, UploadRefusedError } from './receive-upload';
import { StartProcessingService, UploadQuotaFullError } from './start-processing.service';
import { UploadThrottlerGuard } from './upload-throttler.guard';
import { isDiskLow } from './disk-watermark';
import { UploadsBusyError, UploadsInFlight, type UploadSlot } from './uploads-in-flight';

const REFUSAL_OUTCOME: Record<UploadRefusedError['status'], Exclude<UploadOutcome, 'accepted'>> = {
  400: 'refused_form',
  408: 'refused_stalled',
  413: 'refused_size',
  415: 'refused_type',
  503: 'evicted',
};

/**
 * POST /api/whatsapp/process (SPEC §7): multipart `file` + `options` → `{ clientId }`, with the
 * cookie that binds the new export to this browser.
 */
@Controller()
export class StartProcessingController {
  constructor(
    private readonly startProcessing: StartProcessingService,
    private readonly metrics: GatewayMetrics,
    private readonly inFlight: UploadsInFlight,
    private readonly binding: ExportBinding,
    @Inject(GATEWAY_SETTINGS)
    private readonly settings: Pick<GatewaySettings, 'uploadPace' | 'minFreeDiskBytes' | 'uploadQuotaBytes'>,
  ) {}

  // The multipart body streams to disk as it arrives (receive-upload.ts); its `options` field is
  // parsed with the contract's schema.
  @Route(HTTP_API.startProcessing)
  @UseGuards(UploadThrottlerGuard)
  @SkipThrottle({ contact: true, payments: true, exhibits: true })
  async process(@Req() request: Request): Promise<StartProcessingResponse> {
    if (await isDiskLow(this.settings.minFreeDiskBytes)) {
      this.metrics.uploadRefused('refused_disk');
      throw this.busy(
        request,
        new UploadsBusyError(HttpStatus.SERVICE_UNAVAILABLE, UPLOAD_REFUSALS.diskFull),
        HTTP_LIMITS.lowDiskRetryAfterSeconds,
      );
    }
    let slot;
    try {
      slot = this.inFlight.admit(clientPrefixes(request), Number(request.headers['content-length']));
    } catch (error) {
      if (!(error instanceof UploadsBusyError)) throw error;
      const busy = error.getStatus() === Number(HttpStatus.SERVICE_UNAVAILABLE);
      this.metrics.uploadRefused(busy ? 'refused_busy' : 'rate_limited');
      throw this.busy(request, error, HTTP_LIMITS.uploadsBusyRetryAfterSeconds);
    }
    try {
      return await this.receiveAndStart(request, slot);
    } finally {
      slot.release();
    }
  }

  private async receiveAndStart(request: Request, slot: UploadSlot): Promise<StartProcessingResponse> {
    let upload;
    try {
      upload = await receiveUpload(request, this.settings.uploadPace, slot);
    } catch (error) {
      if (!(error instanceof UploadRefusedError)) throw error;
      this.metrics.uploadRefused(REFUSAL_OUTCOME[error.status]);
      // Evicted for a newer upload: like any busy answer, it says when to come back.
      if (error.status === 503)
        request.res?.setHeader('Retry-After', String(HTTP_LIMITS.uploadsBusyRetryAfterSeconds));
      throw this.endingConnection(request, new HttpException({ message: error.message }, error.status));
    }
    try {
      const started = await this.startProcessing.start(
        upload,
        this.uploadOptions(upload.options),
        clientAddress(request),
      );
      this.binding.bind(request, request.res!, started.clientId);
      this.metrics.uploadAccepted(upload.sizeBytes);
      return started;
    } catch (error) {
      if (!(error instanceof UploadQuotaFullError)) throw error;
      this.metrics.uploadRefused('refused_quota');
      request.res?.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw new HttpException(
        { message: UPLOAD_REFUSALS.quotaFull(this.settings.uploadQuotaBytes) },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    } finally {
      await upload.discard();
    }
  }

  /** A refusal for now (busy, short of disk) says when to try again. */
  private busy(request: Request, error: UploadsBusyError, retryAfterSeconds: number): unknown {
    request.res?.setHeader('Retry-After', String(retryAfterSeconds));
    return this.endingConnection(request, error);
  }

  /**
   * A refusal before the whole body arrived closes the connection once answered, so the client
   * stops sending (and a stalled one is let go) instead of the server reading the rest.
   */
  private endingConnection(request: Request, error: unknown): unknown {
    if (!request.complete) request.res?.setHeader('Connection', 'close');
    return error;
  }

  private uploadOptions(field: string | undefined): UploadOptions {
    try {
      return parseRequest(
        HTTP_API.startProcessing.body.schema.shape.options.unwrap(),
        parseOptionsField(field),
        'options',
      );
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
