import { BadRequestException, Controller, Headers, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PAYMENT_MESSAGES } from '@chatexhibit/proto/payment';
import { STRIPE_WEBHOOK_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';

/** The path Stripe (and the local test checkout) posts events to. */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/**
 * POST /api/webhooks/stripe: the raw body and its Stripe-Signature header go to the payment
 * service, which verifies and queues the event. 200 once it is queued; 400 for a signature that
 * does not verify; 503 while the payment service cannot answer, so Stripe sends it again later.
 */
@Controller('api/webhooks')
export class StripeWebhookController {
  constructor(private readonly requestBus: RequestBus) {}

  @Post('stripe')
  @HttpCode(HttpStatus.OK)
  receive(
    @Req() request: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    const body: unknown = request.body;
    if (!signature || !Buffer.isBuffer(body) || body.length === 0)
      throw new BadRequestException(PAYMENT_MESSAGES.webhookSignature);
    return this.requestBus.request(STRIPE_WEBHOOK_REQUEST, {
      payloadBase64: body.toString('base64'),
      signature,
    });
  }
}
