import { Inject, Injectable } from '@nestjs/common';
import { subDays } from 'date-fns';
import { CONTACT_MESSAGE_RETENTION_DAYS } from '@chatexhibit/proto/constants';
import { FORGET_CONTACT_MESSAGES_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ExportExpiry } from '../../export-expiry';
import { RetentionRepository } from '../../retention.repository';

/** Exports expired per batch: a sweep after a long pause still moves in bounded steps. */
const BATCH = 100;

/**
 * Deletes every export past its retention date (`ExportExpiry`), and has the notification
 * service delete the contact messages older than their period.
 */
@Injectable()
export class SweepRetentionUseCase {
  constructor(
    private readonly retention: RetentionRepository,
    private readonly exportExpiry: ExportExpiry,
    private readonly workQueue: WorkQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Answers how many exports expired. */
  async execute(now = new Date()): Promise<number> {
    let expired = 0;
    for (;;) {
      const due = await this.retention.dueForDeletion(now, BATCH);
      await this.exportExpiry.expire(
        due.map((r) => r.exportId),
        now,
        'expired',
      );
      expired += due.length;
      if (due.length < BATCH) break;
    }
    await this.workQueue.enqueue(FORGET_CONTACT_MESSAGES_JOB, {
      before: subDays(now, CONTACT_MESSAGE_RETENTION_DAYS).toISOString(),
    });
    if (expired > 0) this.logger.info({ expired }, 'exports past their retention date expired');
    return expired;
  }
}
