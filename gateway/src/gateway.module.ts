import { existsSync } from 'node:fs';
import path from 'node:path';
import { type DynamicModule, Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { probeController } from '@chatexhibit/kit/service/probes';
import { GatewayHealthService } from './health/gateway-health.service';
import { SystemHealthController } from './health/system-health.controller';

/** The SPA build (frontend/dist), served for every path outside /api. */
export const WEB_ROOT = path.resolve(__dirname, '..', '..', 'frontend', 'dist');

const spa: DynamicModule[] = existsSync(WEB_ROOT)
  ? [ServeStaticModule.forRoot({ rootPath: WEB_ROOT, exclude: ['/api/{*path}'] })]
  : [];

/** The HTTP edge: health now; the SPEC §7 API, uploads and SSE with their issues. */
@Module({
  imports: [...spa],
  controllers: [SystemHealthController, probeController('api/health', GatewayHealthService)],
  providers: [GatewayHealthService],
})
export class GatewayModule {}
