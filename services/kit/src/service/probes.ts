import { Controller, Get, HttpException, HttpStatus, Inject, type Type } from '@nestjs/common';
import type { PartHealth } from '@chatexhibit/proto/health';

/**
 * Liveness and readiness for a process, at `<path>/live` and `<path>/ready`: live while the
 * event loop answers, ready (200) only when `report` says every dependency is up, else 503.
 */
export function probeController(
  path: string,
  reportType: Type<{ report(): Promise<PartHealth> }>,
): Type<unknown> {
  @Controller(path)
  class ProbeController {
    constructor(@Inject(reportType) private readonly health: { report(): Promise<PartHealth> }) {}

    @Get('live')
    live(): { status: 'up' } {
      return { status: 'up' };
    }

    @Get('ready')
    async ready(): Promise<PartHealth> {
      const report = await this.health.report();
      if (report.status !== 'up') throw new HttpException(report, HttpStatus.SERVICE_UNAVAILABLE);
      return report;
    }
  }
  return ProbeController;
}
