import { type DynamicModule, Module, type Type } from '@nestjs/common';
import type { ServiceName } from '@chatexhibit/proto/health';
import type { PartConfig } from '../config/part-config';
import { MetricsController } from '../metrics/metrics.controller';
import { PlatformModule } from '../platform/platform.module';
import { runDistributedPart } from '../platform/run-part';
import { PartHealthService } from './part-health';
import { probeController } from './probes';

/**
 * A service's process in distributed mode: the service module (which re-exports its
 * ServicePartModule) plus liveness/readiness probes at /health/live and /health/ready and its
 * metrics at /metrics, all on HEALTH_PORT. `serviceModule` is given the part's validated
 * configuration, for services that need more than the platform's adapters.
 */
export function runService(
  part: ServiceName,
  serviceModule: (config: PartConfig) => Type<unknown> | DynamicModule,
): Promise<void> {
  return runDistributedPart(part, (platform, config) => {
    @Module({
      imports: [serviceModule(config)],
      controllers: [probeController('health', PartHealthService), MetricsController],
    })
    class ServiceProcessModule {}
    return { module: ServiceProcessModule, imports: [PlatformModule.forRoot(platform)] };
  });
}
