import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';

/**
 * Payment calls per client address per hour: a buyer polls 5 times and repairs a few; each
 * checkout reaches Stripe, so a script is stopped well before it costs anything.
 */
export const PAYMENT_CALLS_PER_HOUR = 120;

/** The payment routes' rate limit (the `payments` throttler), with its own sentence. */
@Injectable()
export class PaymentThrottlerGuard extends ThrottlerGuard {
  protected override getErrorMessage(
    _context: ExecutionContext,
    _detail: ThrottlerLimitDetail,
  ): Promise<string> {
    return Promise.resolve('Too many payment requests from this address. Please wait and try again.');
  }
}
