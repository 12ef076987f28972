import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { MAIL_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { type Transaction, UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { settlementOf } from '../domain/checkout-settlement';
import { purchasedDeleteAfter } from '../domain/retention-period';
import { RetentionRepository } from '../retention/retention.repository';
import { StripeAccount } from '../stripe/stripe-account';
import type { CheckoutSessionEntity } from './bundle.entities';
import { BundleRepository } from './bundle.repository';

/**
 * Takes over what Stripe says of a checkout session now (re-read through the SDK, never taken
 * from the event), and marks its bundle bought when the session is paid; the Stripe event's job
 * and the repair both do it through here. A webhook event's effect commits with its event id
 * (`UnitOfWork.once`), so it happens once however often the event comes; a repair syncs without
 * one. Whenever the bundle is bought, its download-link mail is queued (again): the queue drops a
 * duplicate and the notification service never sends one mail twice, so a crash after the
 * purchase committed cannot lose the mail.
 */
@Injectable()
export class CheckoutSessionSync {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly bundles: BundleRepository,
    private readonly retention: RetentionRepository,
    private readonly account: StripeAccount,
    private readonly workQueue: WorkQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async sync(sessionId: string, eventId?: string): Promise<void> {
    const recorded = await this.bundles.findCheckoutSession(sessionId);
    if (!recorded) {
      this.logger.warn({ eventId }, 'a Stripe event names a session this service did not make');
      return;
    }
    // Logs name the export by its reference, never the session: a session id opens its checkout page.
    const exportId = (await this.bundles.findBundle(recorded.bundleId))?.exportId;
    const logged = { exportReference: exportId === undefined ? undefined : exportReference(exportId) };
    const session = await this.account.stripe.checkout.sessions.retrieve(sessionId);
    const settlement = settlementOf(session);
    const apply = async (tx: Transaction): Promise<void> => {
      await this.bundles.updateCheckoutSession(tx, sessionId, {
        status: session.status ?? recorded.status,
        paymentStatus: session.payment_status,
      });
      if (settlement !== 'paid') return;
      const bundle = await this.bundles.findBundle(recorded.bundleId);
      if (!bundle?.paidAt && bundle && (await this.retention.isExpired(tx, bundle.exportId))) {
        await this.refund(
          tx,
          recorded,
          session,
          logged,
          'a session was paid after its export was deleted: refunded',
        );
        return;
      }
      const paidAt = new Date();
      const marked = await this.bundles.markPaid(tx, recorded.bundleId, {
        paidAt,
        email: session.customer_details?.email ?? session.customer_email ?? recorded.email ?? '',
        sessionId,
        paymentIntentId: idOf(session.payment_intent),
        amountCents: session.amount_total!,
        currency: session.currency!,
        mailId: randomUUID(),
      });
      if (marked) {
        await this.retention.setDeleteAfter(tx, bundle!.exportId, purchasedDeleteAfter(paidAt));
        await this.retention.leaveQuota(tx, bundle!.exportId);
        this.logger.info(logged, 'bundle paid');
      }
      // The paying session seen again (a late event, a repair after a refund) is no second payment.
      else if ((await this.bundles.findBundle(recorded.bundleId))?.paidSessionId !== sessionId)
        await this.refund(
          tx,
          recorded,
          session,
          logged,
          'a second session paid for a bundle already bought: refunded',
        );
    };
    if (eventId === undefined) await this.unitOfWork.run(apply);
    else await this.unitOfWork.once(`stripe-event:${eventId}`, apply);
    if (settlement === 'wrong-amount')
      this.logger.error(
        { ...logged, amount: session.amount_total, currency: session.currency },
        'a session was paid with an amount other than the bundle price: the bundle stays locked',
      );
    await this.queuePurchaseMail(recorded.bundleId);
  }

  /**
   * Refunds a session's payment that buys nothing (a second one for a bundle bought already, or
   * one for an export deleted meanwhile) through Stripe. Once: the refund is recorded on the
   * session in the transaction of the event that found it, and Stripe's idempotency key (the
   * session's) answers a retried request with the same refund.
   */
  private async refund(
    tx: Transaction,
    recorded: CheckoutSessionEntity,
    session: Stripe.Checkout.Session,
    logged: { exportReference: string | undefined },
    why: string,
  ): Promise<void> {
    const { id: sessionId } = recorded;
    // Locked: two events of the session at once refund it once.
    if ((await this.bundles.lockCheckoutSession(tx, sessionId))?.refundId) return;
    const paymentIntent = idOf(session.payment_intent);
    if (!paymentIntent) {
      this.logger.error(logged, `${why}, but it has no payment intent to refund`);
      return;
    }
    const refund = await this.account.stripe.refunds.create(
      { payment_intent: paymentIntent },
      { idempotencyKey: `unwanted-payment-${sessionId}` },
    );
    await this.bundles.setSessionRefund(tx, sessionId, refund.id);
    this.logger.warn({ ...logged, refundId: refund.id }, why);
  }

  /** Queues the buyer's download-link mail when the bundle is bought. */
  async queuePurchaseMail(bundleId: string): Promise<void> {
    const bundle = await this.bundles.findBundle(bundleId);
    if (!bundle?.paidAt || !bundle.paidMailId || !bundle.email || bundle.refundedAt) return;
    const decision = await this.bundles.findDecision(bundle.exportId);
    const retention = await this.retention.find(bundle.exportId);
    if (!decision || !retention || retention.expiredAt) return;
    await this.workQueue.enqueue(MAIL_JOB, {
      kind: 'download-links',
      mailId: bundle.paidMailId,
      to: bundle.email,
      bundleId,
      exportId: bundle.exportId,
      deleteAfter: retention.deleteAfter.toISOString(),
    });
  }
}

const idOf = (value: string | { id: string } | null): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
