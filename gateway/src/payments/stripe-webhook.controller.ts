import { BadRequestException, Controller, Headers, Req } from '@nestjs/common';
import type { Request } from 'express';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { PAYMENT_MESSAGES } from '@chatexhibit/proto/payment';
import { STRIPE_WEBHOOK_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { Route } from '../http/http-route';

/**
 * POST /api/webhooks/stripe: the raw body and its Stripe-Signature header go to the payment
 * service, which verifies and queues the event. 200 once it is queued; 400 for a signature that
 * does not verify; 503 while the payment service cannot answer, so Stripe sends it again later.
 */
@Controller()
export class StripeWebhookController {
  constructor(private readonly requestBus: RequestBus) {}

  // The raw body is the signed payload: the payment service verifies it, no schema here.
  @Route(HTTP_API.stripeWebhook)
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
