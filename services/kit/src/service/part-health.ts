import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import type { PartHealth, ServiceName } from '@chatexhibit/proto/health';
import { HEALTH_REQUESTS } from '@chatexhibit/proto/subjects';
import { DataSource } from 'typeorm';
import { RequestBus } from '../bus/request-bus';
import { WorkQueue } from '../bus/work-queue';
import { PART_DEPENDENCIES } from '../config/part-config';
import { type HealthCheck, runHealthChecks } from '../health/checks';
import { MailTransport } from '../mail/mail-transport';
import { ProgressChannel } from '../progress/progress-channel';
import { ObjectStorage } from '../storage/object-storage';

export const SERVICE_PART = 'SERVICE_PART';

/**
 * A service's health: every dependency it uses, checked on each report. It answers
 * `health.<service>` on the bus (the gateway's /api/health) and backs the readiness probe.
 */
@Injectable()
export class PartHealthService implements OnModuleInit, OnApplicationShutdown {
  private readonly checks: Record<string, HealthCheck>;

  constructor(
    @Inject(SERVICE_PART) private readonly part: ServiceName,
    private readonly dataSource: DataSource,
    private readonly requestBus: RequestBus,
    workQueue: WorkQueue,
    progress: ProgressChannel,
    @Optional() storage?: ObjectStorage,
    @Optional() mail?: MailTransport,
  ) {
    const needs = PART_DEPENDENCIES[part];
    this.checks = {
      database: async () => {
        await dataSource.query('SELECT 1');
      },
      bus: async () => {
        await Promise.all([requestBus.check(), workQueue.check(), progress.check()]);
      },
    };
    if (needs.storage) this.checks.storage = requiredAdapter('storage', storage, () => storage!.check());
    if (needs.mail) this.checks.mail = requiredAdapter('mail', mail, () => mail!.check());
  }

  onModuleInit(): void {
    this.requestBus.handle(HEALTH_REQUESTS[this.part], () => this.report());
  }

  report(): Promise<PartHealth> {
    return runHealthChecks(this.checks);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

const requiredAdapter = (name: string, adapter: unknown, check: HealthCheck): HealthCheck =>
  adapter ? check : () => Promise.reject(new Error(`no ${name} adapter configured`));
