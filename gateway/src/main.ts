import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { PlatformModule } from '@chatexhibit/kit/platform/platform.module';
import { runDistributedPart } from '@chatexhibit/kit/platform/run-part';
import { GatewayModule } from './gateway.module';
import { configureHttpEdge, listenInternal } from './http/http-edge';

@Module({})
class GatewayProcessModule {}

void runDistributedPart(
  'gateway',
  (platform, config) => ({
    module: GatewayProcessModule,
    imports: [
      PlatformModule.forRoot(platform),
      // loadPartConfig requires LINK_SIGNING_SECRET of the gateway and reads its upload limits and quota.
      GatewayModule.forRoot({
        linkSigningSecret: config.linkSigningSecret!,
        supportToken: config.supportToken ?? null,
        supportEmail: config.siteSupportEmail ?? null,
        uploadPace: config.uploadPace!,
        minFreeDiskBytes: config.minFreeDiskBytes!,
        uploadQuotaBytes: config.uploadQuotaBytes!,
        uploadsPerHour: config.uploadsPerHour!,
        internalPort: config.internalPort ?? null,
      }),
    ],
  }),
  (app, config) => configureHttpEdge(app, { trustProxy: config.trustProxy ?? false }),
  async (app, config) => {
    if (config.internalPort) await listenInternal(app, config.internalPort);
  },
);
