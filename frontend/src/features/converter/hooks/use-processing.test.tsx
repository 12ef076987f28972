import { DEFAULT_PROCESSING_OPTIONS } from '@chatexhibit/proto/processing-options';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast } from '../../../hooks/use-toast';
import { createQueryClient } from '../../../lib/query-client';
import { FakeEventSource } from '../../../test/fake-event-source';
import { FetchEventSource } from '../../../test/fetch-event-source';
import { CHAT_DATA } from '../../../test/fixtures';
import { server } from '../../../test/server';
import { rememberedExport, rememberExport } from '../export-memory';
import { useProcessing } from './use-processing';

const EXPORT_ID = CHAT_DATA.id;
/** A retention end far ahead: the remembered export is still kept. */
const KEPT_UNTIL = '2999-01-01T00:00:00.000Z';
const BUNDLE = '0b7d9e2c-5a4f-4e3b-9c8d-7e6f5a4b3c2d';
const zip = () => new File(['PK zip bytes'], 'WhatsApp Chat with Sam.zip', { type: 'application/zip' });

/** The hook with the latest toast beside it, every toast it raised, and the one stream it opened. */
function renderProcessing(resume = false) {
  const raised = new Map<string, [unknown, unknown]>();
  // The toast store outlives a test: one an earlier test raised is not this one's.
  let earlier: string | undefined;
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => {
      const [latest] = useToast().toasts;
      if (raised.size === 0 && earlier === undefined) earlier = latest?.id ?? '';
      if (latest && latest.id !== earlier) raised.set(latest.id, [latest.title, latest.description]);
      return {
        processing: useProcessing({ resume }),
        toast: latest && [latest.title, latest.description],
        toastOpen: latest?.open,
      };
    },
    { wrapper },
  );
  const state = () => view.result.current.processing.state;
  return { ...view, state, raised: () => [...raised.values()] };
}
const stream = () => {
  expect(FakeEventSource.opened).toHaveLength(1);
  return FakeEventSource.opened[0]!;
};
const answerStart = () =>
  server.use(
    http.post('/api/whatsapp/process', () => HttpResponse.json({ clientId: EXPORT_ID }, { status: 201 })),
  );

