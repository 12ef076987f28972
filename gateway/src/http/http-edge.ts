import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import compression from 'compression';
import helmet from 'helmet';
import type { TrustProxy } from '@chatexhibit/kit/config/trust-proxy';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';

/**
 * Time for a request's headers to arrive; the body has its own bounds (below, an upload's
 * `UPLOAD_PACE`, and `BODY_TIMEOUT_MS` for every other body).
 */
export const HEADERS_TIMEOUT_MS = 20_000;

/**
 * Time for a whole request to arrive: a 100 MB upload over a slow phone connection (about
 * 0.5 Mbit/s) still fits; one that stalls or trickles is cut much sooner by the upload's pace.
 */
export const REQUEST_TIMEOUT_MS = 30 * 60 * 1000;

type Directives = Record<string, string[]>;

/**
 * The web app's and API's Content-Security-Policy: scripts and styles only from this origin
 * (the SPA build has no inline script or style), nothing embeds the pages, forms post here.
 */
const DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The policy with some directives replaced, for a page the gateway renders itself. */
export const contentSecurityPolicy = (replaced: Directives = {}): RequestHandler =>
  helmet.contentSecurityPolicy({ useDefaults: false, directives: { ...DIRECTIVES, ...replaced } });

/** A CSP source that allows exactly this inline text (a `<style>` element's content). */
export const hashSource = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const headers = helmet({
  contentSecurityPolicy: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Sent only over TLS, below: over plain HTTP (standalone on a laptop) it would mean nothing.
  strictTransportSecurity: false,
});

const hsts = helmet.strictTransportSecurity({ maxAge: 365 * 24 * 60 * 60, includeSubDomains: false });

/** `req.secure` believes `X-Forwarded-Proto` only from the proxies `TRUST_PROXY` names. */
const hstsOverTls = (request: Request, response: Response, next: NextFunction): void =>
  request.secure ? hsts(request, response, next) : next();

/**
 * The API's answers carry chat data, links and payment state: no cache keeps them. Set before
 * any route runs, so that errors carry it too; the few static answers (the API docs) are small.
 */
const noStore = (_request: Request, response: Response, next: NextFunction): void => {
  response.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * The web app's files go compressed (gzip or brotli, as the browser accepts). API answers do not:
 * they mix a page's secrets (signed links, chat data) with what a request sends, which
 * compression would let an onlooker guess at by size; the progress stream (under /api too) is never held back in a compressor's buffer.
 */
const compressWebApp = compression();
/** Under /api in any letter case, as Express routes it. */
const API_PATH = /^\/api(\/|$)/i;
const compressOutsideApi = (request: Request, response: Response, next: NextFunction): void => {
  if (API_PATH.test(request.path)) next();
  else void compressWebApp(request, response, next);
};

/**
 * What every gateway process (distributed or standalone) does to its HTTP server before it
 * listens: which proxies to believe about the client, security headers on every answer, the
 * web app's files compressed, no caching under /api, and bounds on how long a request may take
 * to arrive. A hop count in TRUST_PROXY is warned about: it believes X-Forwarded-For from any
 * peer that reaches the process directly.
 */
export function configureHttpEdge(app: NestExpressApplication, settings: { trustProxy: TrustProxy }): void {
  app.set('trust proxy', settings.trustProxy);
  app.use(headers, contentSecurityPolicy(), hstsOverTls, compressOutsideApi);
  app.use('/api', noStore);
  boundRequestTimes(app.getHttpServer() as Server);
  if (typeof settings.trustProxy === 'number')
    app
      .get<string, Logger>(LOGGER)
      .warn(
        { trustProxy: settings.trustProxy },
        "TRUST_PROXY is a number of hops: X-Forwarded-For is believed from any peer that reaches this process directly, so the rate limits and the hiding of /metrics and health rest on nothing else reaching it. Set the proxies' addresses or CIDR ranges instead.",
      );
}

function boundRequestTimes(server: Server): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
}

/**
 * With INTERNAL_PORT, a second listener of the same app on that port, where alone /metrics and
 * the health endpoints answer (InternalEndpointsGuard): the public port never serves them,
 * whatever a proxy in front does or does not forward. It closes with the app.
 */
export async function listenInternal(
  app: NestExpressApplication,
  port: number,
  host?: string,
): Promise<void> {
  const internal = createServer(app.getHttpAdapter().getInstance() as Parameters<typeof createServer>[1]);
  boundRequestTimes(internal);
  await new Promise<void>((resolve, reject) => {
    internal.once('error', reject);
    internal.listen(port, host, resolve);
  });
  (app.getHttpServer() as Server).once('close', () => {
    internal.close();
    internal.closeAllConnections();
  });
}
