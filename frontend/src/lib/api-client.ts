import { type ErrorBody, ErrorBodySchema } from '@chatexhibit/proto/errors';

/**
 * SPEC §7 API client: every request carries the cookies; a body goes out as JSON with a JSON
 * content type only when the call has one; a non-OK answer becomes an Error whose message is
 * `<status>: <body text>` (or the status text when the body is empty). The routes, their paths
 * and answers, are proto's (`HTTP_API`).
 */

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when given; no body and no content type otherwise. */
  body?: unknown;
  signal?: AbortSignal;
}

/** The request as fetch takes it: credentials included, JSON only when there is a body. */
export function buildRequestInit({ method = 'GET', body, signal }: ApiRequestOptions = {}): RequestInit {
  const init: RequestInit = { method, credentials: 'include', signal };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return init;
}

/**
 * The API's error body `{ code, reason, message }` as far as an answer carries it: each field is
 * read on its own, so the `message` of a body that is not quite the API's (a proxy's) still counts.
 */
export function readErrorBody(text: string): Partial<ErrorBody> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const { code, reason, message } = parsed as Record<string, unknown>;
  const fields = ErrorBodySchema.shape;
  return {
    code: fields.code.safeParse(code).data,
    reason: fields.reason.safeParse(reason).data,
    message: typeof message === 'string' && message !== '' ? message : undefined,
  };
}

/** A non-OK answer: `<status>: <body text>` (SPEC §8), with the error body's fields beside it. */
export class ApiError extends Error {
  readonly body: Partial<ErrorBody>;

  constructor(
    readonly status: number,
    statusText: string,
    bodyText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.body = readErrorBody(bodyText);
  }
}

/** Throws an ApiError for a non-OK response. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw new ApiError(res.status, res.statusText, await res.text());
}

/** One request to `url`; the response is returned as it is once it is OK. */
export async function apiRequest(url: string, options: ApiRequestOptions = {}): Promise<Response> {
  const res = await fetch(url, buildRequestInit(options));
  await throwIfResNotOk(res);
  return res;
}

/** GET `url` and its parsed JSON (the caller's schema checks it). */
export async function getJson(url: string, { signal }: { signal?: AbortSignal } = {}): Promise<unknown> {
  const res = await fetch(url, buildRequestInit({ signal }));
  await throwIfResNotOk(res);
  return res.json();
}
