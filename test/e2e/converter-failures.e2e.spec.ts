import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_STORAGE_KEYS } from '@chatexhibit/proto/constants';
import type { Page, Route } from 'playwright-core';
import { useChromium } from '../support/browser';
import { shownToast } from '../support/toast';
import { cleanUpAll } from '../support/clean-up';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';
import { processingStepStates } from '../support/processing-steps';

const BUNDLE_ID = '6f9d3c1e-2b4a-4c8d-9e7f-0a1b2c3d4e5f';

/** A server-sent event stream holding `events`, which then ends (as a dropped connection does). */
const eventStream = (...events: object[]) => ({
  status: 200,
  headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
  body: events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''),
});

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

/**
 * The converter's SPEC §8 failures in Chromium. The app runs as `npm start` runs it; a failure the
 * real server cannot be made to give on demand (a start refused, a stream cut, a checkout or
 * status call failing) is answered for it by the browser's request interception.
 */
describe('the converter when things go wrong', () => {
  const standalone = useStandalone();
  const chromium = useChromium();
  let workDir: string;
  let smallZip: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-converter-failures-'));
    smallZip = (await writeWhatsAppExport(workDir, { textMessages: 5, voiceNotes: 0, photos: 0 })).zipPath;
  }, 60_000);
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  const open = async (prepare: (page: Page) => Promise<unknown> = async () => {}): Promise<Page> => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await prepare(page);
    await page.goto(`http://localhost:${standalone.port}/`);
    return page;
  };
  const toast = async (page: Page, title: string, description: string) =>
    expect(await shownToast(page, title)).toEqual({ title, description });
  const processSmallZip = async (page: Page) => {
    await page.setInputFiles('input[type=file]', smallZip);
    await page.getByRole('button', { name: 'Process Chat Export' }).click();
  };

  it.each([
    {
      answer: json(503, { message: 'The server is busy.' }),
      shown: 'The server is busy.',
      card: 'The server is busy. ',
    },
    // SPEC's sentence for no message is the toast's title: once, not twice.
    { answer: { status: 500, body: '' }, shown: '', card: '' },
  ])(
    'toasts "Error processing file" with "$shown" when the start fails, and the card says the upload failed',
    async ({ answer, shown, card }) => {
      const page = await open((p) =>
        p.route('**/api/whatsapp/process', (route: Route) => route.fulfill(answer)),
      );
      try {
        await processSmallZip(page);
        await toast(page, 'Error processing file', shown);
        // The card that showed the upload going says it failed, and nothing else repeats it.
        expect(await page.getByRole('alert').textContent()).toBe(
          `The upload did not go through. ${card}Press Process Chat Export to try again.`,
        );
        expect(await page.getByText(/^Uploading/).count()).toBe(0);
        // Ready to try again.
        await page
          .getByRole('button', { name: 'Process Chat Export' })
          .and(page.locator(':enabled'))
          .waitFor();
      } finally {
        await page.close();
      }
    },
  );

  it('toasts "Connection to server lost" when the progress stream breaks before the payment step, and tries again', async () => {
    // Three steps come through, then the stream ends as a dropped connection does; the server
    // stays out of reach.
    let streams = 0;
    // Resolved by the route itself when the page asks again: a request seen is not yet routed.
    let retried!: () => void;
    const askedAgain = new Promise<void>((resolve) => (retried = resolve));
    const page = await open((p) =>
      p.route('**/api/whatsapp/process-status*', (route: Route) => {
        if (++streams === 1)
          return route.fulfill(
            eventStream({ progress: 5, step: 0 }, { progress: 20, step: 1 }, { progress: 40, step: 2 }),
          );
        retried();
        return route.abort('connectionrefused');
      }),
    );
    try {
      await processSmallZip(page);
      await toast(page, 'Error processing file', 'Connection to server lost');
      expect(await page.getByRole('alert').textContent()).toBe('Connection to server lost');
      await page.getByText('Reconnecting…', { exact: false }).waitFor();
      // Tried again, with one toast all along.
      await askedAgain;
      expect(
        await page
          .getByRole('region', { name: /^Notifications/ })
          .locator('li')
          .count(),
      ).toBe(1);
      // Each event marks the steps before its own done; the broken one is not.
      expect(await processingStepStates(page)).toEqual(['done', 'done', 'waiting', 'waiting', 'waiting']);
    } finally {
      await page.close();
    }
  });

  it('catches up after a lost connection: the finished export replaces the error', async () => {
    // The first stream drops after its first step; the next one, once the test has seen the
    // loss, reaches the server, which answers with the export's latest state.
    let streams = 0;
    let reconnect!: () => void;
    const lossSeen = new Promise<void>((resolve) => (reconnect = resolve));
    const page = await open((p) =>
      p.route('**/api/whatsapp/process-status*', async (route: Route) => {
        if (++streams === 1) return route.fulfill(eventStream({ progress: 5, step: 0 }));
        await lossSeen;
        return route.continue();
      }),
    );
    try {
      await processSmallZip(page);
      await toast(page, 'Error processing file', 'Connection to server lost');
      expect(await page.getByRole('alert').textContent()).toBe('Connection to server lost');
      reconnect();
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 60_000 });
      expect(await page.getByText('Connection to server lost').count()).toBe(0);
      expect(await processingStepStates(page)).toEqual(['done', 'done', 'done', 'done', 'skipped']);
    } finally {
      await page.close();
    }
  }, 90_000);

  it('stops quietly when the stream breaks after the payment step', async () => {
    const page = await open((p) =>
      p.route('**/api/whatsapp/process-status*', (route: Route) =>
        route.fulfill(eventStream({ progress: 50, step: 3 }, { progress: 100, step: 4 })),
      ),
    );
    try {
      await processSmallZip(page);
      await page.getByRole('button', { name: 'Process Chat Export' }).and(page.locator(':enabled')).waitFor();
      expect((await processingStepStates(page)).at(-1)).toBe('done');
      await page.waitForTimeout(500);
      expect(await page.getByText('Connection to server lost').count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  /** Up to the 'Complete Your Purchase' card for an export over the free tier, as the stream says. */
  const toCheckout = async (page: Page, bundleId: string | undefined) => {
    await page.route('**/api/whatsapp/process-status*', (route: Route) =>
      route.fulfill(
        eventStream({
          progress: 100,
          step: 4,
          requiresPayment: true,
          messageCount: 75,
          mediaSizeBytes: 3 * 1024 * 1024,
          ...(bundleId && { bundleId }),
        }),
      ),
    );
    await processSmallZip(page);
    expect(await page.getByTestId('message-count').textContent({ timeout: 30_000 })).toBe('75 / 50 free');
    expect(await page.getByTestId('media-size').textContent()).toBe('3 MB / 20 MB free');
    await page.getByLabel('Email for your download link').fill('buyer@example.org');
    await page.getByRole('button', { name: 'Continue to Payment ($4.99)' }).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  };

  it('toasts "Payment Error" when checkout cannot be set up, and stays on the page', async () => {
    const page = await open((p) =>
      p.route('**/api/create-payment-intent', (route: Route) =>
        route.fulfill(json(502, { message: 'down' })),
      ),
    );
    try {
      await toCheckout(page, BUNDLE_ID);
      await toast(page, 'Payment Error', 'Unable to initialize checkout. Please try again.');
      expect(new URL(page.url()).pathname).toBe('/');
      expect(
        await page.evaluate(`localStorage.getItem(${JSON.stringify(LOCAL_STORAGE_KEYS.checkoutStarted)})`),
      ).toBeNull();
    } finally {
      await page.close();
    }
  });

  it('toasts "No payment bundle found" when the export came without a bundle', async () => {
    let intents = 0;
    const page = await open((p) =>
      p.route('**/api/create-payment-intent', (route: Route) => {
        intents += 1;
        return route.continue();
      }),
    );
    try {
      await toCheckout(page, undefined);
      await toast(page, 'Error', 'No payment bundle found');
      // Nor is a checkout asked for a moment later.
      await expect(page.waitForRequest('**/api/create-payment-intent', { timeout: 1000 })).rejects.toThrow();
      expect(intents).toBe(0);
    } finally {
      await page.close();
    }
  });

  /** Back on / with a checkout left open, the page's clock installed so the polling delays can pass. */
  const pollWith = async (
    status: (route: Route) => Promise<void>,
    repair?: (route: Route) => Promise<void>,
  ) => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.clock.install();
    await page.route(`**/api/payment/${BUNDLE_ID}`, status);
    if (repair) await page.route(`**/api/payment/${BUNDLE_ID}/repair`, repair);
    await page.goto(`http://localhost:${standalone.port}/`);
    for (const [key, value] of [
      [LOCAL_STORAGE_KEYS.checkoutStarted, 'true'],
      [LOCAL_STORAGE_KEYS.bundleId, BUNDLE_ID],
      [LOCAL_STORAGE_KEYS.email, 'buyer@example.org'],
    ])
      await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`);
    await page.reload();
    await page.getByText('Preparing your download... (Attempt 1)', { exact: true }).waitFor();
    return page;
  };
  const runOutOfAttempts = async (page: Page, message: string) => {
    for (let n = 0; n < 30 && (await page.getByText(message).count()) === 0; n++) {
      await page.clock.fastForward(3000);
      await page.waitForTimeout(100);
    }
    await page.getByText(message, { exact: true }).waitFor({ timeout: 5000 });
  };

  it('polls five times for a paid bundle whose PDF is late, then says so and offers repair', async () => {
    let polls = 0;
    const page = await pollWith((route) => {
      polls += 1;
      return route.fulfill(json(200, { isPaid: true, pdfUrl: null, chatExportId: null, purchase: null }));
    });
    try {
      await runOutOfAttempts(
        page,
        'Your payment was successful, but the download is taking longer than expected. Please use the repair option below.',
      );
      expect(polls).toBe(5);
      await page.getByRole('button', { name: 'Retry Repair' }).waitFor();
    } finally {
      await page.close();
    }
  }, 60_000);

  it('says the status could not be checked when polling fails, and that repair failed when it fails', async () => {
    const page = await pollWith(
      (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }),
      (route) => route.fulfill({ status: 502, body: '' }),
    );
    try {
      await runOutOfAttempts(
        page,
        'Error checking payment status. Please try the repair option below or contact support.',
      );
      await page.getByRole('button', { name: 'Retry Repair' }).click();
      await page
        .getByText('Repair request failed. Please try again or contact support.', { exact: true })
        .waitFor();
    } finally {
      await page.close();
    }
  }, 60_000);
});
