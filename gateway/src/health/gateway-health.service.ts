import { Inject, Injectable, Optional } from '@nestjs/common';
import { type PartHealth, type PartName, SERVICE_NAMES, type SystemHealth } from '@chatexhibit/proto/health';
import { HEALTH_REQUESTS } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { errorMessage, runHealthChecks } from '@chatexhibit/kit/health/checks';
import type { Platform } from '@chatexhibit/kit/platform/platform';
import { PLATFORM } from '@chatexhibit/kit/platform/platform.module';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { RateLimitStore } from '@chatexhibit/kit/rate-limit/rate-limit-store';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';

const SERVICE_REPLY_TIMEOUT_MS = 3000;

/** The gateway's own dependencies, and the whole system's health as seen over the bus. */
@Injectable()
export class GatewayHealthService {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly requestBus: RequestBus,
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    private readonly rateLimits: RateLimitStore,
    @Optional() private readonly storage?: ObjectStorage,
  ) {}

  /** The gateway's readiness: the bus (with the rate-limit counts) and the storage it streams uploads to. */
  report(): Promise<PartHealth> {
    return runHealthChecks({
      bus: async () => {
        await Promise.all([
          this.requestBus.check(),
          this.workQueue.check(),
          this.progress.check(),
          this.rateLimits.check(),
        ]);
      },
      storage: () =>
        this.storage ? this.storage.check() : Promise.reject(new Error('no storage adapter configured')),
    });
  }

  /** Every part at once; a service that does not answer in time is reported down with why. */
  async system(): Promise<SystemHealth> {
    const services = await Promise.all(
      SERVICE_NAMES.map(async (name): Promise<[PartName, PartHealth]> => {
        try {
          return [
            name,
            await this.requestBus.request(HEALTH_REQUESTS[name], {}, { timeoutMs: SERVICE_REPLY_TIMEOUT_MS }),
          ];
        } catch (error) {
          return [
            name,
            { status: 'down', checks: { reachable: { status: 'down', error: errorMessage(error) } } },
          ];
        }
      }),
    );
    const parts = Object.fromEntries([
      ['gateway', await this.report()],
      ...services,
    ]) as SystemHealth['parts'];
    const status = Object.values(parts).every((p) => p.status === 'up') ? 'up' : 'down';
    return { status, mode: this.platform.mode, parts };
  }
}
