import { Inject, Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { METRIC_PREFIX } from '@chatexhibit/kit/metrics/metrics';
import type { Platform } from '@chatexhibit/kit/platform/platform';
import { PLATFORM } from '@chatexhibit/kit/platform/platform.module';

/** How an upload ended at the edge: accepted into the pipeline, or refused and why. */
export const UPLOAD_OUTCOMES = [
  'accepted',
  'refused_type',
  'refused_size',
  'refused_options',
  'refused_form',
  'refused_stalled',
  'refused_busy',
  'evicted',
  'refused_disk',
  'refused_quota',
  'rate_limited',
] as const;
export type UploadOutcome = (typeof UPLOAD_OUTCOMES)[number];

/** The gateway's own metrics, on the process's registry next to the work-queue metrics. */
@Injectable()
export class GatewayMetrics {
  private readonly uploads: Counter<'outcome'>;
  private readonly uploadBytes: Counter;
  private readonly httpErrors: Counter<'route' | 'status'>;

  constructor(@Inject(PLATFORM) platform: Platform) {
    const registers = [platform.metrics];
    this.uploads = new Counter({
      name: `${METRIC_PREFIX}uploads_total`,
      help: 'Uploads to POST /api/whatsapp/process, by outcome',
      labelNames: ['outcome'],
      registers,
    });
    // Every outcome is exported from the start, so a rate over it is defined before the first refusal.
    for (const outcome of UPLOAD_OUTCOMES) this.uploads.inc({ outcome }, 0);
    this.uploadBytes = new Counter({
      name: `${METRIC_PREFIX}upload_bytes_total`,
      help: 'Bytes of accepted uploads',
      registers,
    });
    this.httpErrors = new Counter({
      name: `${METRIC_PREFIX}http_request_errors_total`,
      help: 'Requests the API answered with an error, by route and status',
      labelNames: ['route', 'status'],
      registers,
    });
  }

  uploadAccepted(sizeBytes: number): void {
    this.uploads.inc({ outcome: 'accepted' });
    this.uploadBytes.inc(sizeBytes);
  }

  uploadRefused(outcome: Exclude<UploadOutcome, 'accepted'>): void {
    this.uploads.inc({ outcome });
  }

  /** `route` is the matched route pattern (`GET /api/whatsapp/chat/:chatExportId`), never the raw URL. */
  httpError(route: string, status: number): void {
    this.httpErrors.inc({ route, status: String(status) });
  }
}
