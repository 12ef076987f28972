import { Inject, Injectable } from '@nestjs/common';
import { EXPIRE_EXPORT_JOBS } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { BundleRepository } from '../../bundles/bundle.repository';

/** Exports expired per batch: a sweep after a long pause still moves in bounded steps. */
const BATCH = 100;

/**
 * Expires every export past its retention date: each service holding files or rows of it is
 * told to delete its own (a durable job per service), then the export is marked expired and its
 * buyer's address forgotten. A sweep that stops midway leaves the export unmarked, so the next
 * one tells the services again (their deletions are idempotent, the queue drops duplicates).
 */
@Injectable()
export class SweepRetentionUseCase {
  constructor(
    private readonly bundles: BundleRepository,
    private readonly workQueue: WorkQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Answers how many exports expired. */
  async execute(now = new Date()): Promise<number> {
    let expired = 0;
    for (;;) {
      const due = await this.bundles.dueForDeletion(now, BATCH);
      for (const { exportId } of due)
        for (const job of Object.values(EXPIRE_EXPORT_JOBS)) await this.workQueue.enqueue(job, { exportId });
      await this.bundles.markExpired(
        due.map((r) => r.exportId),
        now,
      );
      expired += due.length;
      if (due.length < BATCH) break;
    }
    if (expired > 0) this.logger.info({ expired }, 'exports past their retention date expired');
    return expired;
  }
}
