import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from '../support/artifacts';
import { documentOpenedBy, useChromium } from '../support/browser';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { outboxMailTo } from '../support/payment-client';
import { processingStepStates } from '../support/processing-steps';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

const execFileAsync = promisify(execFile);

/**
 * The first visit as issue 22 lived it, in Chromium against `npm start`: real upload progress
 * on a slow connection, a free export that says payment was not needed and brings its buttons
 * into view, the uploader's own chat before paying, an export that survives reloads (while
 * processing, at the payment card, after Download Ready), and the cover's fields from the form.
 */
describe('the converter on a first visit', () => {
  const standalone = useStandalone();
  const chromium = useChromium();
  let workDir: string;
  let freeZip: string;
  let photoZip: string;
  let overLimitZip: string;
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-first-visit-'));
    const write = async (name: string, spec: Parameters<typeof writeWhatsAppExport>[1]) =>
      (await writeWhatsAppExport(await mkdtemp(path.join(workDir, `${name}-`)), spec)).zipPath;
    freeZip = await write('free', { textMessages: 12, voiceNotes: 1, photos: 0, encryptionNotice: true });
    // About 600 KB: a photo of noise, so the upload takes seconds at 100 KB/s.
    photoZip = await write('photo', { textMessages: 6, voiceNotes: 0, photos: 1, photoPixels: 1000 });
    overLimitZip = await write('paid', {
      textMessages: 60,
      voiceNotes: 1,
      photos: 0,
      encryptionNotice: true,
    });
  }, 60_000);
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  const origin = () => `http://localhost:${standalone.port}`;
  const open = async (width: number): Promise<Page> => {
    const page = await chromium.browser.newPage({ viewport: { width, height: width < 500 ? 740 : 900 } });
    await page.goto(`${origin()}/`);
    return page;
  };
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(ARTIFACTS, `first-visit-${name}.png`) });
  /** Whether `selector`'s element lies within the viewport now. */
  const inView = (page: Page, name: string) =>
    page.getByRole('button', { name }).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= element.ownerDocument.documentElement.clientHeight;
    });

  it('shows the bytes sent of a slow upload, then the steps, and a free export ends with payment not needed and View PDF in view on a phone', async () => {
    const page = await open(375);
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('Network.enable');
      // 100 KB/s up: the export takes about six seconds to leave the phone.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 100 * 1024,
      });
      await page.setInputFiles('input[type=file]', photoZip);
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/whatsapp/process')) uploads.push(request.method());
      });
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      const bar = page.getByRole('progressbar', { name: 'Upload progress' });
      const line = page.getByTestId('upload-progress').getByRole('status');
      // Part of the file is on its way: bytes of the total, and the time left once it is known.
      const seen: number[] = [];
      await eventually(
        async () => {
          const percent = Number(await bar.getAttribute('aria-valuenow').catch(() => '0'));
          if (percent > 0 && percent < 100) seen.push(percent);
          return seen.length > 0 && /left$/.test((await line.textContent()) ?? '');
        },
        30_000,
        'the upload shows bytes sent and the time left',
        100,
      );
      expect(await line.textContent()).toMatch(
        /^Uploading: [\d.]+ (B|KB|MB) of [\d.]+ (KB|MB) sent, about \d+ s left$/,
      );
      // No step has begun while the file is still uploading.
      expect(await processingStepStates(page)).toEqual([
        'waiting',
        'waiting',
        'waiting',
        'waiting',
        'waiting',
      ]);
      await shot(page, 'upload-375');
      await eventually(
        async () => {
          const percent = Number(await bar.getAttribute('aria-valuenow').catch(() => '100'));
          if (percent > seen.at(-1)! && percent < 100) seen.push(percent);
          return seen.length >= 2;
        },
        30_000,
        'the upload progress moves',
        100,
      );
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 90_000 });
      expect(await line.textContent()).toMatch(/^Uploaded [\d.]+ (KB|MB)$/);
      // SPEC's step text stays, the payment step says it was not needed, and is no tick.
      expect(await processingStepStates(page)).toEqual(['done', 'done', 'done', 'done', 'skipped']);
      await page.getByText('Payment required...', { exact: true }).waitFor();
      expect(await page.getByTestId('payment-not-needed').textContent()).toBe(
        'Not needed: this export is within the free tier.',
      );
      // The result's buttons, below the steps on a phone, came into view.
      await eventually(() => inView(page, 'View PDF'), 5000, 'View PDF in view');
      await shot(page, 'free-done-375');
      expect(uploads).toEqual(['POST']);
    } finally {
      await cdp.detach().catch(() => undefined);
      await page.close();
    }
  }, 180_000);

  it('brings an export back after a reload while it is processing, and its result after another', async () => {
    const page = await open(1280);
    try {
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/whatsapp/process')) uploads.push(request.method());
      });
      await page.setInputFiles('input[type=file]', freeZip);
      const [followed] = await Promise.all([
        page.waitForRequest((request) => request.url().includes('/api/whatsapp/process-status')),
        page.getByRole('button', { name: 'Process Chat Export' }).click(),
      ]);
      const exportId = new URL(followed.url()).searchParams.get('clientId')!;
      // The address never carries the export's id (it reaches servers' logs and other sites).
      expect(page.url()).toBe(`${origin()}/`);
      await page.reload();
      // The same export, followed again: no new upload.
      const [refollowed] = await Promise.all([
        page.waitForRequest((request) => request.url().includes('/api/whatsapp/process-status')),
        page.getByText('Processing Status', { exact: true }).waitFor(),
      ]);
      expect(new URL(refollowed.url()).searchParams.get('clientId')).toBe(exportId);
      await page.getByText(path.basename(freeZip), { exact: true }).waitFor();
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 90_000 });
      expect(await processingStepStates(page)).toEqual(['done', 'done', 'done', 'done', 'skipped']);

      await shot(page, 'free-done-1280');
      // A free export has its chat data; the preview before paying is not for it.
      expect((await page.request.get(`${origin()}/api/whatsapp/preview/${exportId}`)).status()).toBe(404);

      // Its links by email, through the notification service; the note stays over a reload.
      await page.getByLabel('Your email').fill('free-visit@example');
      await page.getByRole('button', { name: 'Email the links' }).click();
      await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
      await page.getByLabel('Your email').fill('free-visit@example.org');
      await page.getByRole('button', { name: 'Email the links' }).click();
      const emailed = page.getByTestId('emailed-links');
      await emailed.waitFor();
      expect(await emailed.textContent()).toMatch(
        /^We emailed the links to free-visit@example\.org; they are valid until \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
      );
      await shot(page, 'free-emailed-1280');
      const mail = (await outboxMailTo(standalone.dataDir, 'free-visit@example.org'))
        .replace(/=\r?\n/g, '')
        .replace(/\s+/g, ' ');
      expect(mail).toContain('/transcript.pdf#expires=');
      expect(mail).toContain('/evidence.zip#expires=');
      // The signature rides in the fragment, which no server or proxy log sees.
      expect(mail).not.toMatch(/\?expires=/);
      expect(mail).toContain('These links work until the files are deleted from our servers on');
      expect(mail).not.toContain('Thank you for your purchase');
      // Named by its reference: the upload's file name is text the uploader chose, and this mail
      // goes to any address they type.
      expect(mail).toMatch(/The documents of your chat export CE-[0-9A-Z-]+ are ready\./);
      expect(mail).not.toContain(path.basename(freeZip, '.zip'));

      await page.reload();
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Download Evidence Package' }).waitFor();
      expect(await page.getByTestId('preview-mode').count()).toBe(0);
      expect(await page.getByTestId('page-indicator').textContent()).toBe('Page 1 of 2');
      expect(await page.getByTestId('emailed-links').textContent()).toBe(await emailed.textContent());
      expect(await page.getByRole('button', { name: 'Email the links' }).count()).toBe(0);
      expect(uploads).toEqual(['POST']);

      // Removing the file forgets the export: a reload shows the empty converter.
      await page.getByRole('button', { name: 'Remove file' }).click();
      await page.reload();
      await page.getByTestId('preview-mode').waitFor();
      expect(await page.getByText('Processing Status', { exact: true }).count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 180_000);

  it('shows the uploader their own chat before paying, keeps it over a reload, and after Download Ready a reload keeps the result and where the links went', async () => {
    const page = await open(1280);
    try {
      const sha256 = createHash('sha256')
        .update(await readFile(overLimitZip))
        .digest('hex');
      const [followed] = await Promise.all([
        page.waitForRequest((request) => request.url().includes('/api/whatsapp/process-status')),
        page
          .setInputFiles('input[type=file]', overLimitZip)
          .then(() => page.getByRole('button', { name: 'Process Chat Export' }).click()),
      ]);
      const exportId = new URL(followed.url()).searchParams.get('clientId')!;
      await page.getByText('Payment Required', { exact: true }).waitFor({ timeout: 90_000 });
      // SPEC's count stays; what it counts is said beside it.
      expect(await page.getByTestId('message-count').textContent()).toBe('61 / 50 free');
      const ownChat = page.getByTestId('own-chat');
      await ownChat.waitFor();
      await page.getByTestId('own-preview').waitFor();
      expect(await page.getByTestId('preview-mode').count()).toBe(0);
      expect(await ownChat.textContent()).toContain('Hannah Schmidt, Omar Haddad');
      expect(await ownChat.textContent()).toContain(sha256);
      expect(await ownChat.textContent()).toContain('7 Jun 2023 – 7 Jun 2023');
      expect(await ownChat.textContent()).toContain('61 counted by the free tier; 1 WhatsApp notice');
      expect(await page.getByTestId('counts-explained').textContent()).toBe(
        '61 counted by the free tier; 1 WhatsApp notice. The free tier counts every entry but up to 50 of WhatsApp’s own short notices, a message longer than a page once for each page it begins, and a message header hidden behind invisible characters or blanks as a message; the transcript numbers all 62 entries.',
      );
      // The first page of the chat itself, and no more: the documents stay locked.
      await page.getByText('Messages and calls are end-to-end encrypted', { exact: false }).waitFor();
      expect(await page.getByTestId('page-indicator').textContent()).toBe('Page 1 of 7');
      expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
      // Why Next is disabled, said beside the pager and read with the button.
      expect(await page.getByTestId('locked-pages-note').textContent()).toBe(
        'Pages 2 to 7 unlock after payment.',
      );
      const describedBy = await page
        .getByRole('button', { name: 'Next page' })
        .getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
        'Pages 2 to 7 unlock after payment.',
      );
      expect(await page.getByRole('button', { name: 'View PDF' }).count()).toBe(0);
      const api = (route: string) => page.request.get(`${origin()}/api/whatsapp/${route}/${exportId}`);
      expect((await api('chat')).status()).toBe(404);
      expect((await api('evidence-zip')).status()).toBe(404);
      const preview = (await (await api('preview')).json()) as {
        messages: { type: string; content: string }[];
      };
      expect(preview.messages).toHaveLength(10);
      expect(preview.messages.filter((m) => m.type === 'voice').every((m) => m.content === '')).toBe(true);
      await shot(page, 'own-preview-1280');
      // On a phone the preview, its full hash included, stays within the width.
      await page.setViewportSize({ width: 375, height: 740 });
      await ownChat.scrollIntoViewIfNeeded();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await shot(page, 'own-preview-375');
      await page.setViewportSize({ width: 1280, height: 900 });

      // A reload at the payment card brings it back, with the preview.
      await page.reload();
      await page.getByText('Payment Required', { exact: true }).waitFor({ timeout: 15_000 });
      await page.getByTestId('own-chat').waitFor();

      await page.getByLabel('Email for your download link').fill('first-visit@example.org');
      await page.getByRole('button', { name: 'Continue to Payment ($4.99)' }).click();
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.getByRole('button', { name: 'Pay $4.99 (test mode)' }).click();
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 60_000 });
      const emailed = page.getByTestId('emailed-links');
      await emailed.waitFor();
      expect(await emailed.textContent()).toMatch(
        /^We emailed the links to first-visit@example\.org; they are valid until \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
      );
      await outboxMailTo(standalone.dataDir, 'first-visit@example.org');
      // After Download Ready the address is clean; a reload keeps the result and the note.
      expect(page.url()).toBe(`${origin()}/`);
      await page.reload();
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('emailed-links').textContent()).toBe(await emailed.textContent());
      expect(await page.getByTestId('own-preview').count()).toBe(0);
      expect(await page.getByText('Payment Required', { exact: true }).count()).toBe(0);
      expect(await processingStepStates(page)).toEqual(['done', 'done', 'done', 'done', 'done']);
      await shot(page, 'paid-reloaded-1280');
    } finally {
      await page.close();
    }
  }, 180_000);

  it("prints the form's case number, exhibit number, preparer, exporting account and first Bates number on the transcript", async () => {
    const page = await open(1280);
    try {
      await page.setInputFiles('input[type=file]', freeZip);
      // The fields for a lawyer are folded away on a first visit.
      await page.getByRole('button', { name: 'For a lawyer (optional)' }).click();
      const caseNumber = page.getByLabel('Case number');
      // The API's limits, named by the field's label.
      await caseNumber.fill('x'.repeat(101));
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      await page.getByText('Case number must be at most 100 characters', { exact: true }).waitFor();
      expect(await page.getByText('Processing Status', { exact: true }).count()).toBe(0);

      await caseNumber.fill('FD24P00123');
      await page.getByLabel('Exhibit number').fill('HS-3');
      await page.getByLabel('Prepared by').fill('Hannah Schmidt');
      await page.getByLabel('Exporting account').fill('Hannah Schmidt, +49 151 2345 6789');
      // The first Bates number numbers the pages a prefix is printed on: there is none to number yet.
      const batesStart = page.getByLabel('First Bates number');
      expect(await batesStart.isDisabled()).toBe(true);
      await page.getByLabel('Bates prefix (optional)').fill('HS');
      await batesStart.fill('0');
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      await page
        .getByText('First Bates number must be a whole number from 1 to 999999', { exact: true })
        .waitFor();
      expect(await page.getByText('Processing Status', { exact: true }).count()).toBe(0);
      await batesStart.fill('1001');
      await shot(page, 'form-1280');
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 90_000 });
      // The tab's address is a one-time code's: read the PDF as it reaches the tab.
      const pdf = await documentOpenedBy(page, () => page.getByRole('button', { name: 'View PDF' }).click());
      const file = path.join(workDir, 'cover.pdf');
      await writeFile(file, pdf);
      // -layout: the cover sets two short rows side by side, each label beside its value.
      const { stdout } = await execFileAsync('pdftotext', ['-layout', '-f', '1', '-l', '2', file, '-']);
      const text = stdout.replace(/\s+/g, ' ').trim();
      expect(text).toMatch(/Case number FD24P00123/);
      expect(text).toMatch(/Exhibit number HS-3/);
      expect(text).toMatch(/Prepared by Hannah Schmidt/);
      expect(text).toMatch(/Exported from the account of Hannah Schmidt, \+49 151 2345 6789/);
      // View PDF opens transcript.pdf, the native copy: its first page carries the filing copy's first number with -N.
      expect(text).toMatch(/^Case no\. FD24P00123 · Exhibit HS-3 · Transcript of WhatsApp chat export · /);
      expect(text).toContain('HS001001-N');
    } finally {
      await page.close();
    }
  }, 180_000);
});
