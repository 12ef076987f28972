import { Controller, HttpStatus, Inject, UseGuards } from '@nestjs/common';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import {
  SUPPORT_EXTEND_REQUEST,
  SUPPORT_REFUND_REQUEST,
  SUPPORT_RESEND_REQUEST,
  SUPPORT_STATUS_REQUEST,
} from '@chatexhibit/proto/subjects';
import { RequestBus, type ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';
import { Route, RouteBody, RouteParams, RouteQuery } from '../http/http-route';
import { SupportTokenGuard } from './support-token.guard';

const { supportBundles, supportExtend, supportResend, supportRefund } = HTTP_API;

interface BundleParams {
  bundleId: string;
}

/**
 * Support's operations for `npm run support` (status, extend, resend, refund), forwarded to the
 * payment service; only with the support token, which travels on to the payment service for it
 * to check as well. A bundle id that is not a UUID is a 400 here: support typed it.
 */
@Controller()
@UseGuards(SupportTokenGuard)
export class SupportController {
  /** The token the guard matches (the routes do not exist without one). */
  private readonly supportToken: string;

  constructor(
    private readonly requestBus: RequestBus,
    @Inject(GATEWAY_SETTINGS) settings: Pick<GatewaySettings, 'supportToken'>,
  ) {
    this.supportToken = settings.supportToken!;
  }

  @Route(supportBundles)
  status(
    @RouteQuery(supportBundles) query: { query: string },
  ): Promise<ResponseOf<typeof SUPPORT_STATUS_REQUEST>> {
    return this.requestBus.request(SUPPORT_STATUS_REQUEST, { ...query, supportToken: this.supportToken });
  }

  @Route(supportExtend)
  extend(
    @RouteParams(supportExtend, HttpStatus.BAD_REQUEST) { bundleId }: BundleParams,
    @RouteBody(supportExtend) { months }: { months: number },
  ): Promise<ResponseOf<typeof SUPPORT_EXTEND_REQUEST>> {
    return this.requestBus.request(SUPPORT_EXTEND_REQUEST, {
      bundleId,
      months,
      supportToken: this.supportToken,
    });
  }

  @Route(supportResend)
  resend(
    @RouteParams(supportResend, HttpStatus.BAD_REQUEST) { bundleId }: BundleParams,
  ): Promise<ResponseOf<typeof SUPPORT_RESEND_REQUEST>> {
    return this.requestBus.request(SUPPORT_RESEND_REQUEST, { bundleId, supportToken: this.supportToken });
  }

  @Route(supportRefund)
  refund(
    @RouteParams(supportRefund, HttpStatus.BAD_REQUEST) { bundleId }: BundleParams,
  ): Promise<ResponseOf<typeof SUPPORT_REFUND_REQUEST>> {
    return this.requestBus.request(
      SUPPORT_REFUND_REQUEST,
      { bundleId, supportToken: this.supportToken },
      { timeoutMs: 30_000 },
    );
  }
}
