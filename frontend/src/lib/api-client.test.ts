import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server';
import { ApiError, apiRequest, getJson, readErrorBody } from './api-client';

describe('readErrorBody', () => {
  it("reads the API error body's code, reason and message", () => {
    const body = { code: 'CONFLICT', reason: 'REFUNDED', message: 'This export was refunded.' };
    expect(readErrorBody(JSON.stringify(body))).toEqual(body);
  });

  it("keeps the message of a body that is not quite the API's, without its unknown code", () => {
    expect(readErrorBody(JSON.stringify({ code: 'TEAPOT', message: 'Bad gateway' }))).toEqual({
      code: undefined,
      reason: undefined,
      message: 'Bad gateway',
    });
  });

  it('reads nothing from text that is not a JSON object, or an empty message', () => {
    for (const text of ['', 'Internal Server Error', '"quoted"', 'null', '{"message":""}'])
      expect(readErrorBody(text).message).toBeUndefined();
  });
});

describe('apiRequest and getJson', () => {
  it('send the cookies, and a JSON body with its content type only when there is one', async () => {
    const seen: { contentType: string | null; body: string; credentials: string }[] = [];
    server.use(
      http.all('/api/echo', async ({ request }) => {
        seen.push({
          contentType: request.headers.get('content-type'),
          body: await request.text(),
          credentials: request.credentials,
        });
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest('/api/echo', { method: 'POST', body: { a: 1 } });
    expect(await getJson('/api/echo')).toEqual({ ok: true });
    expect(seen).toEqual([
      { contentType: 'application/json', body: '{"a":1}', credentials: 'include' },
      { contentType: null, body: '', credentials: 'include' },
    ]);
  });

  it('turn a non-OK answer into `<status>: <body>` with the error body beside it (SPEC §7)', async () => {
    const body = { code: 'NOT_FOUND', message: 'No export found.' };
    server.use(http.get('/api/missing', () => HttpResponse.json(body, { status: 404 })));
    const error = await getJson('/api/missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`404: ${JSON.stringify(body)}`);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).body).toEqual({ ...body, reason: undefined });
  });

  it("say the status text when the error's body is empty", async () => {
    server.use(
      http.get('/api/down', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
    );
    await expect(getJson('/api/down')).rejects.toThrow(/^503: Service Unavailable$/);
  });
});
