import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SystemHealth } from '@chatexhibit/proto/health';
import { GatewayHealthService } from './gateway-health.service';

/** GET /api/health: each of the seven parts and its state; 200 when all are up, else 503. */
@Controller('api/health')
export class SystemHealthController {
  constructor(private readonly health: GatewayHealthService) {}

  @Get()
  async system(@Res({ passthrough: true }) response: Response): Promise<SystemHealth> {
    const report = await this.health.system();
    response.status(report.status === 'up' ? 200 : 503);
    return report;
  }
}