describe('useProcessing (SPEC §4 Upload and Processing)', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => {
    FakeEventSource.opened = [];
  });

  it('runs the cosmetic upload bar by 5 every 100 ms to 100 after a file is chosen', () => {
    vi.useFakeTimers();
    try {
      const view = renderProcessing();
      act(() => view.result.current.processing.choose(zip()));
      expect(view.state().shownFile).toEqual({ name: 'WhatsApp Chat with Sam.zip', size: 12 });
      expect(view.state().uploadPercent).toBe(0);
      act(() => {
        vi.advanceTimersByTime(100);
      });
      expect(view.state().uploadPercent).toBe(5);
      for (let n = 0; n < 30; n++)
        act(() => {
          vi.advanceTimersByTime(100);
        });
      expect(view.state().uploadPercent).toBe(100);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a file that is not a ZIP with the SPEC toast, and keeps the chosen one', () => {
    const view = renderProcessing();
    act(() => view.result.current.processing.choose(zip()));
    act(() => view.result.current.processing.choose(new File(['text'], 'chat.txt')));
    expect(view.result.current.toast).toEqual([
      'Invalid File Type',
      'Please upload a WhatsApp export ZIP file.',
    ]);
    expect(view.state().shownFile?.name).toBe('WhatsApp Chat with Sam.zip');
  });

  it('uploads, follows the progress stream, and stops at payment required with its need', async () => {
    answerStart();
    const view = renderProcessing();
    act(() => view.result.current.processing.choose(zip()));
    act(() => view.result.current.processing.process(DEFAULT_PROCESSING_OPTIONS));
    expect(view.state().processing).toBe(true);
    await waitFor(() => expect(view.state().clientId).toBe(EXPORT_ID));
    expect(stream().url).toBe(`/api/whatsapp/process-status?clientId=${EXPORT_ID}`);
    expect(rememberedExport()).toEqual({
      exportId: EXPORT_ID,
      fileName: 'WhatsApp Chat with Sam.zip',
      fileSize: 12,
      // Until retention deletes an upload whose processing never ends.
      expiresAt: expect.stringMatching(/^\d{4}-/) as unknown,
    });

    act(() => stream().send({ step: 2, progress: 40 }));
    expect(view.state()).toMatchObject({ step: 2, progress: 40, processing: true });
    act(() =>
      stream().send({
        step: 4,
        progress: 100,
        requiresPayment: true,
        bundleId: BUNDLE,
        messageCount: 600,
        mediaSizeBytes: 2048,
      }),
    );
    expect(view.state()).toMatchObject({
      processing: false,
      processed: null,
      payment: { exportId: EXPORT_ID, bundleId: BUNDLE, messageCount: 600, mediaSizeBytes: 2048 },
    });
    expect(rememberedExport()?.bundleId).toBe(BUNDLE);
    expect(stream().closed).toBe(true);
  });

  it('counts a free export done with its PDF as processed, the payment step skipped', async () => {
    answerStart();
    const view = renderProcessing();
    act(() => view.result.current.processing.choose(zip()));
    act(() => view.result.current.processing.process(DEFAULT_PROCESSING_OPTIONS));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => stream().send({ step: 3, progress: 100, done: true, pdfUrl: '/t.pdf', chatData: CHAT_DATA }));
    expect(view.state()).toMatchObject({
      processing: false,
      paymentSkipped: true,
      processed: { exportId: EXPORT_ID, pdfUrl: '/t.pdf', chatData: CHAT_DATA },
    });
  });

  it("fails with the server's message, toasted as 'Error processing file'", async () => {
    server.use(
      http.post('/api/whatsapp/process', () =>
        HttpResponse.json(
          { code: 'INVALID_REQUEST', message: 'No chat text file found in the ZIP.' },
          { status: 400 },
        ),
      ),
    );
    const view = renderProcessing();
    act(() => view.result.current.processing.choose(zip()));
    act(() => view.result.current.processing.process(DEFAULT_PROCESSING_OPTIONS));
    await waitFor(() => expect(view.state().processing).toBe(false));
    expect(view.state().error).toBe('No chat text file found in the ZIP.');
    expect(view.result.current.toast).toEqual([
      'Error processing file',
      'No chat text file found in the ZIP.',
    ]);
    expect(FakeEventSource.opened).toEqual([]);
  });

  it("says 'Connection to server lost' when the stream breaks before the payment step, nothing after it", async () => {
    answerStart();
    const view = renderProcessing();
    act(() => view.result.current.processing.choose(zip()));
    act(() => view.result.current.processing.process(DEFAULT_PROCESSING_OPTIONS));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => stream().send({ step: 1, progress: 20 }));
    act(() => stream().fail());
    expect(view.state()).toMatchObject({
      processing: false,
      error: 'Connection to server lost',
      reconnecting: true,
    });
    expect(view.result.current.toast).toEqual(['Error processing file', 'Connection to server lost']);

    FakeEventSource.opened = [];
    act(() => view.result.current.processing.process(DEFAULT_PROCESSING_OPTIONS));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => stream().send({ step: 4, progress: 90 }));
    act(() => stream().fail());
    expect(view.state()).toMatchObject({ processing: false, error: null });
  });

  it('opens a dropped stream again in the background, toasts the loss once, and the finished result replaces the error', async () => {
    vi.stubGlobal('EventSource', FetchEventSource);
    answerStart();
    const eventStream = (...events: object[]) =>
      new HttpResponse(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), {
        headers: { 'Content-Type': 'text/event-stream' },
      });
    // Two steps, then the connection drops; the first try again finds the server away; the
    // next one gets the latest state, which is the finished export.
    const answers = [
      () => eventStream({ step: 0, progress: 5 }, { step: 1, progress: 20 }),
      () => HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 }),
      () => eventStream({ step: 3, progress: 100, done: true, pdfUrl: '/t.pdf', chatData: CHAT_DATA }),
    ];
    server.use(http.get('/api/whatsapp/process-status', () => answers.shift()!()));
    try {
      const view = renderProcessing();
      act(() => view.result.current.processing.choose(zip()));
      act(() => view.result.current.processing.process(DEFAULT_PROCESSING_OPTIONS));
      await waitFor(() => expect(view.state().reconnecting).toBe(true));
      expect(view.state()).toMatchObject({ step: 1, error: 'Connection to server lost', processing: false });
      expect(view.result.current.toast).toEqual(['Error processing file', 'Connection to server lost']);

      await waitFor(() => expect(view.state().processed).not.toBeNull(), { timeout: 10_000 });
      expect(view.state()).toMatchObject({
        processing: false,
        error: null,
        reconnecting: false,
        processed: { exportId: EXPORT_ID, pdfUrl: '/t.pdf', chatData: CHAT_DATA },
      });
      expect(FetchEventSource.opened).toHaveLength(3);
      expect(FetchEventSource.opened.every((source) => source.closed)).toBe(true);
      // SPEC's toast once, for the whole loss, and gone with it.
      expect(view.raised()).toEqual([['Error processing file', 'Connection to server lost']]);
      expect(view.result.current.toastOpen).toBe(false);
    } finally {
      FetchEventSource.opened = [];
    }
  });

  it("shows SPEC's title once when an upload fails without the server's sentence, and says the upload failed", async () => {
    server.use(http.post('/api/whatsapp/process', () => HttpResponse.error()));
    const view = renderProcessing();
    act(() => view.result.current.processing.choose(zip()));
    act(() => view.result.current.processing.process(DEFAULT_PROCESSING_OPTIONS));
    await waitFor(() => expect(view.state().processing).toBe(false));
    expect(view.state()).toMatchObject({
      uploadFailed: true,
      error: 'Error processing file',
      clientId: null,
    });
    expect(view.result.current.toast).toEqual(['Error processing file', undefined]);
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('asks the browser to warn before leaving the page while the file uploads, and only then', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.post('/api/whatsapp/process', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ clientId: EXPORT_ID }, { status: 201 });
      }),
    );
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented ? 'warned' : 'left';
    };
    const view = renderProcessing();
    act(() => view.result.current.processing.choose(zip()));
    expect(leave()).toBe('left');
    act(() => view.result.current.processing.process(DEFAULT_PROCESSING_OPTIONS));
    await waitFor(() => expect(answer).toBeDefined());
    expect(leave()).toBe('warned');
    answer!();
    // Uploaded: the export is remembered, and a reload brings it back.
    await waitFor(() => expect(view.state().clientId).toBe(EXPORT_ID));
    expect(leave()).toBe('left');
  });

  it('after a reload, shows a remembered bought export through its payment status', async () => {
    rememberExport({
      exportId: EXPORT_ID,
      fileName: 'chat.zip',
      fileSize: 12,
      expiresAt: KEPT_UNTIL,
      bundleId: BUNDLE,
    });
    const purchase = {
      reference: 'CE-7QK2-M9XD-4HBT',
      amountCents: 499,
      currency: 'USD',
      paidAt: '2026-05-12T10:00:00.000Z',
      emailedTo: 'buyer@example.org',
      filesKeptUntil: '2026-08-10T10:00:00.000Z',
    };
    server.use(
      http.get(`/api/payment/${BUNDLE}`, () =>
        HttpResponse.json({ isPaid: true, pdfUrl: '/t.pdf', chatExportId: EXPORT_ID, purchase }),
      ),
      http.get(`/api/whatsapp/chat/${EXPORT_ID}`, () => HttpResponse.json(CHAT_DATA)),
    );
    const view = renderProcessing(true);
    expect(view.state().shownFile).toEqual({ name: 'chat.zip', size: 12 });
    // The receipt, and where the links went until when, as the server says.
    const receipt = { emailedTo: 'buyer@example.org', linksValidUntil: '2026-08-10T10:00:00.000Z' };
    await waitFor(() =>
      expect(view.state().processed).toEqual({
        exportId: EXPORT_ID,
        pdfUrl: '/t.pdf',
        chatData: CHAT_DATA,
        purchase,
        receipt,
      }),
    );
    expect(view.state().receipt).toEqual(receipt);
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('after a reload, forgets a remembered export whose stream fails before its first event', async () => {
    rememberExport({ exportId: EXPORT_ID, fileName: 'chat.zip', fileSize: 12, expiresAt: KEPT_UNTIL });
    const view = renderProcessing(true);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(view.state().processing).toBe(true);
    act(() => stream().fail());
    expect(view.state()).toMatchObject({ processing: false, shownFile: null, error: null });
    expect(rememberedExport()).toBeNull();
  });

  it('remembers the name of a chosen file until it is uploaded, so that a new page asks for it again', async () => {
    const first = renderProcessing();
    act(() => first.result.current.processing.choose(zip()));
    first.unmount();
    // The next page: the browser kept the name, not the file.
    const reloaded = renderProcessing(true);
    expect(reloaded.state()).toMatchObject({
      file: null,
      shownFile: null,
      chooseAgain: 'WhatsApp Chat with Sam.zip',
    });

    answerStart();
    act(() => reloaded.result.current.processing.choose(zip()));
    expect(reloaded.state().chooseAgain).toBeNull();
    act(() =>
      reloaded.result.current.processing.process({ ...DEFAULT_PROCESSING_OPTIONS, timeZone: 'Asia/Kolkata' }),
    );
    await waitFor(() => expect(reloaded.state().clientId).toBe(EXPORT_ID));
    // Uploaded: the export is remembered, with the zone its documents use; no file waits to be chosen.
    expect(rememberedExport()?.timeZone).toBe('Asia/Kolkata');
    expect(reloaded.state().timeZone).toBe('Asia/Kolkata');
    reloaded.unmount();
    expect(renderProcessing().state().chooseAgain).toBeNull();
  });

  it('forgets the chosen file when it is removed', () => {
    const view = renderProcessing();
    act(() => view.result.current.processing.choose(zip()));
    act(() => view.result.current.processing.remove());
    view.unmount();
    expect(renderProcessing().state().chooseAgain).toBeNull();
  });

  it('after a reload, knows the zone a remembered export was uploaded in', async () => {
    rememberExport({
      exportId: EXPORT_ID,
      fileName: 'chat.zip',
      fileSize: 12,
      expiresAt: KEPT_UNTIL,
      timeZone: 'Europe/Berlin',
    });
    const view = renderProcessing(true);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(view.state().timeZone).toBe('Europe/Berlin');
  });
});
