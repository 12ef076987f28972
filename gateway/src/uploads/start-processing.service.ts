import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { exportFactsOf, type UploadOptions } from '@chatexhibit/proto/processing-options';
import type { StartProcessingResponse } from '@chatexhibit/proto/progress';
import { stepIndex } from '@chatexhibit/proto/steps';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import { INGEST_JOB, RETAIN_EXPORT_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { withCorrelationId } from '@chatexhibit/kit/logging/logger';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import type { ReceivedUpload } from './receive-upload';

/** The zone of this server, for uploads that declare none. */
const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Starts processing a received upload: stores it exactly as received, records that the export
 * has begun, and queues the first step. The export id is the client id the browser follows.
 */
@Injectable()
export class StartProcessingService {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
  ) {}

  async start(upload: ReceivedUpload, options: UploadOptions): Promise<StartProcessingResponse> {
    const exportId = randomUUID();
    const facts = exportFactsOf(upload, options, SERVER_TIME_ZONE, new Date(), 'web');
    // The export's reference (not its id, which opens it) follows every job and log line of it.
    return withCorrelationId(exportReference(exportId), async () => {
      // Dated for deletion before anything is stored, so nothing of it outlives its retention.
      await this.workQueue.enqueue(RETAIN_EXPORT_JOB, { exportId, receivedAt: facts.receivedAt });
      await this.storage.putFile(exportKeys(exportId).upload, upload.filePath, {
        contentType: 'application/zip',
      });
      await this.progress.publish(exportId, { step: stepIndex('extract'), progress: 0 });
      await this.workQueue.enqueue(INGEST_JOB, { exportId, facts });
      return { clientId: exportId };
    });
  }
}
