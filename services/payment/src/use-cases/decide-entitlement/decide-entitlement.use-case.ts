import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ExportProgress } from '@chatexhibit/proto/progress';
import { stepIndex } from '@chatexhibit/proto/steps';
import { FREE_TIER_COUNTS_REQUEST, PAYMENT_DECISION_JOB } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import type { JobPayload } from '@chatexhibit/kit/bus/work-queue';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { BundleRepository } from '../../bundles/bundle.repository';
import { isWithinFreeTier } from '../../domain/free-tier';
import { decidedDeleteAfter, retentionOf } from '../../domain/retention-period';
import { RetentionRepository } from '../../retention/retention.repository';

/**
 * Step 4: decides whether the export is free or needs a bundle (created here, paid through
 * checkout) on the counts the parse service recorded, which it asks for (the job came through
 * media and pdf, which could have changed anything it carried), dates its deletion (a free export 7 days after upload, one to be bought 3 until it
 * is), and ends the export's progress with done or payment required.
 */
@Injectable()
export class DecideEntitlementUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly bundles: BundleRepository,
    private readonly retention: RetentionRepository,
    private readonly requestBus: RequestBus,
    private readonly progress: ProgressChannel,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Answers the final progress, or null for an export deleted meanwhile. */
  async execute(job: JobPayload<typeof PAYMENT_DECISION_JOB>): Promise<ExportProgress | null> {
    const { exportId } = job;
    const { messageCount, mediaSizeBytes } = await this.requestBus.request(FREE_TIER_COUNTS_REQUEST, {
      exportId,
    });
    const free = isWithinFreeTier(messageCount, mediaSizeBytes);
    let deleted = false;
    await this.unitOfWork.once(`${exportId}:payment-decision`, async (tx) => {
      // Dated at upload already (ADMIT_UPLOAD_REQUEST); an upload queued before that request was not.
      await this.retention.retain(tx, retentionOf(exportId, job.facts.receivedAt));
      // Deleted by its uploader while it was processed: nothing of it is recorded.
      deleted = await this.retention.isExpired(tx, exportId);
      if (deleted) return;
      await this.retention.keepUntilAtLeast(tx, exportId, decidedDeleteAfter(job.facts.receivedAt, free));
      await this.bundles.insertDecision(tx, {
        exportId,
        free,
        messageCount,
        mediaSizeBytes: String(mediaSizeBytes),
        bundleId: free ? null : randomUUID(),
        decidedJob: job,
      });
    });
    // Read back: a redelivery must announce what the first delivery decided.
    const decision = deleted ? null : await this.bundles.findDecision(exportId);
    if (!decision) return null;
    const counts = { messageCount: decision.messageCount, mediaSizeBytes: Number(decision.mediaSizeBytes) };
    const final: ExportProgress = decision.free
      ? { step: stepIndex('generate-pdf'), progress: 100, done: true, ...counts }
      : { step: stepIndex('payment-required'), progress: 100, requiresPayment: true, ...counts };
    await this.progress.publish(exportId, final);
    this.logger.info({ free: decision.free, ...counts }, 'entitlement decided');
    return final;
  }
}
