/**
 * SPEC §7 API client: every request carries the cookies; a body goes out as JSON with a JSON
 * content type only when the call has one; a non-OK answer becomes an Error whose message is
 * `<status>: <body text>` (or the status text when the body is empty).
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

/** Throws `<status>: <body text>` (or `<status>: <status text>`) for a non-OK response. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
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
