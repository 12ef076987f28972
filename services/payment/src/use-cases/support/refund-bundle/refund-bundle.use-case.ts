import { Inject, Injectable } from '@nestjs/common';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import type { SUPPORT_REFUND_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { BundleRepository } from '../../../bundles/bundle.repository';
import { StripeAccount } from '../../../stripe/stripe-account';
import type { SupportOperation } from '../support-token';

/** Support's `refund`: refunds a bundle's payment through Stripe and locks its export again. */
@Injectable()
export class RefundBundleUseCase {
  constructor(
    private readonly bundles: BundleRepository,
    private readonly account: StripeAccount,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({
    bundleId,
  }: SupportOperation<typeof SUPPORT_REFUND_REQUEST>): Promise<ResponseOf<typeof SUPPORT_REFUND_REQUEST>> {
    const bundle = await this.bundles.findBundle(bundleId);
    if (!bundle) throw BusError.of(PAYMENT_ERRORS, 'BUNDLE_NOT_FOUND');
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
}
