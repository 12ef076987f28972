import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { LocalStripe } from './local-stripe/local-stripe';
import { StripeAccount } from './stripe-account';

/**
 * The local test checkout's sessions, for its page: without Stripe keys only (NOT_FOUND
 * otherwise, so the page does not exist where real payments are taken).
 */
@Injectable()
export class TestCheckout {
  constructor(private readonly account: StripeAccount) {}

  /** The LocalStripe and the session as it reports it now; NOT_FOUND for a session it never made. */
  async open(sessionId: string): Promise<{ local: LocalStripe; session: Stripe.Checkout.Session }> {
    const local = this.account.testCheckout;
    if (!local) throw BusError.of(PAYMENT_ERRORS, 'TEST_CHECKOUT_NOT_FOUND');
    try {
      return { local, session: await this.account.stripe.checkout.sessions.retrieve(sessionId) };
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404)
        throw BusError.of(PAYMENT_ERRORS, 'TEST_CHECKOUT_NOT_FOUND');
      throw error;
    }
  }
}
