import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_STORAGE_KEYS } from '@chatexhibit/proto/constants';
import { EXPORT_REFERENCE_PATTERN } from '@chatexhibit/proto/export-reference';
import type { Page } from 'playwright-core';
import { graveAccessibilityProblems } from '../support/accessibility';
import { ARTIFACTS } from '../support/artifacts';
import { documentOpenedBy, useChromium } from '../support/browser';
import { shareCookies } from '../support/browser-cookies';
import { cleanUpAll } from '../support/clean-up';
import { createPaymentIntent, uploadOverLimitExport } from '../support/payment-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';
import { processingStepStates } from '../support/processing-steps';

/**
 * The converter on / as a person uses it in Chromium, against `npm start` without Stripe keys:
 * the free flow to 'View PDF' and 'Download Evidence Package', the paid flow through the local
 * test checkout to 'Download Ready', a cancelled checkout, polling that runs out and repair,
 * and the SPEC §5 toasts.
 */
describe('the converter', () => {
  const standalone = useStandalone();
  const chromium = useChromium();
  let workDir: string;
  let freeZip: string;
  let overLimitZip: string;
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-converter-'));
    freeZip = (
      await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'free-')), {
        textMessages: 12,
        voiceNotes: 2,
        photos: 1,
        encryptionNotice: true,
      })
    ).zipPath;
    overLimitZip = (
      await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'paid-')), {
        textMessages: 60,
        voiceNotes: 1,
        photos: 0,
      })
    ).zipPath;
  }, 60_000);
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  /** The app at the address its return URLs use (PUBLIC_URL's default), so local storage is shared. */
  const origin = () => `http://localhost:${standalone.port}`;
  const open = async (width = 1280): Promise<Page> => {
    const page = await chromium.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${origin()}/`);
    return page;
  };
  const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

  it('shows the sample preview, zooms within its bounds, and turns a free export into View PDF and Download Evidence Package', async () => {
    const page = await open();
    try {
      await page.getByTestId('preview-mode').waitFor();
      expect(await page.getByTestId('page-indicator').textContent()).toBe('Page 1 of 2');
      for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
      expect(await page.getByTestId('zoom-level').textContent()).toBe('50%');
      expect(await page.getByRole('button', { name: 'Zoom out' }).isDisabled()).toBe(true);
      for (let i = 0; i < 15; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await page.getByTestId('zoom-level').textContent()).toBe('200%');
      expect(await page.getByRole('button', { name: 'Zoom in' }).isDisabled()).toBe(true);

      const process = page.getByRole('button', { name: 'Process Chat Export' });
      expect(await process.isDisabled()).toBe(true);
      await page.setInputFiles('input[type=file]', freeZip);
      await process.click();
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('preview-mode').count()).toBe(0);
      expect(await processingStepStates(page)).toEqual(['done', 'done', 'done', 'done', 'skipped']);
      // 15 messages with the encryption notice: two pages, the first under its date heading.
      expect(await page.getByTestId('page-indicator').textContent()).toBe('Page 1 of 2');
      await page.getByText('07 JUNE 2023', { exact: false }).first().waitFor();
      // An iPhone export writes seconds: the preview shows them, as the PDF does.
      await page.getByText('08:01:01', { exact: true }).waitFor();
      expect(await page.getByTestId('voice-player').count()).toBeGreaterThan(0);
      await page.locator('#convert').screenshot({ path: path.join(ARTIFACTS, 'converter-free.png') });
      expect(await graveAccessibilityProblems(page)).toEqual([]);

      // View PDF opens a one-time code's address: no id, no signature.
      const [pdf] = await Promise.all([
        page
          .context()
          .waitForEvent('response', (response) => /\/api\/files\/[A-Za-z0-9_-]+$/.test(response.url())),
        documentOpenedBy(page, () => page.getByRole('button', { name: 'View PDF' }).click()),
      ]);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      // A download: the new tab stays blank, its request names the package by a one-time code.
      const [zipResponse] = await Promise.all([
        page.context().waitForEvent('response', (response) => response.url().includes('/evidence-zip/')),
        page.getByRole('button', { name: 'Download Evidence Package' }).click(),
      ]);
      expect(zipResponse.url()).toMatch(/\/api\/whatsapp\/evidence-zip\/[A-Za-z0-9_-]{70}$/);
      expect(zipResponse.headers()['content-type']).toBe('application/zip');
    } finally {
      await page.close();
    }
  }, 120_000);

  it('deletes a result at once after a confirmation that says what goes, then its links answer 410', async () => {
    const page = await open();
    try {
      await page.setInputFiles('input[type=file]', freeZip);
      const [followed] = await Promise.all([
        page.waitForRequest((request) => request.url().includes('/api/whatsapp/process-status')),
        page.getByRole('button', { name: 'Process Chat Export' }).click(),
      ]);
      const exportId = new URL(followed.url()).searchParams.get('clientId')!;
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 60_000 });
      const [pdfTab, asked] = await Promise.all([
        page.context().waitForEvent('page'),
        page.waitForRequest((request) => request.url().endsWith('/api/link-code')),
        page.getByRole('button', { name: 'View PDF' }).click(),
      ]);
      await pdfTab.close();
      // The transcript's link the page holds, as View PDF asks a code for it.
      const pdfLink = () =>
        page.request.post(`${origin()}/api/link-code`, { data: asked.postDataJSON() as unknown });

      const remove = page.getByRole('button', { name: 'Delete this export' });
      const dialog = page.getByRole('alertdialog', { name: 'Delete this export now?' });
      // Cancel changes nothing.
      await remove.click();
      await dialog.waitFor();
      await dialog
        .getByText('every download link to them stops working, including the links in emails')
        .waitFor();
      expect(await graveAccessibilityProblems(page)).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, 'converter-delete-dialog.png') });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await pdfLink()).status()).toBe(201);

      await remove.click();
      await dialog.getByRole('button', { name: 'Delete export' }).click();
      await toast(page, 'Export deleted').waitFor();
      // The result is gone from the page, and from the server.
      await page.getByTestId('preview-mode').waitFor();
      expect(await page.getByRole('button', { name: 'View PDF' }).count()).toBe(0);
      expect((await pdfLink()).status()).toBe(410);
      expect((await page.request.get(`${origin()}/api/whatsapp/chat/${exportId}`)).status()).toBe(410);
    } finally {
      await page.close();
    }
  }, 120_000);

  it("sends the browser's zone as 'browser' unless the uploader picks one, then as 'declared'", async () => {
    /** The `options` JSON of the upload the page sends, answered with a refusal so nothing is processed. */
    const sentOptions = async (pickZone?: string): Promise<Record<string, unknown>> => {
      const page = await chromium.browser.newPage({ timezoneId: 'Asia/Tokyo' });
      try {
        await page.goto(`${origin()}/`);
        const sent = new Promise<string>((resolve) => {
          void page.route('**/api/whatsapp/process', async (route) => {
            resolve(route.request().postDataBuffer()!.toString('latin1'));
            await route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({ code: 'INVALID_REQUEST', message: 'refused by the test' }),
            });
          });
        });
        const zone = page.getByLabel('Time zone of the phone');
        expect(await zone.inputValue()).toBe('Asia/Tokyo');
        if (pickZone !== undefined) await zone.selectOption(pickZone);
        await page.setInputFiles('input[type=file]', freeZip);
        await page.getByRole('button', { name: 'Process Chat Export' }).click();
        const body = await sent;
        const json = /name="options"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r\n]*)\r\n/.exec(body)![1]!;
        return JSON.parse(json) as Record<string, unknown>;
      } finally {
        await page.close();
      }
    };
    expect(await sentOptions()).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneSource: 'browser' });
    expect(await sentOptions('Europe/Lisbon')).toMatchObject({
      timeZone: 'Europe/Lisbon',
      timeZoneSource: 'declared',
    });
  }, 60_000);

  it('refuses a file that is not a ZIP, and one over 100 MB, with the SPEC toasts', async () => {
    const page = await open();
    const text = path.join(workDir, 'notes.txt');
    const large = path.join(workDir, 'huge.zip');
    await writeFile(text, 'not a zip');
    await writeFile(large, '');
    await truncate(large, 100 * 1024 * 1024 + 1);
    try {
      await page.setInputFiles('input[type=file]', text);
      await toast(page, 'Invalid File Type').waitFor();
      await page.getByText('Please upload a WhatsApp export ZIP file.', { exact: true }).waitFor();
      await page.setInputFiles('input[type=file]', large);
      await toast(page, 'File Too Large').waitFor();
      await page.getByText('Please upload a file smaller than 100MB.', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Process Chat Export' }).isDisabled()).toBe(true);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("opens an option's hint on hover, and on a tap on a touch screen, where a tap elsewhere closes it", async () => {
    const hint = (page: Page) =>
      page.getByRole('tooltip').filter({
        hasText: 'Show the time of every message (HH:mm, with seconds when the export has them).',
      });
    const desktop = await open();
    try {
      await desktop.getByRole('button', { name: 'About: Include timestamps' }).hover();
      await hint(desktop).waitFor();
    } finally {
      await desktop.close();
    }
    const phone = await chromium.browser.newPage({
      viewport: { width: 375, height: 800 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      await phone.goto(`${origin()}/`);
      await phone.getByRole('button', { name: 'About: Include timestamps' }).tap();
      await hint(phone).waitFor();
      await phone.getByText('Processing options', { exact: true }).tap();
      await hint(phone).waitFor({ state: 'detached' });
    } finally {
      await phone.close();
    }
  }, 60_000);

  it('fits a phone: a WhatsApp-named file, the steps and the Payment Required card stay within 375 px', async () => {
    const page = await open(375);
    const fits = async () =>
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    try {
      expect(path.basename(overLimitZip)).toMatch(/^WhatsApp Chat - .{8,}\.zip$/);
      await page.setInputFiles('input[type=file]', overLimitZip);
      await page.getByRole('button', { name: 'Remove file' }).waitFor();
      await fits();
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      await page.getByText('Payment Required', { exact: true }).waitFor({ timeout: 60_000 });
      await fits();
      await page.locator('#convert').screenshot({ path: path.join(ARTIFACTS, 'converter-375.png') });
    } finally {
      await page.close();
    }
  }, 120_000);

  it('takes an over-limit export through the test checkout to Download Ready', async () => {
    const page = await open();
    try {
      await page.setInputFiles('input[type=file]', overLimitZip);
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      await page.getByText('Payment Required', { exact: true }).waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('message-count').textContent()).toBe('61 / 50 free');

      const continueButton = page.getByRole('button', { name: 'Continue to Payment ($4.99)' });
      await continueButton.click();
      await page.getByText('Email is required', { exact: true }).waitFor();
      const email = page.getByLabel('Email for your download link');
      await email.fill('buyer@example');
      expect(await page.getByText('Email is required', { exact: true }).count()).toBe(0);
      await continueButton.click();
      await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
      await email.fill('buyer@example.org');
      await continueButton.click();
      await page.getByText('Complete Your Purchase', { exact: true }).waitFor();
      expect(await graveAccessibilityProblems(page)).toEqual([]);
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

      await page.getByRole('button', { name: 'Pay $4.99 (test mode)' }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.search === '', { timeout: 15_000 });
      await toast(page, 'Download Ready').waitFor({ timeout: 30_000 });
      await page
        .getByText('Your payment was successful and your download is ready.', { exact: true })
        .waitFor();
      await page.getByRole('button', { name: 'View PDF' }).waitFor();
      // Back from checkout the page shows the converter, not the hero above it.
      expect(await page.getByRole('button', { name: 'View PDF' }).isVisible()).toBe(true);
      expect(
        await page.locator('#convert').evaluate((section) => section.getBoundingClientRect().top),
      ).toBeLessThan(200);
      expect(await page.getByTestId('page-indicator').textContent()).toBe('Page 1 of 7');
      expect(await page.getByRole('button', { name: 'Delete this export' }).isVisible()).toBe(true);
      expect(
        await page.evaluate(`localStorage.getItem(${JSON.stringify(LOCAL_STORAGE_KEYS.checkoutStarted)})`),
      ).toBeNull();
      // What stays after the toast: the receipt, by the export's reference, where the links went.
      const ready = page.getByRole('region', { name: 'Your documents are ready' });
      expect(await ready.getByTestId('receipt-amount').textContent()).toBe('$4.99');
      expect(await ready.getByTestId('receipt-reference').textContent()).toMatch(EXPORT_REFERENCE_PATTERN);
      expect(await ready.getByTestId('emailed-links').textContent()).toMatch(
        /^We emailed the links to buyer@example\.org; they are valid until \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
      );
      // The heading takes the focus in an effect after the panel is drawn: wait for it.
      await page.waitForFunction("document.activeElement?.textContent === 'Your documents are ready'");
      expect(await graveAccessibilityProblems(page)).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, 'converter-paid.png') });
      await ready.screenshot({ path: path.join(ARTIFACTS, 'converter-documents-ready.png') });
      // A reload brings it back, from the server.
      await page.reload();
      await ready.getByTestId('receipt-reference').waitFor({ timeout: 30_000 });
    } finally {
      await page.close();
    }
  }, 120_000);

  it('comes back from a cancelled checkout with Payment Cancelled, the flags cleared and the Payment Required card again', async () => {
    const page = await open();
    try {
      await page.setInputFiles('input[type=file]', overLimitZip);
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      await page
        .getByLabel('Email for your download link')
        .fill('undecided@example.org', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Continue to Payment ($4.99)' }).click();
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.getByRole('button', { name: 'Pay $4.99 (test mode)' }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await toast(page, 'Payment Cancelled').waitFor({ timeout: 15_000 });
      await page.waitForURL((url) => url.pathname === '/' && url.search === '');
      for (const key of Object.values(LOCAL_STORAGE_KEYS))
        expect(await page.evaluate(`localStorage.getItem(${JSON.stringify(key)})`)).toBeNull();
      // The same export can be paid for without a new upload.
      await page.getByText('Payment Required', { exact: true }).waitFor();
      expect(await page.getByTestId('message-count').textContent()).toBe('61 / 50 free');
      // The email typed before is still there, not to be typed again.
      expect(await page.getByLabel('Email for your download link').inputValue()).toBe(
        'undecided@example.org',
      );
      await page.getByLabel('Email for your download link').fill('decided@example.org');
      await page.getByRole('button', { name: 'Continue to Payment ($4.99)' }).click();
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.getByRole('button', { name: 'Pay $4.99 (test mode)' }).click();
      await toast(page, 'Download Ready').waitFor({ timeout: 30_000 });
    } finally {
      await page.close();
    }
  }, 120_000);

  it("comes back from the checkout page with the browser's Back to the Payment Required card, also after a reload, and pays from it", async () => {
    const page = await open();
    try {
      await page.setInputFiles('input[type=file]', overLimitZip);
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      await page.getByLabel('Email for your download link').fill('back@example.org', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Continue to Payment ($4.99)' }).click();
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.getByRole('button', { name: 'Pay $4.99 (test mode)' }).waitFor();
      await page.goBack();
      // SPEC: the flag set and no return parameters, polling resumes; unpaid, the card comes back.
      const card = page.getByText('Payment Required', { exact: true });
      await card.waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('message-count').textContent()).toBe('61 / 50 free');
      const email = page.getByLabel('Email for your download link');
      expect(await email.inputValue()).toBe('back@example.org');
      expect(await page.getByText(/could not be confirmed/).count()).toBe(0);
      for (const key of Object.values(LOCAL_STORAGE_KEYS))
        expect(await page.evaluate(`localStorage.getItem(${JSON.stringify(key)})`)).toBeNull();
      await page.screenshot({ path: path.join(ARTIFACTS, 'converter-back-from-checkout.png') });

      // The export does not vanish on a reload either.
      await page.reload();
      await card.waitFor({ timeout: 30_000 });
      expect(await email.inputValue()).toBe('back@example.org');

      await page.getByRole('button', { name: 'Continue to Payment ($4.99)' }).click();
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.getByRole('button', { name: 'Pay $4.99 (test mode)' }).click();
      await toast(page, 'Download Ready').waitFor({ timeout: 30_000 });
      await page.getByRole('region', { name: 'Your documents are ready' }).waitFor();
    } finally {
      await page.close();
    }
  }, 180_000);

  it('polls five times back from a checkout whose payment is not recorded, then offers Retry Repair, which delivers once it is paid', async () => {
    const { bundleId } = await uploadOverLimitExport(standalone.baseUrl, workDir);
    const { body } = await createPaymentIntent(standalone.baseUrl, bundleId, 'later@example.org');
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The browser that uploaded, through the API here: it holds the cookie that binds the export.
    await shareCookies(page.context(), standalone.baseUrl, origin());
    try {
      // The polling's 3 + 5 + 10 + 15 + 20 s pass on the page's own clock.
      await page.clock.install();
      await page.goto(`${origin()}/`);
      const polls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === `/api/payment/${bundleId}`) polls.push(request.url());
      });
      // Stripe's return URL, its webhook not (yet) delivered.
      await page.goto(`${origin()}/?success=true&bundleId=${bundleId}`);
      await page.getByText('Preparing your download... (Attempt 1)', { exact: true }).waitFor();
      const unconfirmed =
        'Your payment status could not be confirmed. Please try the repair option below or contact support.';
      for (let n = 0; n < 30 && (await page.getByText(unconfirmed).count()) === 0; n++) {
        await page.clock.fastForward(3000);
        await page.waitForTimeout(100);
      }
      await page.getByText(unconfirmed, { exact: true }).waitFor({ timeout: 5000 });
      expect(polls).toHaveLength(5);
      const repair = page.getByRole('button', { name: 'Retry Repair' });
      await repair.click();
      await page
        .getByText('Repair did not succeed. Please try again or contact support.', { exact: true })
        .waitFor();

      // Paid on the checkout page meanwhile (its webhook delivered): the repair now delivers.
      const paid = await fetch(`${body.checkoutUrl!.replace('localhost', '127.0.0.1')}/pay`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      await repair.click();
      await toast(page, 'Download Ready').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'View PDF' }).waitFor();
    } finally {
      await page.close();
    }
  }, 120_000);
});
