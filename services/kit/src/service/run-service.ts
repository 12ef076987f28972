import { Module, type Type } from '@nestjs/common';
import type { ServiceName } from '@chatexhibit/proto/health';
import { MetricsController } from '../metrics/metrics.controller';
import { PlatformModule } from '../platform/platform.module';
import { runDistributedPart } from '../platform/run-part';
import { PartHealthService } from './part-health';
import { probeController } from './probes';

/**
 * A service's process in distributed mode: the service module (which re-exports its
 * ServicePartModule) plus liveness/readiness probes at /health/live and /health/ready and its
 * metrics at /metrics, all on HEALTH_PORT.
 */
export function runService(part: ServiceName, serviceModule: Type<unknown>): Promise<void> {
  return runDistributedPart(part, (platform) => {
    @Module({
      imports: [serviceModule],
      controllers: [probeController('health', PartHealthService), MetricsController],
    })
    class ServiceProcessModule {}
    return { module: ServiceProcessModule, imports: [PlatformModule.forRoot(platform)] };
  });
}
