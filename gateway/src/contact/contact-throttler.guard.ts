import { Injectable } from '@nestjs/common';
import { RateLimitGuard } from '../http/rate-limit.guard';

/** Contact messages per client address per hour: a person writes a few, a script many. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

/** The contact form's rate limit (the `contact` throttler). */
@Injectable()
export class ContactThrottlerGuard extends RateLimitGuard {
  protected readonly sentence = 'Too many messages from this address. Please wait an hour and try again.';
}
