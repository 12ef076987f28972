import { Injectable } from '@nestjs/common';
import { EXPIRE_EXPORT_JOBS } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import type { ErasedExports } from '@chatexhibit/kit/retention/export-expiry';
import { BundleRepository } from '../../bundles/bundle.repository';

/**
 * Deletes exports, for the retention sweep (past their date) and the uploader (now) alike: each
 * service holding files or rows of an export is told to delete its own (a durable job per
 * service), its progress is replaced by the final `deleted` event, the queue forgets its
 * payloads, and then the export is marked expired here and what names a person is forgotten
 * (`markExpired`). A run that stops midway leaves the export unmarked, so the next sweep does
 * it again (every step is idempotent, the queue drops duplicate jobs).
 */
@Injectable()
export class ExpireExportUseCase implements ErasedExports {
  constructor(
    private readonly bundles: BundleRepository,
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
  ) {}

  async execute(exportIds: readonly string[], now: Date): Promise<void> {
    const expiryJobs = Object.values(EXPIRE_EXPORT_JOBS);
    for (const exportId of exportIds) {
      for (const job of expiryJobs) await this.workQueue.enqueue(job, { exportId });
      await this.progress.erase(exportId);
      await this.workQueue.forgetPayloads('exportId', exportId, expiryJobs);
    }
    await this.bundles.markExpired(exportIds, now);
  }

  /** The decision step of a deleted export: what it recorded is forgotten again. */
  async undoIfErased(exportId: string): Promise<boolean> {
    const retention = await this.bundles.findRetention(exportId);
    if (!retention?.expiredAt) return false;
    await this.bundles.markExpired([exportId], retention.expiredAt);
    return true;
  }
}
