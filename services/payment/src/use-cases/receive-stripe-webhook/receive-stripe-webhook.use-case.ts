import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import { STRIPE_EVENT_JOB, type STRIPE_WEBHOOK_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { StripeAccount } from '../../stripe/stripe-account';

/** The checkout events that can change a bundle; any other type is acknowledged and ignored. */
export const CHECKOUT_EVENT_TYPES: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/**
 * POST /api/webhooks/stripe, forwarded by the gateway: the signature is verified on the raw body
 * with the Stripe SDK (a forged, altered or stale one is refused, 400, with no effect), then a
 * checkout event is queued durably and acknowledged. Its effect happens once, in
 * SyncCheckoutSessionUseCase; an event that cannot be queued is not acknowledged, so Stripe
 * sends it again.
 */
@Injectable()
export class ReceiveStripeWebhookUseCase {
  constructor(
    private readonly account: StripeAccount,
    private readonly workQueue: WorkQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({
    payloadBase64,
    signature,
  }: RequestOf<typeof STRIPE_WEBHOOK_REQUEST>): Promise<ResponseOf<typeof STRIPE_WEBHOOK_REQUEST>> {
    let event: Stripe.Event;
    try {
      event = this.account.stripe.webhooks.constructEvent(
        Buffer.from(payloadBase64, 'base64'),
        signature,
        this.account.webhookSecret,
      );
    } catch (error) {
      this.logger.warn(
        { reason: (error as Error).message },
        'refused a webhook whose signature does not verify',
      );
      throw BusError.of(PAYMENT_ERRORS, 'WEBHOOK_SIGNATURE_INVALID');
    }
    const sessionId = (event.data.object as { id?: unknown }).id;
    if (!CHECKOUT_EVENT_TYPES.has(event.type) || typeof sessionId !== 'string') {
      this.logger.info({ eventId: event.id, type: event.type }, 'webhook event ignored');
      return { received: true };
    }
    await this.workQueue.enqueue(STRIPE_EVENT_JOB, { eventId: event.id, type: event.type, sessionId });
    // The export's reference, not the session id: a session id opens its checkout page.
    const { exportId } = (event.data.object as { metadata?: { exportId?: unknown } }).metadata ?? {};
    this.logger.info(
      {
        eventId: event.id,
        type: event.type,
        exportReference: typeof exportId === 'string' ? exportReference(exportId) : undefined,
      },
      'webhook event queued',
    );
    return { received: true };
  }
}
