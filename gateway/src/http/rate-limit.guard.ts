import type { ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Response } from 'express';

/**
 * A route's rate limit (one of the @nestjs/throttler throttlers): 429 with its own sentence and
 * a standard `Retry-After` (the throttler's own headers are off: it names them after the
 * throttler, `Retry-After-uploads`, which no client reads). The error filter gives every 429 the
 * code RATE_LIMITED, so every limit answers alike.
 */
export abstract class RateLimitGuard extends ThrottlerGuard {
  /** What a person who hit the limit reads. */
  protected abstract readonly sentence: string;

  protected override getErrorMessage(): Promise<string> {
    return Promise.resolve(this.sentence);
  }

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(detail.timeToBlockExpire));
    await super.throwThrottlingException(context, detail);
  }
}
