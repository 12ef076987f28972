import { BadGatewayException, Controller, HttpStatus, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { PaymentErrorReason } from '@chatexhibit/proto/payment';
import { TEST_CHECKOUT_COMPLETE_REQUEST, TEST_CHECKOUT_VIEW_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { Route, RouteParams } from '../http/http-route';
import { testCheckoutEndedPage, testCheckoutPage } from './test-checkout-page';

const ENDED: PaymentErrorReason = 'TEST_CHECKOUT_CLOSED';

/**
 * The local test checkout (no Stripe keys; the payment service answers 404 otherwise, so the
 * page does not exist where real payments are taken). Pay posts the signed event to this
 * gateway's own webhook endpoint, the very path Stripe's events take, then sends the browser to
 * the success URL; cancel sends it to the cancel URL. Both with 303, as Stripe does.
 */
@Controller()
export class TestCheckoutController {
  constructor(private readonly requestBus: RequestBus) {}

  @Route(HTTP_API.testCheckoutPage)
  async page(
    @RouteParams(HTTP_API.testCheckoutPage) { sessionId }: SessionParams,
    @Res() response: Response,
  ): Promise<void> {
    const view = await this.requestBus.request(TEST_CHECKOUT_VIEW_REQUEST, { sessionId });
    sendPage(response, HttpStatus.OK, testCheckoutPage(view));
  }

  @Route(HTTP_API.testCheckoutPay)
  pay(
    @RouteParams(HTTP_API.testCheckoutPay) { sessionId }: SessionParams,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.complete(sessionId, 'pay', request, response);
  }

  @Route(HTTP_API.testCheckoutCancel)
  cancel(
    @RouteParams(HTTP_API.testCheckoutCancel) { sessionId }: SessionParams,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.complete(sessionId, 'cancel', request, response);
  }

  private async complete(
    sessionId: string,
    action: 'pay' | 'cancel',
    request: Request,
    response: Response,
  ): Promise<void> {
    let completed;
    try {
      completed = await this.requestBus.request(
        TEST_CHECKOUT_COMPLETE_REQUEST,
        { sessionId, action },
        { timeoutMs: 30_000 },
      );
    } catch (error) {
      // A person pressed a button of an ended checkout: a page, not the API's JSON.
      if (error instanceof BusError && error.reason === ENDED)
        return sendPage(response, HttpStatus.CONFLICT, testCheckoutEndedPage());
      throw error;
    }
    const { redirectUrl, webhook } = completed;
    if (webhook) {
      // This very process, on the port the browser reached: the webhook takes Stripe's path in.
      const delivered = await fetch(
        `http://127.0.0.1:${request.socket.localPort}${HTTP_API.stripeWebhook.path}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': webhook.signature },
          body: webhook.payload,
        },
      );
      if (!delivered.ok)
        throw new BadGatewayException(
          `The test webhook was refused (${delivered.status}). Please try again.`,
        );
    }
    response.redirect(303, redirectUrl);
  }
}

interface SessionParams {
  sessionId: string;
}

function sendPage(response: Response, status: HttpStatus, html: string): void {
  response.status(status).set({ 'Content-Type': 'text/html; charset=utf-8' }).send(html);
}
