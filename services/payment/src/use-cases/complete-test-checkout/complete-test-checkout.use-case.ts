import { Injectable } from '@nestjs/common';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import type { TEST_CHECKOUT_COMPLETE_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { TestCheckout } from '../../stripe/test-checkout';

/**
 * The local test checkout page's buttons. Pay completes the session and answers the signed
 * checkout.session.completed event, which the gateway posts to its own webhook endpoint, as
 * Stripe would; cancel, like Stripe's back link, changes nothing. Neither works once the
 * session has ended (CONFLICT).
 */
@Injectable()
export class CompleteTestCheckoutUseCase {
  constructor(private readonly testCheckout: TestCheckout) {}

  async execute({
    sessionId,
    action,
  }: RequestOf<typeof TEST_CHECKOUT_COMPLETE_REQUEST>): Promise<
    ResponseOf<typeof TEST_CHECKOUT_COMPLETE_REQUEST>
  > {
    const { local, session } = await this.testCheckout.open(sessionId);
    if (session.status !== 'open') throw BusError.of(PAYMENT_ERRORS, 'TEST_CHECKOUT_CLOSED');
    if (action === 'cancel') return { redirectUrl: session.cancel_url ?? '/', webhook: null };
    return { redirectUrl: session.success_url ?? '/', webhook: await local.pay(sessionId) };
  }
}
