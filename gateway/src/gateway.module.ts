import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  type DynamicModule,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ServeStaticModule } from '@nestjs/serve-static';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Response } from 'express';
import { HTTP_ROUTES } from '@chatexhibit/proto/http-routes';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { isPagePath } from '@chatexhibit/proto/site';
import { MetricsController } from '@chatexhibit/kit/metrics/metrics.controller';
import { RateLimitStore } from '@chatexhibit/kit/rate-limit/rate-limit-store';
import { probeController } from '@chatexhibit/kit/service/probes';
import { DownloadCodes } from './access/download-codes';
import { ExportBinding } from './access/export-binding';
import { ForgetDeviceController } from './access/forget-device.controller';
import { ContactController } from './contact/contact.controller';
import { SubmitContactMessageService } from './contact/submit-contact-message.service';
import { ApiDocsController } from './api-docs/api-docs.controller';
import { API_DOCS_STYLE } from './api-docs/api-docs-page';
import { GATEWAY_SETTINGS, type GatewaySettings } from './gateway.settings';
import { GatewayHealthService } from './health/gateway-health.service';
import { SystemHealthController } from './health/system-health.controller';
import { ExhibitsController } from './exhibits/exhibits.controller';
import { ExhibitsService } from './exhibits/exhibits.service';
import { ErrorFilter } from './http/error-filter';
import { contentSecurityPolicy, hashSource } from './http/http-edge';
import { expressPath } from './http/http-route';
import { InternalEndpointsGuard } from './http/internal-endpoints.guard';
import { FormBodyMiddleware } from './http/form-body.middleware';
import { JsonBodyMiddleware } from './http/json-body.middleware';
import { RawBodyMiddleware } from './http/raw-body.middleware';
import { PaymentsController } from './payments/payments.controller';
import { PaymentsService } from './payments/payments.service';
import { StripeWebhookController } from './payments/stripe-webhook.controller';
import { TestCheckoutController } from './payments/test-checkout.controller';
import { TEST_CHECKOUT_STYLE } from './payments/test-checkout-page';
import { SiteInfoController } from './site/site-info.controller';
import { SourceArchiveController } from './site/source-archive.controller';
import { SupportController } from './support/support.controller';
import { GatewayMetrics } from './metrics/gateway-metrics';
import { ProcessStatusController } from './progress/process-status.controller';
import { DeleteExportController } from './results/delete-export.controller';
import { ExportResultsController } from './results/export-results.controller';
import { LinksMailController } from './results/links-mail.controller';
import { ExportResultsService } from './results/export-results.service';
import { StartProcessingController } from './uploads/start-processing.controller';
import { StartProcessingService } from './uploads/start-processing.service';
import { UploadsInFlight } from './uploads/uploads-in-flight';

/** The SPA build (frontend/dist), served for every path outside /api and /metrics. */
export const WEB_ROOT = path.resolve(__dirname, '..', '..', 'frontend', 'dist');

/** The routes whose body is parsed as JSON; the Stripe webhook's is kept raw, to verify its signature. */
const JSON_BODY_ROUTES = Object.values(HTTP_ROUTES).filter(
  (route) => route.body?.mediaType === 'application/json' && route !== HTTP_ROUTES.stripeWebhook,
);

/** The routes that take an HTML form's body: a mailed link's signature, posted from its fragment. */
const FORM_BODY_ROUTES = Object.values(HTTP_ROUTES).filter(
  (route) => route.body?.mediaType === 'application/x-www-form-urlencoded',
);

const SPA_INDEX = path.join(WEB_ROOT, 'index.html');

/** Vite's build output whose names carry their content's hash: a name never changes content. */
const HASHED_ASSETS = path.join(WEB_ROOT, 'assets') + path.sep;

/**
 * The SPA's index.html answers every path outside the API, so that the browser's router shows
 * the page; at a path where the web app has no page it shows the 404 page, sent with status 404.
 * Hashed assets are cached for a year as they are; every other file (index.html first, which
 * names the current assets) is checked with the server on each use.
 */
