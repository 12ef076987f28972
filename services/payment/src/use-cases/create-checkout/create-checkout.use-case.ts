import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { BUNDLE_PRICE } from '@chatexhibit/proto/constants';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import type { PAYMENT_CHECKOUT_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { BundleRepository } from '../../bundles/bundle.repository';
import { LiveBundles } from '../../bundles/live-bundles';
import { PAYMENT_SETTINGS, type PaymentSettings } from '../../payment.settings';
import { StripeAccount } from '../../stripe/stripe-account';

/** Stripe keeps a Checkout Session open between 30 minutes and 24 hours. */
const SESSION_MIN_S = 30 * 60;
const SESSION_MAX_S = 24 * 60 * 60;

/**
 * POST /api/create-payment-intent: a Stripe Checkout Session for an unpaid bundle, $4.99, the
 * buyer's email filled in, back to `/?success=true&bundleId=…` or `/?cancelled=true`. An open
 * session of the same buyer is offered again rather than a second one; a retried request
 * reaches Stripe with the same idempotency key and gets the same session. A session never
 * outlives the export's retention date, so nobody pays for files about to be deleted.
 */
@Injectable()
export class CreateCheckoutUseCase {
  constructor(
    private readonly bundles: BundleRepository,
    private readonly liveBundles: LiveBundles,
    private readonly account: StripeAccount,
    @Inject(PAYMENT_SETTINGS) private readonly settings: PaymentSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({
    bundleId,
    userEmail,
  }: RequestOf<typeof PAYMENT_CHECKOUT_REQUEST>): Promise<ResponseOf<typeof PAYMENT_CHECKOUT_REQUEST>> {
    const { bundle, retention } = await this.liveBundles.find(bundleId);
    if (bundle.refundedAt) throw BusError.of(PAYMENT_ERRORS, 'REFUNDED');
    if (bundle.paidAt) throw BusError.of(PAYMENT_ERRORS, 'ALREADY_PAID');
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = Math.min(now + SESSION_MAX_S, Math.floor(retention.deleteAfter.getTime() / 1000));
    if (expiresAt < now + SESSION_MIN_S) throw BusError.of(PAYMENT_ERRORS, 'EXPORT_EXPIRED');

    const sessions = await this.bundles.checkoutSessions(bundleId);
    try {
      for (const earlier of sessions.filter((s) => s.status === 'open' && s.email === userEmail).reverse()) {
        const live = await this.account.stripe.checkout.sessions.retrieve(earlier.id);
        if (live.status === 'open' && live.url) return { checkoutUrl: live.url };
      }
      const session = await this.account.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            this.account.priceId
              ? { price: this.account.priceId, quantity: 1 }
              : {
                  quantity: 1,
                  price_data: {
                    currency: BUNDLE_PRICE.currency,
                    unit_amount: BUNDLE_PRICE.amountCents,
                    product_data: {
                      name: 'ChatExhibit export bundle',
                      description: 'PDF transcript and evidence package of one chat export',
                    },
                  },
                },
          ],
          customer_email: userEmail,
          client_reference_id: bundleId,
          metadata: { bundleId, exportId: bundle.exportId },
          success_url: `${this.settings.publicUrl}/?success=true&bundleId=${bundleId}`,
          cancel_url: `${this.settings.publicUrl}/?cancelled=true`,
          expires_at: expiresAt,
        },
        { idempotencyKey: checkoutIdempotencyKey(bundleId, sessions.length, userEmail) },
      );
      if (!session.url) throw new Error('Stripe answered a session without a URL');
      await this.bundles.insertCheckoutSession({
        id: session.id,
        bundleId,
        email: userEmail,
        url: session.url,
        status: session.status ?? 'open',
        paymentStatus: session.payment_status,
      });
      this.logger.info(
        // Not the session id: it opens the session's checkout page.
        { exportReference: exportReference(bundle.exportId) },
        'checkout session created',
      );
      return { checkoutUrl: session.url };
    } catch (error) {
      this.logger.error(
        { err: error, exportReference: exportReference(bundle.exportId) },
        'checkout session could not be created',
      );
      throw BusError.of(PAYMENT_ERRORS, 'CHECKOUT_UNAVAILABLE');
    }
  }
}

/**
 * One key per bundle, attempt and buyer: a retried or doubled request gets the session the
 * first made; a new attempt after the last session ended gets a new one.
 */
const checkoutIdempotencyKey = (bundleId: string, attempt: number, email: string): string =>
  `checkout-${bundleId}-${attempt}-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`;
