import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * A route's rate limit (one of the @nestjs/throttler throttlers): 429 with its own sentence. The
 * error filter gives every 429 the code RATE_LIMITED, so every limit answers alike.
 */
export abstract class RateLimitGuard extends ThrottlerGuard {
  /** What a person who hit the limit reads. */
  protected abstract readonly sentence: string;

  protected override getErrorMessage(): Promise<string> {
    return Promise.resolve(this.sentence);
  }
}
