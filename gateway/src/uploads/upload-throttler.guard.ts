import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { GatewayMetrics } from '../metrics/gateway-metrics';

/** The upload rate limit (@nestjs/throttler), counting each upload it turns away. */
@Injectable()
export class UploadThrottlerGuard extends ThrottlerGuard {
  // A property, so the parent's constructor injection stays as @nestjs/throttler declares it.
  @Inject(GatewayMetrics) private readonly metrics!: GatewayMetrics;

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    this.metrics.uploadRefused('rate_limited');
    await super.throwThrottlingException(context, detail);
  }
}
