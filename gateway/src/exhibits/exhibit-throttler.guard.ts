import { Injectable } from '@nestjs/common';
import { RateLimitGuard } from '../http/rate-limit.guard';

/** Making exhibits' rate limit (the `exhibits` throttler): each draws PDFs. */
@Injectable()
export class ExhibitThrottlerGuard extends RateLimitGuard {
  protected readonly sentence = 'Too many exhibits from this address. Please wait an hour and try again.';
}
