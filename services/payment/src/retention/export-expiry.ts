import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { exportReference } from '@chatexhibit/proto/export-reference';
import type { Gone } from '@chatexhibit/proto/payment';
import { EXPIRE_EXPORT_JOBS } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { PlannerStatistics } from '@chatexhibit/kit/database/planner-statistics';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import type { ErasedExports } from '@chatexhibit/kit/retention/export-expiry';
import { BundleRepository } from '../bundles/bundle.repository';
import { LocalStripeObjectRepository } from '../stripe/local-stripe/local-stripe-object.repository';
import { StripeAccount } from '../stripe/stripe-account';
import { goneOf } from './retention.entity';
import { RetentionRepository } from './retention.repository';

/**
 * Deletes exports, for the retention sweep (past their date) and the uploader (now) alike: each
 * service holding files or rows of an export is told to delete its own (a durable job per
 * service), its progress is replaced by the final `deleted` event, the queue forgets its
 * payloads, and then the export is marked expired here and what names a person is forgotten
 * (`forget`). A run that stops midway leaves the export unmarked, so the next sweep does it
 * again (every step is idempotent, the queue drops duplicate jobs). Last, its open checkout
 * sessions are expired at Stripe, so none can be paid for an export that is gone; a session
 * paid all the same (Stripe unreachable, a payment already under way) is refunded when its
 * event comes (CheckoutSessionSync).
 */
@Injectable()
export class ExportExpiry implements ErasedExports {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly statistics: PlannerStatistics,
    private readonly retention: RetentionRepository,
    private readonly bundles: BundleRepository,
    private readonly localStripeObjects: LocalStripeObjectRepository,
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    private readonly account: StripeAccount,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `gone`: the exports passed their date, or their uploader deleted them (which their routes then say). */
  async expire(exportIds: readonly string[], now: Date, gone: Gone): Promise<void> {
    const expiryJobs = Object.values(EXPIRE_EXPORT_JOBS);
    for (const exportId of exportIds) {
      for (const job of expiryJobs) await this.workQueue.enqueue(job, { exportId });
      await this.progress.erase(exportId);
      await this.workQueue.forgetPayloads('exportId', exportId, expiryJobs);
    }
    await this.forget(exportIds, now, gone);
    // After the mark: no new session can be made for these exports from here on.
    await this.expireOpenCheckoutSessions(exportIds);
  }

  /** The decision step of a deleted export: what it recorded is forgotten again. */
  async undoIfErased(exportId: string): Promise<boolean> {
    const retention = await this.retention.find(exportId);
    if (!retention?.expiredAt) return false;
    await this.forget([exportId], retention.expiredAt, goneOf(retention) ?? 'expired');
    return true;
  }

  /**
   * Marks exports expired, then forgets everything of them that names a person, here and in the
   * local test checkout's sessions. The retention dates name no one and stay.
   *
   * The mark commits on its own, first: a payment being recorded meanwhile waits at most for this
   * short transaction, and from its commit on every payment of these exports reads it and is
   * refunded (`CheckoutSessionSync`). The forgetting then locks rows in the order a payment does
   * (sessions, then bundles), so the two never wait for each other in a circle. (One transaction
   * for both, holding the retention rows while it took the sessions, deadlocked with a payment
   * that held its session and asked for the retention row: a 500, and the buyer's address kept.)
   */
  private async forget(exportIds: readonly string[], now: Date, gone: Gone): Promise<void> {
    if (exportIds.length === 0) return;
    await this.unitOfWork.run((tx) => this.retention.markExpired(tx, exportIds, now, gone));
    await this.unitOfWork.run(async (tx) => {
      const sessionIds = await this.bundles.forgetPeopleOf(tx, exportIds);
      await this.localStripeObjects.forgetCustomers(tx, sessionIds);
    });
    await this.statistics.refresh();
  }

  private async expireOpenCheckoutSessions(exportIds: readonly string[]): Promise<void> {
    for (const { id, exportId } of await this.bundles.openCheckoutSessionsOf(exportIds)) {
      try {
        await this.account.stripe.checkout.sessions.expire(id);
        await this.bundles.markCheckoutSessionExpired(id);
      } catch (error) {
        // Refused when it ended meanwhile (paid, or its time ran out): Stripe's event of it brings its status.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) continue;
        // Its type only: Stripe's message may name the session, and a session id opens its checkout page.
        this.logger.error(
          { errorType: (error as Error).name, exportReference: exportReference(exportId) },
          'a checkout session of a deleted export could not be expired; a payment of it is refunded',
        );
      }
    }
  }
}
