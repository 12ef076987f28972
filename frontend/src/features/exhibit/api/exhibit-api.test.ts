import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EXHIBIT_MESSAGES, EXHIBIT_RESPONSE } from '../../../test/fixtures';
import { server } from '../../../test/server';
import { getExhibitMessages, nextPageFrom } from './exhibit-messages';
import { MAKE_EXHIBIT_FAILED, makeExhibit } from './make-exhibit';

const EXPORT = '6f1c2a4e-3b5d-4c7e-8f90-a1b2c3d4e5f6';
const SPEC = { label: 'Exhibit P-7', selections: [{ message: 2 }] };

describe('the exhibit API files', () => {
  it('GET /api/whatsapp/export/{id}/messages?from&limit: a page, checked against its schema, and where the next starts', async () => {
    let asked: string | undefined;
    server.use(
      http.get(`/api/whatsapp/export/${EXPORT}/messages`, ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json(EXHIBIT_MESSAGES);
      }),
    );
    const page = await getExhibitMessages(EXPORT, 1, 2);
    expect(page).toEqual(EXHIBIT_MESSAGES);
    expect(asked).toBe('?from=1&limit=2');
    expect(nextPageFrom({ ...page, messages: page.messages.slice(0, 2) })).toBe(3);
    expect(nextPageFrom(page)).toBeUndefined();
    server.use(
      http.get(`/api/whatsapp/export/${EXPORT}/messages`, () => new HttpResponse('gone', { status: 410 })),
    );
    await expect(getExhibitMessages(EXPORT, 1)).rejects.toThrow(/^410: gone$/);
    server.use(
      http.get(`/api/whatsapp/export/${EXPORT}/messages`, () =>
        HttpResponse.json({ ...EXHIBIT_MESSAGES, messages: 'x' }),
      ),
    );
    await expect(getExhibitMessages(EXPORT, 1)).rejects.toThrow(/messages/);
  });

  it("POST /api/whatsapp/export/{id}/exhibits: sends the spec as JSON, answers the files; a refusal is the server's sentence", async () => {
    let sent: { body: unknown; contentType: string | null } | undefined;
    server.use(
      http.post(`/api/whatsapp/export/${EXPORT}/exhibits`, async ({ request }) => {
        sent = { body: await request.json(), contentType: request.headers.get('content-type') };
        return HttpResponse.json(EXHIBIT_RESPONSE, { status: 201 });
      }),
    );
    expect(await makeExhibit({ exportId: EXPORT, spec: SPEC })).toEqual(EXHIBIT_RESPONSE);
    expect(sent).toEqual({ body: SPEC, contentType: 'application/json' });

    const sentence = 'redactions[0].text: "123-45-6789" is not in the text of message 0001';
    server.use(
      http.post(`/api/whatsapp/export/${EXPORT}/exhibits`, () =>
        HttpResponse.json({ code: 400, reason: 'text_not_in_message', message: sentence }, { status: 400 }),
      ),
    );
    await expect(makeExhibit({ exportId: EXPORT, spec: SPEC })).rejects.toThrow(sentence);
    server.use(
      http.post(
        `/api/whatsapp/export/${EXPORT}/exhibits`,
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
      ),
    );
    await expect(makeExhibit({ exportId: EXPORT, spec: SPEC })).rejects.toThrow(MAKE_EXHIBIT_FAILED);
    server.use(
      http.post(`/api/whatsapp/export/${EXPORT}/exhibits`, () =>
        HttpResponse.json({ files: [] }, { status: 201 }),
      ),
    );
    await expect(makeExhibit({ exportId: EXPORT, spec: SPEC })).rejects.toThrow(MAKE_EXHIBIT_FAILED);
  });
});
