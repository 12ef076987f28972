import {
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
  type RouteConfig,
  zodToOpenAPIRegistry,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { HttpRoute } from '@chatexhibit/proto/contract';
import { ErrorBodySchema } from '@chatexhibit/proto/errors';
import { BinarySchema } from '@chatexhibit/proto/http-api';
import { HTTP_ROUTES, HTTP_ROUTE_SCHEMAS } from '@chatexhibit/proto/http-routes';

/**
 * Names a proto schema in the document: it becomes a component, referenced wherever it occurs,
 * nested ones included (ChatData inside ProgressEvent). `registry.register` would need
 * `.openapi()` on the schema and name only a copy; this tags the very instance instead, with
 * the metadata `.openapi(name)` records. Tagging is idempotent and changes no parsing.
 */
function name(refId: string, schema: z.ZodType): void {
  zodToOpenAPIRegistry.add(schema, { _internal: { refId } });
}

/** The API's revision, raised when a route or a schema changes incompatibly. */
export const API_VERSION = '1.0.0';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** One route's operation, every part of it from the contract. */
function operation(route: HttpRoute): RouteConfig {
  const answer = ({
    description,
    mediaType = 'application/json',
    schema,
  }: HttpRoute['responses'][number]) => ({
    description,
    ...(schema || mediaType !== 'application/json'
      ? { content: { [mediaType]: { schema: schema ?? BinarySchema } } }
      : {}),
  });
  const responses: Record<number, ResponseConfig> = Object.fromEntries([
    ...Object.entries(route.responses).map(([status, response]) => [status, answer(response)]),
    ...Object.entries(route.errors ?? {}).map(([status, description]) => {
      const error = answer({ description, schema: ErrorBodySchema });
      // A browser opening such a link is answered with a page instead (`errorPage`).
      const page = { 'text/html': { schema: z.string() } };
      return [status, route.errorPage ? { ...error, content: { ...error.content, ...page } } : error];
    }),
  ]);
  const body = route.body && {
    required: true,
    content: {
      [route.body.mediaType]: {
        schema: route.body.schema,
        // A multipart form's fields other than files are JSON strings.
        ...(route.body.mediaType === 'multipart/form-data' && {
          encoding: Object.fromEntries(
            Object.entries(route.body.schema.shape)
              .filter(([, field]) => field !== BinarySchema)
              .map(([field]) => [field, { contentType: 'application/json' }]),
          ),
        }),
      },
    },
  };
  return {
    method: route.method.toLowerCase() as RouteConfig['method'],
    path: route.path,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description && { description: route.description }),
    ...(route.supportToken && { security: [{ supportToken: [] }] }),
    request: {
      ...(route.params && { params: route.params }),
      ...(route.query && { query: route.query }),
      ...(route.headers && { headers: route.headers }),
      ...(body && { body }),
    },
    responses,
  };
}

/**
 * The OpenAPI 3.1 description of the gateway's API, generated from proto's routes (HTTP_ROUTES):
 * every path, parameter, body, status and description is the contract's, which the controllers
 * serve and validate with.
 */
export function buildOpenApiDocument(): OpenApiDocument {
  for (const [refId, schema] of Object.entries(HTTP_ROUTE_SCHEMAS)) name(refId, schema);
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'supportToken', { type: 'http', scheme: 'bearer' });
  for (const route of Object.values(HTTP_ROUTES)) registry.registerPath(operation(route));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'ChatExhibit API',
      version: API_VERSION,
      description:
        'The HTTP API of the ChatExhibit gateway. Every error is JSON `{ code, reason?, message }`: `message` is a sentence for the user, `reason` (when a service refused) tells refusals of one code apart. Every answer under /api is `Cache-Control: no-store`; rate limits count per client address.',
    },
  });
}
