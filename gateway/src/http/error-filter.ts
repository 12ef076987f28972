import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Inject,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ErrorBody, ErrorCode } from '@chatexhibit/proto/errors';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { GatewayMetrics } from '../metrics/gateway-metrics';
import { NOT_FOUND_MESSAGE } from '@chatexhibit/proto/http-api';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { HTTP_ROUTES } from '@chatexhibit/proto/http-routes';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';
import { contentSecurityPolicy, hashSource } from './http-edge';
import { expressPath } from './http-route';
import { LINK_ERROR_STYLE, linkErrorPage } from './link-error-page';

const STATUS_OF: Record<ErrorCode, number> = {
  INVALID_REQUEST: HttpStatus.BAD_REQUEST,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  PAYMENT_REQUIRED: HttpStatus.PAYMENT_REQUIRED,
  CONFLICT: HttpStatus.CONFLICT,
  GONE: HttpStatus.GONE,
  RATE_LIMITED: HttpStatus.TOO_MANY_REQUESTS,
  UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  INTERNAL: HttpStatus.INTERNAL_SERVER_ERROR,
};

/** What a client is told when a service did not answer in time. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is busy or restarting. Please try again in a minute.';

/** The Express paths of the routes whose errors a browser is shown as a page (`errorPage`). */
const ERROR_PAGE_PATHS = new Set(
  Object.values(HTTP_ROUTES)
    .filter((route) => route.errorPage)
    .map(expressPath),
);

/** The error page's policy: the default one, its one inline style allowed by its hash. */
const errorPagePolicy = contentSecurityPolicy({ 'style-src': [hashSource(LINK_ERROR_STYLE)] });

const CODE_OF = (status: number): ErrorCode => {
  const named = (Object.entries(STATUS_OF) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (named) return named[0];
  return status < 500 ? 'INVALID_REQUEST' : 'INTERNAL';
};

/**
 * Every error leaves the API as JSON `{ code, message }` (SPEC §7: the browser shows `message`):
 * bus error codes map to HTTP statuses here, at the edge; nothing internal reaches the client.
 * Each one is counted by route pattern and status. Neither the answer nor the log repeats the
 * request's path or query, which may carry a signed link. A link a person opens from a mail
 * (a route with `errorPage`) answers a browser's navigation with the same status and sentence
 * as a page, since a JSON body in a tab tells that person nothing.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: GatewayMetrics,
    @Inject(GATEWAY_SETTINGS) private readonly settings: Pick<GatewaySettings, 'supportEmail'>,
  ) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    let status: number;
    let body: ErrorBody;
    if (error instanceof HttpException) {
      status = error.getStatus();
      const payload = error.getResponse();
      const message =
        typeof payload === 'object' &&
        payload !== null &&
        'message' in payload &&
        !Array.isArray(payload.message)
          ? String(payload.message)
          : error.message;
      body = {
        code: CODE_OF(status),
        message: unmatched(request, status, message) ? NOT_FOUND_MESSAGE : message,
      };
    } else if (error instanceof BusError && error.reason !== undefined) {
      // A module's refusal: its code, reason and sentence for the user.
      status = STATUS_OF[error.code];
      body = error.toJSON();
    } else if (error instanceof BusError && error.code === 'UNAVAILABLE') {
      // The bus itself: its words name internal subjects, so they stay in the log.
      this.logger.warn({ err: error }, 'a service did not answer');
      status = HttpStatus.SERVICE_UNAVAILABLE;
      body = { code: 'UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE };
    } else {
      this.logger.error({ err: error }, 'request failed');
      status = HttpStatus.INTERNAL_SERVER_ERROR;
      body = { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
    }
    this.metrics.httpError(routeOf(request), status);
    if (response.headersSent) {
      response.end();
      return;
    }
    withRetryAfter(response, status);
    if (wantsErrorPage(request)) {
      errorPagePolicy(request, response, () => undefined);
      response.status(status).type('html').send(linkErrorPage(body.message, this.settings.supportEmail));
      return;
    }
    response.status(status).json(body);
  }
}

/**
 * Every 429 and 503 says when to come back: its thrower's `Retry-After` when it knew (a rate
 * limit's block, the quota's oldest export), else a minute.
 */
export function withRetryAfter(response: Response, status: number): void {
  const busy =
    status === Number(HttpStatus.TOO_MANY_REQUESTS) || status === Number(HttpStatus.SERVICE_UNAVAILABLE);
  if (busy && !response.hasHeader('Retry-After'))
    response.setHeader('Retry-After', String(HTTP_LIMITS.defaultRetryAfterSeconds));
}

/**
 * A browser's navigation to a link of a route with `errorPage`: its Accept header prefers
 * text/html. A bare wildcard, application/json or no Accept at all keep the JSON body.
 */
const wantsErrorPage = (request: Request): boolean =>
  request.route !== undefined &&
  ERROR_PAGE_PATHS.has(String(request.route.path)) &&
  request.accepts(['application/json', 'text/html']) === 'text/html';

/**
 * Nest's own 404 for a request no route matched says "Cannot GET <path and query>", which would
 * echo a signed link's signature into a page or a log; it gets the API's usual sentence instead.
 * (`request.route` cannot tell: the web app's catch-all GET route has set it by then.)
 */
const unmatched = (request: Request, status: number, message: string): boolean =>
  status === Number(HttpStatus.NOT_FOUND) && message.startsWith(`Cannot ${request.method} `);

/** The route pattern a request matched, so that ids in paths do not each make a new series. */
const routeOf = (request: Request): string =>
  request.route ? `${request.method} ${String(request.route.path)}` : 'unmatched';
