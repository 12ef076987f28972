import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { PAYMENT_SETTINGS, type PaymentSettings } from '../payment.settings';
import { SweepRetentionUseCase } from './use-cases/sweep-retention/sweep-retention.use-case';

/**
 * Runs the retention sweep once the service is up and then every interval (an hour by default),
 * never two at once in this process. Replicas sweeping together do no harm: a second sweep finds
 * the exports marked, or tells the services again, which changes nothing.
 */
@Injectable()
export class RetentionSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly sweepRetention: SweepRetentionUseCase,
    @Inject(PAYMENT_SETTINGS) private readonly settings: PaymentSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.sweep(), this.settings.retentionSweepIntervalMs);
    this.timer.unref();
    this.sweep();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private sweep(): void {
    this.running = this.running.then(async () => {
      try {
        await this.sweepRetention.execute();
      } catch (error) {
        this.logger.error({ err: error }, 'retention sweep failed; the next one tries again');
      }
    });
  }
}
