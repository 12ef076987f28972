import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type INestApplication, Module, type Type } from '@nestjs/common';
import { METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { NestFactory } from '@nestjs/core';
import { Registry } from 'prom-client';
import { routePath, type HttpRoute } from '@chatexhibit/proto/contract';
import { HTTP_ROUTES } from '@chatexhibit/proto/http-routes';
import { testCheckoutPath } from '@chatexhibit/proto/payment';
import { InProcessRequestBus } from '@chatexhibit/kit/bus/in-process-request-bus';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import type { Platform } from '@chatexhibit/kit/platform/platform';
import { PlatformModule } from '@chatexhibit/kit/platform/platform.module';
import { LocalObjectStorage } from '@chatexhibit/kit/storage/local-object-storage';
import { GatewayModule } from '../src/gateway.module';
import type { GatewaySettings } from '../src/gateway.settings';
import { DEFAULT_UPLOAD_PACE } from '../src/uploads/receive-upload';
import { type ContractArgument, expressPath, HTTP_ROUTE } from '../src/http/http-route';

/**
 * The inputs a route declares that its handler does not validate with the contract's schema,
 * and why; every other declared input must be validated with it.
 */
const VALIDATED_ELSEWHERE: Partial<
  Record<keyof typeof HTTP_ROUTES, Partial<Record<ContractArgument['part'], string>>>
> = {
  startProcessing: {
    body: 'multipart, streamed to disk; its options field is parsed with the contract schema',
  },
  stripeWebhook: { body: 'the raw body is the signed payload the payment service verifies' },
  signedTranscript: { query: 'the signed link checks its own query (403, not 400)' },
  signedEvidenceZip: { query: 'the signed link checks its own query (403, not 400)' },
  signedAudio: { query: 'the signed link checks its own query (403, not 400)' },
  signedExhibitFile: { query: 'the signed link checks its own query (403, not 400)' },
};

const SETTINGS: GatewaySettings = {
  linkSigningSecret: 'x'.repeat(64),
  supportToken: null,
  supportEmail: null,
  uploadPace: DEFAULT_UPLOAD_PACE,
  minFreeDiskBytes: 0,
  uploadQuotaBytes: 0,
  uploadsPerHour: HTTP_LIMITS.uploadsPerHour,
  internalPort: null,
};
const idle = { start: async () => undefined, close: async () => undefined };

describe('the HTTP contract (proto HTTP_ROUTES) and the gateway', () => {
  let dataDir: string;
  let app: INestApplication | undefined;

  /** The gateway's module in a real Nest application on Express; the adapters are never called. */
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'http-contract-'));
    const logger = createLogger({ part: 'gateway', level: 'silent' });
    const platform = {
      mode: 'standalone',
      logger,
      requestBus: new InProcessRequestBus(logger),
      workQueue: idle,
      progress: idle,
      rateLimits: idle,
      storage: new LocalObjectStorage(dataDir),
      mail: null,
      databaseUrl: null,
      metrics: new Registry(),
    } as unknown as Platform;
    @Module({ imports: [PlatformModule.forRoot(platform), GatewayModule.forRoot(SETTINGS)] })
    class Gateway {}
    app = await NestFactory.create(Gateway, { logger: false });
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves exactly the contract’s routes: the routes Express has are the contract’s, both ways', () => {
    const router = (app!.getHttpAdapter().getInstance() as { router: { stack: Layer[] } }).router;
    const registered = router.stack.flatMap(({ route }) =>
      route ? Object.keys(route.methods).map((method) => `${method.toUpperCase()} ${route.path}`) : [],
    );
    // The web app's catch-all (ServeStaticModule, when frontend/dist is built) is no API route;
    // a route that a middleware is bound to by method (the pages' CSP) is listed once more.
    const api = [...new Set(registered.filter((route) => !/[*{]/.test(route)))];
    const contract = Object.values(HTTP_ROUTES).map((route) => `${route.method} ${expressPath(route)}`);
    expect(api.sort()).toEqual(contract.sort());
  });

  it('has each handler validate the inputs its route declares with the route’s own schemas', () => {
    const controllers = (GatewayModule.forRoot(SETTINGS).controllers ?? []) as Type[];
    const served = new Set<HttpRoute>();
    for (const controller of controllers)
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name] as object;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const route = Reflect.getMetadata(HTTP_ROUTE, handler) as HttpRoute | undefined;
        const args = Object.values(
          (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
            string,
            { data?: unknown }
          >,
        );
        const argTypes = Object.keys(
          (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as object,
        ).map((key) => Number(key.split(':')[0]));
        const where = `${controller.name}.${name}`;
        // Nest's own @Param, @Query and @Body would read input past the contract.
        expect({
          where,
          unchecked: argTypes.filter((type) =>
            [RouteParamtypes.PARAM, RouteParamtypes.QUERY, RouteParamtypes.BODY].includes(type),
          ),
        }).toEqual({ where, unchecked: [] });
        // The kit's health probes and metrics serve every part; the route test above holds them to the contract.
        if (route === undefined) {
          expect(['ProbeController', 'MetricsController']).toContain(controller.name);
          continue;
        }
        served.add(route);
        const key = (Object.keys(HTTP_ROUTES) as (keyof typeof HTTP_ROUTES)[]).find(
          (k) => HTTP_ROUTES[k] === route,
        )!;
        const declared = (['params', 'query', 'body'] as const).filter(
          (part) => route[part] !== undefined && VALIDATED_ELSEWHERE[key]?.[part] === undefined,
        );
        const validated = args
          .map(({ data }) => data as Partial<ContractArgument> | undefined)
          .filter((data): data is ContractArgument => data?.route !== undefined);
        expect(validated.every((data) => data.route === route)).toBe(true);
        expect({ where, validated: validated.map((data) => data.part).sort() }).toEqual({
          where,
          validated: [...declared].sort(),
        });
      }
    // Every route but the kit's is served by a handler that names it.
    const kit: HttpRoute[] = [HTTP_ROUTES.liveness, HTTP_ROUTES.readiness, HTTP_ROUTES.metrics];
    expect(Object.values(HTTP_ROUTES).filter((route) => !served.has(route) && !kit.includes(route))).toEqual(
      [],
    );
  });

  it('builds the paths other parts hand out from the contract', () => {
    expect(testCheckoutPath('cs_test_1')).toBe(
      routePath(HTTP_ROUTES.testCheckoutPage, { sessionId: 'cs_test_1' }),
    );
  });
});

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}
