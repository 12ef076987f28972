import { Controller, Get, Inject } from '@nestjs/common';
import type { SiteInfo } from '@chatexhibit/proto/site-info';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';

/** GET /api/site: the support address the pages show, the same one the mails name. */
@Controller('api/site')
export class SiteInfoController {
  constructor(@Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings) {}

  @Get()
  info(): SiteInfo {
    return { supportEmail: this.settings.supportEmail };
  }
}
