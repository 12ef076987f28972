import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { ExtendRetentionRequestSchema } from '@chatexhibit/proto/payment';
import {
  SUPPORT_EXTEND_REQUEST,
  SUPPORT_REFUND_REQUEST,
  SUPPORT_RESEND_REQUEST,
  SUPPORT_STATUS_REQUEST,
} from '@chatexhibit/proto/subjects';
import { RequestBus, type ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { parseRequest } from '../http/parse-request';
import { SupportTokenGuard } from './support-token.guard';

export const SupportQuerySchema = z.object({
  query: z.string().trim().min(1, 'query: a bundle id or an email'),
});
export const BundleIdParamSchema = z.uuid('the bundle id must be a UUID');

/**
 * Support's operations for `npm run support` (status, extend, resend, refund), forwarded to the
 * payment service; only with the support token.
 */
@Controller('api/support/bundles')
@UseGuards(SupportTokenGuard)
export class SupportController {
  constructor(private readonly requestBus: RequestBus) {}

  @Get()
  status(@Query() query: unknown): Promise<ResponseOf<typeof SUPPORT_STATUS_REQUEST>> {
    return this.requestBus.request(SUPPORT_STATUS_REQUEST, parseRequest(SupportQuerySchema, query));
  }

  @Post(':bundleId/extend')
  @HttpCode(HttpStatus.OK)
  extend(
    @Param('bundleId') bundleId: string,
    @Body() body: unknown,
  ): Promise<ResponseOf<typeof SUPPORT_EXTEND_REQUEST>> {
    const { months } = parseRequest(ExtendRetentionRequestSchema, body);
    return this.requestBus.request(SUPPORT_EXTEND_REQUEST, {
      bundleId: parseRequest(BundleIdParamSchema, bundleId),
      months,
    });
  }

  @Post(':bundleId/resend')
  @HttpCode(HttpStatus.OK)
  resend(@Param('bundleId') bundleId: string): Promise<ResponseOf<typeof SUPPORT_RESEND_REQUEST>> {
    return this.requestBus.request(SUPPORT_RESEND_REQUEST, {
      bundleId: parseRequest(BundleIdParamSchema, bundleId),
    });
  }

  @Post(':bundleId/refund')
  @HttpCode(HttpStatus.OK)
  refund(@Param('bundleId') bundleId: string): Promise<ResponseOf<typeof SUPPORT_REFUND_REQUEST>> {
    return this.requestBus.request(
      SUPPORT_REFUND_REQUEST,
      { bundleId: parseRequest(BundleIdParamSchema, bundleId) },
      { timeoutMs: 30_000 },
    );
  }
}
