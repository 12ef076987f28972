import type { z } from 'zod';

/** A NATS request-reply query: one subject, a validated request and a validated response. */
export interface RequestContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'request';
  readonly subject: string;
  readonly request: Req;
  readonly response: Res;
}

/**
 * A durable work item on JetStream. `dedupeKey` names the item's effect (export id + step),
 * so a re-published item is dropped by the stream and a redelivered one is handled once.
 */
export interface JobContract<Payload extends z.ZodType = z.ZodType> {
  readonly kind: 'job';
  readonly subject: string;
  readonly payload: Payload;
  readonly dedupeKey: (payload: z.infer<Payload>) => string;
}

/** A fire-and-forget event on a subject family such as `progress.<exportId>`. */
export interface EventContract<Payload extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: (key: string) => string;
  readonly wildcard: string;
  readonly payload: Payload;
}

export const requestContract = <Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  response: Res,
): RequestContract<Req, Res> => ({ kind: 'request', subject, request, response });

export const jobContract = <Payload extends z.ZodType>(
  subject: string,
  payload: Payload,
  dedupeKey: (payload: z.infer<Payload>) => string,
): JobContract<Payload> => ({ kind: 'job', subject, payload, dedupeKey });

export const eventContract = <Payload extends z.ZodType>(
  family: string,
  payload: Payload,
): EventContract<Payload> => ({
  kind: 'event',
  subject: (key) => `${family}.${key}`,
  wildcard: `${family}.*`,
  payload,
});

/** What an HTTP route answers with one status: a JSON body of `schema`, or another media type. */
export interface HttpResponse {
  readonly description: string;
  /** `application/json` unless given; a response with a media type and no schema is a file. */
  readonly mediaType?: string;
  readonly schema?: z.ZodType;
}

export interface HttpBody<Schema extends z.ZodObject = z.ZodObject> {
  readonly mediaType: 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';
  readonly schema: Schema;
}

/**
 * One route of the gateway's HTTP API, declared once: the controller takes its method and path
 * and validates its input with these schemas, the OpenAPI document (/api/docs) is generated from
 * it, and the web app builds its URLs and checks its answers with it. `path` is written as
 * OpenAPI writes it (`/api/payment/{bundleId}`); every failure in `errors` answers an ErrorBody.
 */
export interface HttpRoute<
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Responses extends Readonly<Record<number, HttpResponse>> = Readonly<Record<number, HttpResponse>>,
  Body extends HttpBody | undefined = HttpBody | undefined,
> {
  readonly kind: 'http';
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** The group the route is listed under in the API docs. */
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly params?: Params;
  readonly query?: z.ZodObject;
  readonly headers?: z.ZodObject;
  readonly body?: Body;
  /** The answers that are not errors, by status. */
  readonly responses: Responses;
  /** Each error status the route answers, with when it does. */
  readonly errors?: Readonly<Record<number, string>>;
  /** The route takes `Authorization: Bearer <SUPPORT_TOKEN>`. */
  readonly supportToken?: true;
  /**
   * A person opens the route from a mail or a saved link: an error asked for by a browser
   * (Accept prefers text/html) is a small page with the same sentence; other clients get the ErrorBody.
   */
  readonly errorPage?: true;
}

export const httpRoute = <
  const Params extends z.ZodObject | undefined,
  const Responses extends Readonly<Record<number, HttpResponse>>,
  const Body extends HttpBody | undefined = undefined,
>(
  route: Omit<HttpRoute<Params, Responses, Body>, 'kind'>,
): HttpRoute<Params, Responses, Body> & (Body extends HttpBody ? { readonly body: Body } : unknown) =>
  // A route that declares a body has one: the intersection says so to its users.
  ({ kind: 'http', ...route }) as HttpRoute<Params, Responses, Body> &
    (Body extends HttpBody ? { readonly body: Body } : unknown);

/** A route's path with its parameters filled in, each URL-encoded. */
export const routePath = <Params extends z.ZodObject>(
  route: HttpRoute<Params>,
  params: z.input<Params>,
): string =>
  route.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)[name])),
  );
