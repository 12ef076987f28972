import type { ArgumentsHost } from '@nestjs/common';
import { Registry } from 'prom-client';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import type { Platform } from '@chatexhibit/kit/platform/platform';
import { ErrorFilter, SERVICE_UNAVAILABLE_MESSAGE } from '@chatexhibit/gateway/http/error-filter';
import { GatewayMetrics } from '@chatexhibit/gateway/metrics/gateway-metrics';

/** What the API answers for an error thrown by a handler: status, JSON body and headers set. */
function answerTo(error: unknown): { status: number; body: unknown; headers: Record<string, string> } {
  const filter = new ErrorFilter(
    createLogger({ part: 'test', level: 'silent' }),
    new GatewayMetrics({ metrics: new Registry() } as unknown as Platform),
    { supportEmail: null },
  );
  const answer = { status: 0, body: undefined as unknown, headers: {} as Record<string, string> };
  const response = {
    headersSent: false,
    hasHeader: (name: string) => name.toLowerCase() in answer.headers,
    setHeader(name: string, value: string) {
      answer.headers[name.toLowerCase()] = value;
      return this;
    },
    status(code: number) {
      answer.status = code;
      return this;
    },
    json(body: unknown) {
      answer.body = body;
    },
  };
  const request = { method: 'POST', route: { path: '/api/create-payment-intent' } };
  const host = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  filter.catch(error, host);
  return answer;
}

describe('the API error edge', () => {
  it("answers a module's refusal with its code, reason and sentence", () => {
    expect(answerTo(BusError.of(PAYMENT_ERRORS, 'REFUNDED'))).toEqual({
      status: 409,
      body: { code: 'CONFLICT', reason: 'REFUNDED', message: PAYMENT_ERRORS.REFUNDED.message },
      headers: {},
    });
  });

  it("keeps the bus's own words, which name internal subjects, out of the answer", () => {
    for (const error of [
      new BusError('UNAVAILABLE', 'nobody answers payment.create-checkout'),
      new BusError('UNAVAILABLE', 'no reply on payment.create-checkout within 10000 ms'),
    ]) {
      // Every 503 says when to come back.
      expect(answerTo(error)).toEqual({
        status: 503,
        body: { code: 'UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE },
        headers: { 'retry-after': String(HTTP_LIMITS.defaultRetryAfterSeconds) },
      });
    }
    // A request the gateway itself got wrong is its own fault, not the user's.
    expect(answerTo(new BusError('INVALID_REQUEST', 'invalid request on payment.status: Required'))).toEqual({
      status: 500,
      body: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
      headers: {},
    });
  });
});
