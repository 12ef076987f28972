import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { RequestBus } from '../bus/request-bus';
import { WorkQueue } from '../bus/work-queue';
import { MailTransport } from '../mail/mail-transport';
import { ProgressChannel } from '../progress/progress-channel';
import { RateLimitStore } from '../rate-limit/rate-limit-store';
import { ObjectStorage } from '../storage/object-storage';
import type { Platform } from './platform';

export const PLATFORM = 'PLATFORM';
export const LOGGER = 'LOGGER';
export const DATABASE_URL = 'DATABASE_URL';

/**
 * Starts the bus once every part has registered its handlers (onModuleInit runs before any
 * onApplicationBootstrap), and on shutdown stops taking work and lets jobs in hand finish
 * before the parts close their databases.
 */
@Injectable()
class PlatformLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.platform.requestBus.start();
    await this.platform.workQueue.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.platform.workQueue.close();
    await this.platform.requestBus.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.platform.progress.close();
    await this.platform.rateLimits?.close();
    await this.platform.mail?.close();
  }
}

/** Makes the platform's adapters injectable everywhere, by their abstract classes. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(platform: Platform): DynamicModule {
    const providers: Provider[] = [
      { provide: PLATFORM, useValue: platform },
      { provide: LOGGER, useValue: platform.logger },
      { provide: RequestBus, useValue: platform.requestBus },
      { provide: WorkQueue, useValue: platform.workQueue },
      { provide: ProgressChannel, useValue: platform.progress },
      PlatformLifecycle,
    ];
    if (platform.rateLimits) providers.push({ provide: RateLimitStore, useValue: platform.rateLimits });
    if (platform.storage) providers.push({ provide: ObjectStorage, useValue: platform.storage });
    if (platform.mail) providers.push({ provide: MailTransport, useValue: platform.mail });
    if (platform.databaseUrl) providers.push({ provide: DATABASE_URL, useValue: platform.databaseUrl });
    return {
      module: PlatformModule,
      providers,
      exports: providers.filter((p) => p !== PlatformLifecycle),
    };
  }
}
