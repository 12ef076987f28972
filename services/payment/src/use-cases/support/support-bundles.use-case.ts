import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { addMonths, max } from 'date-fns';
import { EXPORT_REFERENCE_PATTERN, exportReference } from '@chatexhibit/proto/export-reference';
import { PAYMENT_ERRORS, type SupportBundle } from '@chatexhibit/proto/payment';
import {
  MAIL_JOB,
  type SUPPORT_EXTEND_REQUEST,
  type SUPPORT_REFUND_REQUEST,
  type SUPPORT_RESEND_REQUEST,
  type SUPPORT_STATUS_REQUEST,
} from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import type { BundleEntity } from '../../bundles/bundle.entities';
import { BundleRepository } from '../../bundles/bundle.repository';
import { StripeAccount } from '../../stripe/stripe-account';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (date: Date | null | undefined): string | null => date?.toISOString() ?? null;

/**
 * Support's four operations (DESIGN: never by editing the database): look bundles up, keep an
 * export longer, mail its links again, refund it. Each is logged with the export reference.
 */
@Injectable()
export class SupportBundlesUseCase {
  constructor(
    private readonly bundles: BundleRepository,
    private readonly account: StripeAccount,
    private readonly workQueue: WorkQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async status({
    query,
  }: RequestOf<typeof SUPPORT_STATUS_REQUEST>): Promise<ResponseOf<typeof SUPPORT_STATUS_REQUEST>> {
    const found = UUID.test(query)
      ? [await this.bundles.findBundle(query.toLowerCase())].filter((b): b is BundleEntity => b !== null)
      : EXPORT_REFERENCE_PATTERN.test(query.toUpperCase())
        ? await this.bundles.bundlesOfReference(query.toUpperCase())
        : await this.bundles.bundlesOfEmail(query);
    return { bundles: await Promise.all(found.map((bundle) => this.describe(bundle))) };
  }

  async extend({
    bundleId,
    months,
  }: RequestOf<typeof SUPPORT_EXTEND_REQUEST>): Promise<ResponseOf<typeof SUPPORT_EXTEND_REQUEST>> {
    const { bundle, retention } = await this.live(bundleId);
    // Counted from the later of today and the current date: a lapsed extension starts afresh.
    const deleteAfter = addMonths(max([retention.deleteAfter, new Date()]), months);
    await this.bundles.setDeleteAfter(bundle.exportId, deleteAfter);
    this.logger.info(
      { exportReference: exportReference(bundle.exportId), months, deleteAfter },
      'support extended an export',
    );
    return { bundleId, deleteAfter: deleteAfter.toISOString() };
  }

  async resend({
    bundleId,
  }: RequestOf<typeof SUPPORT_RESEND_REQUEST>): Promise<ResponseOf<typeof SUPPORT_RESEND_REQUEST>> {
    const { bundle, retention } = await this.live(bundleId);
    if (!bundle.paidAt || bundle.refundedAt || !bundle.email)
      throw BusError.of(PAYMENT_ERRORS, 'NO_LINKS_TO_SEND');
    const decision = await this.bundles.findDecision(bundle.exportId);
    const mailId = randomUUID();
    await this.workQueue.enqueue(MAIL_JOB, {
      kind: 'download-links',
      mailId,
      to: bundle.email,
      bundleId,
      exportId: bundle.exportId,
      originalFilename: decision?.decidedJob?.facts.originalFilename ?? 'your chat export',
      deleteAfter: retention.deleteAfter.toISOString(),
    });
    this.logger.info(
      { exportReference: exportReference(bundle.exportId), mailId },
      'support queued the download links again',
    );
    return { bundleId, to: bundle.email, mailId };
  }

  async refund({
    bundleId,
  }: RequestOf<typeof SUPPORT_REFUND_REQUEST>): Promise<ResponseOf<typeof SUPPORT_REFUND_REQUEST>> {
    const bundle = await this.bundle(bundleId);
    if (!bundle.paidAt || !bundle.paymentIntentId) throw BusError.of(PAYMENT_ERRORS, 'NOT_PAID');
    if (bundle.refundedAt) throw BusError.of(PAYMENT_ERRORS, 'REFUNDED', 'This bundle was refunded already.');
    // The same key for every attempt: a refund retried after a lost answer is made once.
    const refund = await this.account.stripe.refunds.create(
      { payment_intent: bundle.paymentIntentId, metadata: { bundleId } },
      { idempotencyKey: `refund-${bundleId}` },
    );
    const refundedAt = new Date();
    await this.bundles.markRefunded(bundleId, refundedAt);
    this.logger.info(
      { exportReference: exportReference(bundle.exportId), refundId: refund.id },
      'support refunded a bundle; its export is locked',
    );
    return { bundleId, refundId: refund.id, refundedAt: refundedAt.toISOString() };
  }

  private async bundle(bundleId: string): Promise<BundleEntity> {
    const bundle = await this.bundles.findBundle(bundleId);
    if (!bundle) throw BusError.of(PAYMENT_ERRORS, 'BUNDLE_NOT_FOUND');
    return bundle;
  }

  /** A bundle whose export has not expired. */
  private async live(bundleId: string) {
    const bundle = await this.bundle(bundleId);
    const retention = await this.bundles.findRetention(bundle.exportId);
    if (!retention || retention.expiredAt) throw BusError.of(PAYMENT_ERRORS, 'EXPORT_EXPIRED');
    return { bundle, retention };
  }

  private async describe(bundle: BundleEntity): Promise<SupportBundle> {
    const [decision, retention, sessions] = await Promise.all([
      this.bundles.findDecision(bundle.exportId),
      this.bundles.findRetention(bundle.exportId),
      this.bundles.checkoutSessions(bundle.id),
    ]);
    return {
      bundleId: bundle.id,
      exportId: bundle.exportId,
      originalFilename: decision?.decidedJob?.facts.originalFilename ?? null,
      createdAt: bundle.createdAt.toISOString(),
      paidAt: iso(bundle.paidAt),
      email: bundle.email,
      amountCents: bundle.amountCents,
      currency: bundle.currency,
      paymentIntentId: bundle.paymentIntentId,
      refundedAt: iso(bundle.refundedAt),
      receivedAt: iso(retention?.receivedAt),
      deleteAfter: iso(retention?.deleteAfter),
      expiredAt: iso(retention?.expiredAt),
      sessions: sessions.map((s) => ({
        id: s.id,
        status: s.status,
        paymentStatus: s.paymentStatus,
        createdAt: s.createdAt.toISOString(),
      })),
    };
  }
}
