import { Injectable } from '@nestjs/common';
import { RateLimitGuard } from '../http/rate-limit.guard';

/** The contact form's rate limit (the `contact` throttler). */
@Injectable()
export class ContactThrottlerGuard extends RateLimitGuard {
  protected readonly sentence = 'Too many messages from this address. Please wait an hour and try again.';
}
