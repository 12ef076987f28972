import { DEFAULT_PROCESSING_OPTIONS } from '@chatexhibit/proto/processing-options';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../test/fake-event-source';
import { CHAT_DATA } from '../../../test/fixtures';
import { server } from '../../../test/server';
import { CONVERTER_TEXTS } from '../converter-texts';
import { getChatData } from './chat-data';
import { getChatPreview } from './chat-preview';
import { createPaymentIntent } from './create-payment-intent';
import { deleteExport } from './delete-export';
import { openEvidencePackage } from './download-code';
import { forgetDevice } from './forget-device';
import { emailLinks } from './email-links';
import { getPaymentStatus } from './payment-status';
import { followProcessStatus } from './process-status';
import { repairPayment } from './repair-payment';
import { startProcessing } from './start-processing';

/** The SPEC §7 error an API file makes of a non-OK answer: `<status>: <body>`. */
const failing = (status: number, body: string) => () => new HttpResponse(body, { status });

describe('the converter API files (SPEC §7)', () => {
  it('Download Evidence Package: opens /api/whatsapp/evidence-zip/{code}, never the export id', async () => {
    const code = 'c'.repeat(70);
    server.use(
      http.post('/api/whatsapp/export/:id/download-code', ({ params }) =>
        params.id === CHAT_DATA.id
          ? HttpResponse.json({ code, expiresAt: '2026-12-07T12:01:00.000Z' }, { status: 201 })
          : failing(404, 'none')(),
      ),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await openEvidencePackage(CHAT_DATA.id);
    expect(open).toHaveBeenCalledWith(`/api/whatsapp/evidence-zip/${code}`, '_blank', 'noopener');
    await expect(openEvidencePackage('6f1c2a4e-0000-4c7e-8f90-a1b2c3d4e5f6')).rejects.toThrow(/^404: none$/);
    expect(open).toHaveBeenCalledTimes(1);
    open.mockRestore();
  });

  it('POST /api/forget-device: 204, a failure an error', async () => {
    server.use(http.post('/api/forget-device', () => new HttpResponse(null, { status: 204 })));
    await expect(forgetDevice()).resolves.toBeUndefined();
    server.use(http.post('/api/forget-device', failing(503, 'busy')));
    await expect(forgetDevice()).rejects.toThrow(/^503: busy$/);
  });

  it('GET /api/whatsapp/chat/{id}: the chat data, checked against its schema', async () => {
    server.use(
      http.get('/api/whatsapp/chat/:id', ({ params }) =>
        params.id === 'export-1' ? HttpResponse.json(CHAT_DATA) : failing(404, 'none')(),
      ),
    );
    expect(await getChatData('export-1')).toEqual(CHAT_DATA);
    await expect(getChatData('other')).rejects.toThrow(/^404: none$/);
    server.use(http.get('/api/whatsapp/chat/:id', () => HttpResponse.json({ ...CHAT_DATA, messages: 'x' })));
    await expect(getChatData('export-1')).rejects.toThrow(/messages/);
  });

  it('GET /api/whatsapp/preview/{id}: the first page of an export waiting for payment', async () => {
    const preview = {
      originalFilename: CHAT_DATA.originalFilename,
      fileHash: CHAT_DATA.fileHash,
      participants: CHAT_DATA.participants,
      processingOptions: DEFAULT_PROCESSING_OPTIONS,
      firstEntryAt: '2024-03-14T09:02:00',
      lastEntryAt: '2024-03-14T09:02:00',
      entries: 1,
      countedEntries: 1,
      whatsappNotices: 0,
      messages: CHAT_DATA.messages,
    };
    server.use(http.get('/api/whatsapp/preview/export-1', () => HttpResponse.json(preview)));
    expect(await getChatPreview('export-1')).toEqual(preview);
    server.use(http.get('/api/whatsapp/preview/export-1', failing(410, 'gone')));
    await expect(getChatPreview('export-1')).rejects.toThrow(/^410: gone$/);
  });

  it('POST /api/create-payment-intent: sends the bundle and email, answers the checkout URL', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/create-payment-intent', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ checkoutUrl: 'https://checkout.example/cs_1' });
      }),
    );
    const request = { bundleId: 'bundle-1', userEmail: 'buyer@example.org' };
    expect(await createPaymentIntent(request)).toEqual({ checkoutUrl: 'https://checkout.example/cs_1' });
    expect(sent).toEqual(request);
    server.use(http.post('/api/create-payment-intent', failing(400, 'Email is required')));
    await expect(createPaymentIntent(request)).rejects.toThrow(/^400: Email is required$/);
  });

  it('GET /api/payment/{bundleId}: isPaid, pdfUrl, chatExportId and purchase', async () => {
    const status = { isPaid: true, pdfUrl: '/files/t.pdf', chatExportId: 'export-1', purchase: null };
    server.use(http.get('/api/payment/bundle-1', () => HttpResponse.json(status)));
    expect(await getPaymentStatus('bundle-1')).toEqual(status);
    server.use(http.get('/api/payment/bundle-1', () => HttpResponse.json({ isPaid: 'yes' })));
    await expect(getPaymentStatus('bundle-1')).rejects.toThrow(/isPaid/);
    server.use(http.get('/api/payment/bundle-1', failing(500, 'Internal Server Error')));
    await expect(getPaymentStatus('bundle-1')).rejects.toThrow(/^500: Internal Server Error$/);
  });

  it('POST /api/payment/{bundleId}/repair: a JSON content type and no body', async () => {
    let sent: { contentType: string | null; body: string } | undefined;
    server.use(
      http.post('/api/payment/bundle-1/repair', async ({ request }) => {
        sent = { contentType: request.headers.get('content-type'), body: await request.text() };
        return HttpResponse.json({ success: true, pdfUrl: '/files/t.pdf', chatExportId: 'export-1' });
      }),
    );
    expect(await repairPayment('bundle-1')).toEqual({
      success: true,
      pdfUrl: '/files/t.pdf',
      chatExportId: 'export-1',
    });
    expect(sent).toEqual({ contentType: 'application/json', body: '' });
    server.use(http.post('/api/payment/bundle-1/repair', failing(502, '')));
    await expect(repairPayment('bundle-1')).rejects.toThrow(/^502: /);
  });

  it('POST /api/whatsapp/export/{id}/email: the address, answered with where and until when', async () => {
    let sent: unknown;
    const answer = { emailedTo: 'me@example.org', deleteAfter: '2026-02-24T00:00:00.000Z' };
    server.use(
      http.post('/api/whatsapp/export/export-1/email', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(answer, { status: 202 });
      }),
    );
    expect(await emailLinks({ exportId: 'export-1', email: 'me@example.org' })).toEqual(answer);
    expect(sent).toEqual({ email: 'me@example.org' });
    server.use(http.post('/api/whatsapp/export/export-1/email', failing(429, 'Too many')));
    await expect(emailLinks({ exportId: 'export-1', email: 'me@example.org' })).rejects.toThrow(
      /^429: Too many$/,
    );
  });

  it('DELETE /api/whatsapp/export/{id}: 204 and 410 both mean gone; other failures throw', async () => {
    const answers = [204, 410, 500];
    server.use(
      http.delete('/api/whatsapp/export/export-1', () => new HttpResponse(null, { status: answers.shift() })),
    );
    await expect(deleteExport('export-1')).resolves.toBeUndefined();
    await expect(deleteExport('export-1')).resolves.toBeUndefined();
    await expect(deleteExport('export-1')).rejects.toThrow(/^500: /);
  });

  describe('POST /api/whatsapp/process', () => {
    const file = new File(['PK zip bytes'], 'WhatsApp Chat with Sam.zip', { type: 'application/zip' });
    const options = {
      ...DEFAULT_PROCESSING_OPTIONS,
      timeZone: 'Europe/London',
      timeZoneSource: 'browser' as const,
    };

    it('sends the file and the options as multipart, answers the client id', async () => {
      let sent: { options: unknown; fileName: string | undefined; fileText: string | undefined } | undefined;
      server.use(
        http.post('/api/whatsapp/process', async ({ request }) => {
          const form = await request.formData();
          const sentFile = form.get('file') as File | null;
          sent = {
            options: JSON.parse(form.get('options') as string),
            fileName: sentFile?.name,
            fileText: await sentFile?.text(),
          };
          return HttpResponse.json({ clientId: 'export-1' }, { status: 201 });
        }),
      );
      expect(await startProcessing({ file, options })).toEqual({ clientId: 'export-1' });
      expect(sent).toEqual({ options, fileName: file.name, fileText: 'PK zip bytes' });
    });

    it("fails with the server's message, or 'Error processing file' without one", async () => {
      server.use(
        http.post('/api/whatsapp/process', () =>
          HttpResponse.json(
            { code: 'INVALID_REQUEST', message: 'No chat text file found in the ZIP.' },
            { status: 400 },
          ),
        ),
      );
      await expect(startProcessing({ file, options })).rejects.toThrow(
        /^No chat text file found in the ZIP\.$/,
      );
      server.use(http.post('/api/whatsapp/process', failing(502, '<html>Bad gateway</html>')));
      await expect(startProcessing({ file, options })).rejects.toThrow(
        new RegExp(`^${CONVERTER_TEXTS.startFailed}$`),
      );
      server.use(http.post('/api/whatsapp/process', () => HttpResponse.json({ id: 'x' }, { status: 201 })));
      await expect(startProcessing({ file, options })).rejects.toThrow(
        new RegExp(`^${CONVERTER_TEXTS.startFailed}$`),
      );
    });
  });

  describe('GET /api/whatsapp/process-status (server-sent events)', () => {
    afterEach(() => {
      FakeEventSource.opened = [];
    });

    it('opens the stream with the cookies and hands on each event until the final one, then closes', () => {
      vi.stubGlobal('EventSource', FakeEventSource);
      const events: unknown[] = [];
      const onError = vi.fn();
      followProcessStatus('export 1', (event) => events.push(event), onError);
      const [stream] = FakeEventSource.opened;
      expect(stream!.url).toBe('/api/whatsapp/process-status?clientId=export+1');
      expect(stream!.init).toEqual({ withCredentials: true });
      stream!.send({ step: 1, progress: 20 });
      stream!.send({ step: 'two', progress: 40 });
      stream!.send({ step: 4, progress: 100, requiresPayment: true, bundleId: 'bundle-1' });
      expect(events).toEqual([
        { step: 1, progress: 20 },
        { step: 4, progress: 100, requiresPayment: true, bundleId: 'bundle-1' },
      ]);
      expect(stream!.closed).toBe(true);
      // The error EventSource reports as the server ends the stream is not a failure.
      stream!.fail();
      expect(onError).not.toHaveBeenCalled();
    });

    it('reports a stream that fails before its final event, once, and closes it', () => {
      vi.stubGlobal('EventSource', FakeEventSource);
      const onError = vi.fn();
      followProcessStatus('export-1', () => undefined, onError);
      const [stream] = FakeEventSource.opened;
      stream!.send({ step: 1, progress: 20 });
      stream!.fail();
      stream!.fail();
      expect(onError).toHaveBeenCalledTimes(1);
      expect(stream!.closed).toBe(true);
    });
  });
});
