import { LOCAL_STORAGE_KEYS } from '@chatexhibit/proto/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useToast } from '../../../hooks/use-toast';
import { createQueryClient } from '../../../lib/query-client';
import { CHAT_DATA } from '../../../test/fixtures';
import { server } from '../../../test/server';
import { rememberCheckout, rememberedCheckoutEmail } from '../checkout-storage';
import { DownloadStatus } from '../components/download-status';
import { rememberedExport } from '../export-memory';
import { useDownloadPolling } from './use-download-polling';
import type { PaymentNeed, ProcessedExport } from './use-processing';

const BUNDLE = '0b7d9e2c-5a4f-4e3b-9c8d-7e6f5a4b3c2d';
const PDF_URL = '/api/files/export-1/transcript.pdf';
const PURCHASE = {
  reference: 'CE-7QK2-M9XD-4HBT',
  amountCents: 499,
  currency: 'USD',
  paidAt: '2026-05-12T10:00:00.000Z',
  emailedTo: 'confirmed@example.org',
  filesKeptUntil: '2026-08-10T10:00:00.000Z',
};
const PAID = { isPaid: true, pdfUrl: PDF_URL, chatExportId: CHAT_DATA.id, purchase: PURCHASE };
const UNPAID = { isPaid: false, pdfUrl: null, chatExportId: null, purchase: null };
const PAYMENT: PaymentNeed = {
  exportId: CHAT_DATA.id,
  bundleId: BUNDLE,
  messageCount: 600,
  mediaSizeBytes: 0,
};

/** The payment status answers, in order (the last one repeats); when each poll came (ms). */
function answerPolls(...answers: (() => Response)[]) {
  const polledAt: number[] = [];
  server.use(
    http.get(`/api/payment/${BUNDLE}`, () => {
      polledAt.push(Date.now());
      return (answers.length > 1 ? answers.shift()! : answers[0]!)();
    }),
    http.get(`/api/whatsapp/chat/${CHAT_DATA.id}`, () => HttpResponse.json(CHAT_DATA)),
  );
  return polledAt;
}
const status = (body: object) => () => HttpResponse.json(body);
/** SPEC §4 Polling: each attempt's delay after the arrival or the previous answer. */
const POLL_DELAYS_MS = [3000, 5000, 10000, 15000, 20000];

/** The hook as the converter shows it: the status card, the latest toast, the address. */
function renderPolling(entry: string) {
  queryClient = createQueryClient();
  const onReady = vi.fn<(processed: ProcessedExport) => void>();
  const onCancelled = vi.fn<(payment: PaymentNeed | null) => void>();
  let address = '';
  function Converter() {
    const download = useDownloadPolling(onReady, onCancelled);
    const [latest] = useToast().toasts;
    address = useLocation().search;
    return (
      <>
        <DownloadStatus {...download} onRepair={download.repair} />
        <output aria-label="toast">{typeof latest?.title === 'string' ? latest.title : ''}</output>
      </>
    );
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Converter />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, onReady, onCancelled, address: () => address };
}

const toastTitle = () => screen.getByLabelText('toast').textContent;
const attemptShown = () => screen.queryByText(/^Preparing your download/)?.textContent ?? null;
let queryClient: QueryClient;
// happy-dom reads a response on its own (real) timers: those run while the fake clock stands.
const realSetTimeout = globalThis.setTimeout;

/**
 * Lets `ms` pass on the fake clock, then waits (in real time, the fake clock standing) until
 * every request it started is answered, and renders what the answers bring.
 */
