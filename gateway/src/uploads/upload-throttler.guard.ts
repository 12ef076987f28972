import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { ThrottlerLimitDetail } from '@nestjs/throttler';
import { RateLimitGuard } from '../http/rate-limit.guard';
import { GatewayMetrics } from '../metrics/gateway-metrics';

/** The upload rate limit (the `uploads` throttler), counting each upload it turns away. */
@Injectable()
export class UploadThrottlerGuard extends RateLimitGuard {
  // A property, so the parent's constructor injection stays as @nestjs/throttler declares it.
  @Inject(GatewayMetrics) private readonly metrics!: GatewayMetrics;

  protected readonly sentence = 'Too many uploads from this address. Please wait an hour and try again.';

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    this.metrics.uploadRefused('rate_limited');
    await super.throwThrottlingException(context, detail);
  }
}