function spaHeaders(response: Response, filePath: string): void {
  if (filePath === SPA_INDEX && !isPagePath(response.req.path)) response.status(404);
  response.setHeader(
    'Cache-Control',
    filePath.startsWith(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

const spa: DynamicModule[] = existsSync(WEB_ROOT)
  ? [
      ServeStaticModule.forRoot({
        rootPath: WEB_ROOT,
        exclude: ['/api/{*path}', '/metrics'],
        serveStaticOptions: { setHeaders: spaHeaders },
      }),
    ]
  : [];

/**
 * The HTTP edge: SPEC §7's API (uploads, progress, results, exhibits, payments, contact), the Stripe webhook
 * and the local test checkout, signed downloads, health, API docs, the process's metrics, the SPA.
 */
@Module({})
export class GatewayModule implements NestModule {
  static forRoot(settings: GatewaySettings): DynamicModule {
    const probes = probeController('api/health', GatewayHealthService);
    return {
      module: GatewayModule,
      imports: [
        ...spa,
        ThrottlerModule.forRootAsync({
          inject: [RateLimitStore],
          // Counted in the store every replica shares, per client address as TRUST_PROXY makes it.
          useFactory: (storage: RateLimitStore) => ({
            storage,
            // RateLimitGuard answers Retry-After itself; the per-throttler headers are nobody's.
            setHeaders: false,
            throttlers: [
              { name: 'uploads', ttl: 60 * 60 * 1000, limit: settings.uploadsPerHour },
              { name: 'contact', ttl: 60 * 60 * 1000, limit: HTTP_LIMITS.contactMessagesPerHour },
              { name: 'payments', ttl: 60 * 60 * 1000, limit: HTTP_LIMITS.paymentCallsPerHour },
              { name: 'exhibits', ttl: 60 * 60 * 1000, limit: HTTP_LIMITS.exhibitsPerHour },
            ],
          }),
        }),
      ],
      controllers: [
        SystemHealthController,
        probes,
        StartProcessingController,
        ProcessStatusController,
        ExportResultsController,
        DeleteExportController,
        LinksMailController,
        ForgetDeviceController,
        ExhibitsController,
        ContactController,
        SiteInfoController,
        SourceArchiveController,
        PaymentsController,
        StripeWebhookController,
        TestCheckoutController,
        SupportController,
        ApiDocsController,
        MetricsController,
      ],
      providers: [
        { provide: GATEWAY_SETTINGS, useValue: settings },
        { provide: APP_FILTER, useClass: ErrorFilter },
        {
          provide: APP_GUARD,
          useValue: new InternalEndpointsGuard(
            [SystemHealthController, probes, MetricsController],
            settings.internalPort,
          ),
        },
        GatewayHealthService,
        GatewayMetrics,
        StartProcessingService,
        {
          provide: UploadsInFlight,
          useValue: new UploadsInFlight(settings.uploadPace.graceMs),
        },
        ExportResultsService,
        ExportBinding,
        DownloadCodes,
        ExhibitsService,
        SubmitContactMessageService,
        PaymentsService,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(JsonBodyMiddleware)
      .forRoutes(...JSON_BODY_ROUTES.map((route) => expressPath(route).slice(1)));
    consumer.apply(FormBodyMiddleware).forRoutes(
      ...FORM_BODY_ROUTES.map((route) => ({
        path: expressPath(route).slice(1),
        method: RequestMethod[route.method],
      })),
    );
    consumer.apply(RawBodyMiddleware).forRoutes(expressPath(HTTP_ROUTES.stripeWebhook).slice(1));
    // The pages the gateway renders itself carry one inline style each, allowed by its hash.
    consumer
      .apply(contentSecurityPolicy({ 'style-src': [hashSource(API_DOCS_STYLE)] }))
      .forRoutes({ path: HTTP_ROUTES.apiDocsPage.path.slice(1), method: RequestMethod.GET });
    consumer
      .apply(
        contentSecurityPolicy({
          'style-src': [hashSource(TEST_CHECKOUT_STYLE)],
          // Pay and Cancel answer 303 to PUBLIC_URL, which may be another origin than this one.
          'form-action': ["'self'", 'http:', 'https:'],
        }),
      )
      .forRoutes(TestCheckoutController);
  }
}
