import { Injectable } from '@nestjs/common';
import { TestCheckoutViewSchema } from '@chatexhibit/proto/payment';
import type { TEST_CHECKOUT_VIEW_REQUEST } from '@chatexhibit/proto/subjects';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { TestCheckout } from '../../stripe/test-checkout';

/** What the local test checkout page shows of a session: its amount, email and status. */
@Injectable()
export class ViewTestCheckoutUseCase {
  constructor(private readonly testCheckout: TestCheckout) {}

  async execute({
    sessionId,
  }: RequestOf<typeof TEST_CHECKOUT_VIEW_REQUEST>): Promise<ResponseOf<typeof TEST_CHECKOUT_VIEW_REQUEST>> {
    const { session } = await this.testCheckout.open(sessionId);
    return {
      sessionId: session.id,
      amountLabel: `$${((session.amount_total ?? 0) / 100).toFixed(2)}`,
      email: session.customer_email,
      status: TestCheckoutViewSchema.shape.status.parse(session.status),
      cancelUrl: session.cancel_url ?? '/',
    };
  }
}
