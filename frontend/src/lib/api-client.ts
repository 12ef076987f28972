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

/**
 * The generic data-fetching default: GET `url` and the parsed JSON; with `on401: 'returnNull'`
 * a 401 yields `null` instead of an error.
 */
export async function getJson<T>(
  url: string,
  { on401 = 'throw', signal }: { on401?: 'throw' | 'returnNull'; signal?: AbortSignal } = {},
): Promise<T | null> {
  const res = await fetch(url, buildRequestInit({ signal }));
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}
