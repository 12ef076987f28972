import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SystemHealth } from '@chatexhibit/proto/health';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { withRetryAfter } from '../http/error-filter';
import { Route } from '../http/http-route';
import { GatewayHealthService } from './gateway-health.service';

/** GET /api/health: each of the seven parts and its state; 200 when all are up, else 503. */
@Controller()
export class SystemHealthController {
  constructor(private readonly health: GatewayHealthService) {}

  @Route(HTTP_API.systemHealth)
  async system(@Res({ passthrough: true }) response: Response): Promise<SystemHealth> {
    const report = await this.health.system();
    response.status(report.status === 'up' ? 200 : 503);
    withRetryAfter(response, response.statusCode);
    return report;
  }
}
