import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';

/** Contact messages per client address per hour: a person writes a few, a script many. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

/** The contact form's rate limit (the `contact` throttler), with its own sentence. */
@Injectable()
export class ContactThrottlerGuard extends ThrottlerGuard {
  protected override getErrorMessage(
    _context: ExecutionContext,
    _detail: ThrottlerLimitDetail,
  ): Promise<string> {
    return Promise.resolve('Too many messages from this address. Please wait an hour and try again.');
  }
}
