import { Controller, Inject } from '@nestjs/common';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { SiteInfo } from '@chatexhibit/proto/site-info';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';
import { Route } from '../http/http-route';

/** GET /api/site: the support address the pages show, the same one the mails name. */
@Controller()
export class SiteInfoController {
  constructor(@Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings) {}

  @Route(HTTP_API.siteInfo)
  info(): SiteInfo {
    return { supportEmail: this.settings.supportEmail };
  }
}
