import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { exportFactsOf, type UploadOptions } from '@chatexhibit/proto/processing-options';
import type { StartProcessingResponse } from '@chatexhibit/proto/progress';
import { stepIndex } from '@chatexhibit/proto/steps';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import { ADMIT_UPLOAD_REQUEST, INGEST_JOB } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { withCorrelationId } from '@chatexhibit/kit/logging/logger';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';
import type { ReceivedUpload } from './receive-upload';

/** The zone of this server, for uploads that declare none. */
const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The client's unbought exports already hold its quota; `retryAfterSeconds`: until the oldest expires. */
export class UploadQuotaFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('upload quota full');
  }
}

/**
 * Starts processing a received upload: has it admitted within its client's quota, stores it
 * exactly as received, records that the export has begun, and queues the first step. The export
 * id is the client id the browser follows.
 */
@Injectable()
export class StartProcessingService {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly workQueue: WorkQueue,
    private readonly requestBus: RequestBus,
    private readonly progress: ProgressChannel,
    @Inject(GATEWAY_SETTINGS)
    private readonly settings: Pick<GatewaySettings, 'linkSigningSecret' | 'uploadQuotaBytes'>,
  ) {}

  /** `client`: the address the upload limits count it by, whose quota it is counted against. */
  async start(
    upload: ReceivedUpload,
    options: UploadOptions,
    client: string,
  ): Promise<StartProcessingResponse> {
    const exportId = randomUUID();
    const facts = exportFactsOf(upload, options, SERVER_TIME_ZONE, new Date(), 'web');
    // The export's reference (not its id, which opens it) follows every job and log line of it.
    return withCorrelationId(exportReference(exportId), async () => {
      // Dated for deletion before anything is stored, so nothing of it outlives its retention.
      const admission = await this.requestBus.request(ADMIT_UPLOAD_REQUEST, {
        exportId,
        receivedAt: facts.receivedAt,
        quotaKey: this.quotaKey(client),
        sizeBytes: upload.sizeBytes,
        quotaBytes: this.settings.uploadQuotaBytes,
      });
      if (!admission.admitted) throw new UploadQuotaFullError(admission.retryAfterSeconds);
      await this.storage.putFile(exportKeys(exportId).upload, upload.filePath, {
        contentType: 'application/zip',
      });
      await this.progress.publish(exportId, { step: stepIndex('extract'), progress: 0 });
      await this.workQueue.enqueue(INGEST_JOB, { exportId, facts });
      return { clientId: exportId };
    });
  }

  /** The client as the payment service counts it: keyed, so its database holds no address. */
  private quotaKey(client: string): string {
    return createHmac('sha256', this.settings.linkSigningSecret)
      .update(`upload-quota:${client}`)
      .digest('hex');
  }
}
