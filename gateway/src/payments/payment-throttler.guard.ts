import { Injectable } from '@nestjs/common';
import { RateLimitGuard } from '../http/rate-limit.guard';

/** The payment routes' rate limit (the `payments` throttler). */
@Injectable()
export class PaymentThrottlerGuard extends RateLimitGuard {
  protected readonly sentence = 'Too many payment requests from this address. Please wait and try again.';
}
