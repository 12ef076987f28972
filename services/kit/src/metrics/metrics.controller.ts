import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Registry } from 'prom-client';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/platform.module';

/** GET /metrics: the process's registry in Prometheus's text format, for a scraper. */
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Get()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  scrape(): Promise<string> {
    return this.platform.metrics.metrics();
  }
}
