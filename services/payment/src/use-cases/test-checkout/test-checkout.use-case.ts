import { Injectable } from '@nestjs/common';
import { PAYMENT_ERRORS, TestCheckoutViewSchema } from '@chatexhibit/proto/payment';
import type { TEST_CHECKOUT_COMPLETE_REQUEST, TEST_CHECKOUT_VIEW_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import type { LocalStripe } from '../../domain/local-stripe/local-stripe';
import { StripeAccount } from '../../stripe/stripe-account';

/**
 * The local test checkout page's two requests, without Stripe keys only (NOT_FOUND otherwise,
 * so the page does not exist where real payments are taken): what the page shows, and its
 * buttons. Pay completes the session and answers the signed checkout.session.completed event,
 * which the gateway posts to its own webhook endpoint, as Stripe would; cancel, like Stripe's
 * back link, changes nothing. Neither works once the session has ended (CONFLICT).
 */
@Injectable()
export class TestCheckoutUseCase {
  constructor(private readonly account: StripeAccount) {}

  async view({
    sessionId,
  }: RequestOf<typeof TEST_CHECKOUT_VIEW_REQUEST>): Promise<ResponseOf<typeof TEST_CHECKOUT_VIEW_REQUEST>> {
    this.local();
    const session = await this.retrieve(sessionId);
    return {
      sessionId: session.id,
      amountLabel: `$${((session.amount_total ?? 0) / 100).toFixed(2)}`,
      email: session.customer_email,
      status: TestCheckoutViewSchema.shape.status.parse(session.status),
      cancelUrl: session.cancel_url ?? '/',
    };
  }

  async complete({
    sessionId,
    action,
  }: RequestOf<typeof TEST_CHECKOUT_COMPLETE_REQUEST>): Promise<
    ResponseOf<typeof TEST_CHECKOUT_COMPLETE_REQUEST>
  > {
    const local = this.local();
    const session = await this.retrieve(sessionId);
    if (session.status !== 'open') throw BusError.of(PAYMENT_ERRORS, 'TEST_CHECKOUT_CLOSED');
    if (action === 'cancel') return { redirectUrl: session.cancel_url ?? '/', webhook: null };
    return { redirectUrl: session.success_url ?? '/', webhook: await local.pay(sessionId) };
  }

  private local(): LocalStripe {
    if (!this.account.testCheckout) throw BusError.of(PAYMENT_ERRORS, 'TEST_CHECKOUT_NOT_FOUND');
    return this.account.testCheckout;
  }

  private async retrieve(sessionId: string) {
    try {
      return await this.account.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404)
        throw BusError.of(PAYMENT_ERRORS, 'TEST_CHECKOUT_NOT_FOUND');
      throw error;
    }
  }
}
