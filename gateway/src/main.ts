import 'reflect-metadata';
import { PlatformModule } from '@chatexhibit/kit/platform/platform.module';
import { runDistributedPart } from '@chatexhibit/kit/platform/run-part';
import { GatewayModule } from './gateway.module';

void runDistributedPart('gateway', (platform) => ({
  module: GatewayModule,
  imports: [PlatformModule.forRoot(platform)],
}));