async function pass(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  const deadline = performance.now() + 5000;
  while (queryClient.isFetching() + queryClient.isMutating() > 0) {
    if (performance.now() > deadline) throw new Error('a request was not answered within 5 s');
    await act(async () => {
      await new Promise((resolve) => realSetTimeout(resolve, 1));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

describe('useDownloadPolling (SPEC §4 Return from checkout, Polling)', () => {
  let start: number;
  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
  });
  afterEach(() => vi.useRealTimers());

  it('back from a paid checkout: polls after 3 s, loads the chat data and is ready', async () => {
    rememberCheckout({ bundleId: BUNDLE, email: 'buyer@example.org' }, PAYMENT);
    const polledAt = answerPolls(status(PAID));
    const view = renderPolling(`/?success=true&bundleId=${BUNDLE}`);
    expect(toastTitle()).toBe('Payment Successful!');
    expect(view.address()).toBe('');
    expect(attemptShown()).toBe('Preparing your download... (Attempt 1)');

    await pass(2999);
    expect(polledAt).toEqual([]);
    await pass(1);
    expect(polledAt).toEqual([start + 3000]);
    expect(view.onReady).toHaveBeenCalledTimes(1);
    expect(view.onReady).toHaveBeenCalledWith({
      exportId: CHAT_DATA.id,
      pdfUrl: PDF_URL,
      chatData: CHAT_DATA,
      purchase: PURCHASE,
      // The server's: the address Stripe confirmed, the files' deletion date.
      receipt: { emailedTo: 'confirmed@example.org', linksValidUntil: '2026-08-10T10:00:00.000Z' },
    });
    expect(toastTitle()).toBe('Download Ready');
    expect(attemptShown()).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.bundleId)).toBeNull();
    expect(rememberedExport(Date.parse('2026-06-01T00:00:00Z'))).toMatchObject({
      exportId: CHAT_DATA.id,
      bundleId: BUNDLE,
      emailedTo: 'confirmed@example.org',
      expiresAt: PURCHASE.filesKeptUntil,
    });

    await pass(60_000);
    expect(polledAt).toHaveLength(1);
  });

  it('polls at most 5 times, at 3, 5, 10, 15 and 20 s, then offers repair', async () => {
    rememberCheckout({ bundleId: BUNDLE, email: 'buyer@example.org' }, PAYMENT);
    // Back from a paid checkout whose payment is not recorded yet: unpaid is a miss, polled again.
    const polledAt = answerPolls(status(UNPAID));
    renderPolling(`/?success=true&bundleId=${BUNDLE}`);
    let at = start;
    for (const [n, delay] of POLL_DELAYS_MS.entries()) {
      expect(attemptShown()).toBe(`Preparing your download... (Attempt ${n + 1})`);
      await pass(delay - 1);
      expect(polledAt).toHaveLength(n);
      await pass(1);
      at += delay;
      expect(polledAt[n]).toBe(at);
    }
    expect(attemptShown()).toBeNull();
    screen.getByText(
      'Your payment status could not be confirmed. Please try the repair option below or contact support.',
    );
    screen.getByRole('button', { name: 'Retry Repair' });
    await pass(60_000);
    expect(polledAt).toHaveLength(5);
  });

  it('says the download is late when paid without a PDF, and a repair that delivers makes it ready', async () => {
    rememberCheckout({ bundleId: BUNDLE, email: '' }, PAYMENT);
    const polledAt = answerPolls(status({ ...UNPAID, isPaid: true, purchase: PURCHASE }));
    let repairs = 0;
    server.use(
      http.post(`/api/payment/${BUNDLE}/repair`, () => {
        repairs += 1;
        return HttpResponse.json(
          repairs === 1 ? { success: false, pdfUrl: null, chatExportId: null } : { success: true, ...PAID },
        );
      }),
    );
    const view = renderPolling('/');
    for (const delay of POLL_DELAYS_MS) await pass(delay);
    expect(polledAt).toHaveLength(5);
    screen.getByText(
      'Your payment was successful, but the download is taking longer than expected. Please use the repair option below.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Retry Repair' }));
    await pass(0);
    screen.getByText('Repair did not succeed. Please try again or contact support.');
    expect(view.onReady).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Retry Repair' }));
    await pass(0);
    expect(view.onReady).toHaveBeenCalledWith({
      exportId: CHAT_DATA.id,
      pdfUrl: PDF_URL,
      chatData: CHAT_DATA,
      purchase: PURCHASE,
      receipt: { emailedTo: 'confirmed@example.org', linksValidUntil: PURCHASE.filesKeptUntil },
    });
    expect(toastTitle()).toBe('Download Ready');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/repair/)).toBeNull();
  });

  it('counts a failed request or chat data as a miss, keeps polling, and delivers when one answers', async () => {
    rememberCheckout({ bundleId: BUNDLE, email: '' }, PAYMENT);
    const polledAt = answerPolls(
      () => new HttpResponse('Internal Server Error', { status: 500 }),
      status(PAID),
    );
    server.use(
      http.get(`/api/whatsapp/chat/${CHAT_DATA.id}`, () => new HttpResponse(null, { status: 503 }), {
        once: true,
      }),
    );
    const view = renderPolling('/');
    await pass(3000);
    expect(attemptShown()).toBe('Preparing your download... (Attempt 2)');
    await pass(5000);
    expect(attemptShown()).toBe('Preparing your download... (Attempt 3)');
    expect(view.onReady).not.toHaveBeenCalled();
    await pass(10000);
    expect(polledAt).toHaveLength(3);
    expect(view.onReady).toHaveBeenCalledTimes(1);
    expect(attemptShown()).toBeNull();
  });

  it('says the status could not be checked after 5 failed polls, and that a failed repair failed', async () => {
    rememberCheckout({ bundleId: BUNDLE, email: '' }, PAYMENT);
    const polledAt = answerPolls(() => new HttpResponse('Internal Server Error', { status: 500 }));
    server.use(http.post(`/api/payment/${BUNDLE}/repair`, () => new HttpResponse('', { status: 502 })));
    renderPolling('/');
    for (const delay of POLL_DELAYS_MS) await pass(delay);
    expect(polledAt).toHaveLength(5);
    screen.getByText('Error checking payment status. Please try the repair option below or contact support.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry Repair' }));
    await pass(0);
    screen.getByText('Repair request failed. Please try again or contact support.');
    screen.getByRole('button', { name: 'Retry Repair' });
  });

  it("back from the checkout page with the browser's Back, unpaid: one poll, then the payment card again, the flags cleared and the email kept", async () => {
    rememberCheckout({ bundleId: BUNDLE, email: 'buyer@example.org' }, PAYMENT);
    const polledAt = answerPolls(status(UNPAID));
    const view = renderPolling('/');
    // SPEC: the flag set and no return parameters, polling resumes for the stored bundle.
    expect(attemptShown()).toBe('Preparing your download... (Attempt 1)');
    await pass(3000);
    expect(polledAt).toEqual([start + 3000]);
    // Unpaid: the checkout was left, the export still waits for payment.
    expect(view.onCancelled).toHaveBeenCalledWith(PAYMENT);
    expect(attemptShown()).toBeNull();
    expect(screen.queryByText(/could not be confirmed/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    // A reload does not poll again (the export comes back through its own memory)...
    for (const key of Object.values(LOCAL_STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    // ...and the card has the email typed before.
    expect(rememberedCheckoutEmail()).toBe('buyer@example.org');
    await pass(60_000);
    expect(polledAt).toHaveLength(1);
    expect(view.onReady).not.toHaveBeenCalled();
  });

  it('back with Back in a tab that kept no payment card: the export comes back from its own memory, with the email', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.checkoutStarted, 'true');
    localStorage.setItem(LOCAL_STORAGE_KEYS.bundleId, BUNDLE);
    localStorage.setItem(LOCAL_STORAGE_KEYS.email, 'other-tab@example.org');
    answerPolls(status(UNPAID));
    const view = renderPolling('/');
    await pass(3000);
    expect(view.onCancelled).toHaveBeenCalledWith(null);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.checkoutStarted)).toBeNull();
    expect(rememberedCheckoutEmail()).toBe('other-tab@example.org');
  });

  it('back from a cancelled checkout: the payment card again, no polling', async () => {
    rememberCheckout({ bundleId: BUNDLE, email: 'buyer@example.org' }, PAYMENT);
    const polledAt = answerPolls(status(PAID));
    const view = renderPolling('/?cancelled=true');
    expect(toastTitle()).toBe('Payment Cancelled');
    expect(view.onCancelled).toHaveBeenCalledWith(PAYMENT);
    expect(view.address()).toBe('');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.checkoutStarted)).toBeNull();
    await pass(60_000);
    expect(polledAt).toEqual([]);
    expect(attemptShown()).toBeNull();
  });

  it('stops polling when the page goes', async () => {
    rememberCheckout({ bundleId: BUNDLE, email: '' }, PAYMENT);
    const polledAt = answerPolls(status(UNPAID));
    const view = renderPolling(`/?success=true&bundleId=${BUNDLE}`);
    await pass(3000);
    expect(polledAt).toHaveLength(1);
    view.unmount();
    await pass(60_000);
    expect(polledAt).toHaveLength(1);
  });
});
