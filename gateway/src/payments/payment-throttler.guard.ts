import { Injectable } from '@nestjs/common';
import { RateLimitGuard } from '../http/rate-limit.guard';

/**
 * Payment calls per client address per hour: a buyer polls 5 times and repairs a few; each
 * checkout reaches Stripe, so a script is stopped well before it costs anything.
 */
export const PAYMENT_CALLS_PER_HOUR = 120;

/** The payment routes' rate limit (the `payments` throttler). */
@Injectable()
export class PaymentThrottlerGuard extends RateLimitGuard {
  protected readonly sentence = 'Too many payment requests from this address. Please wait and try again.';
}
