import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS } from '../support/artifacts';
import { documentOpenedBy, useChromium } from '../support/browser';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';
import { yazlZip } from '../../services/ingest/test/support/hostile-zips';

/** What the parse service says of a ZIP with no chat file in it. */
const NO_CHAT_SENTENCE =
  'This ZIP has no WhatsApp chat file. In WhatsApp, open the chat, choose "Export chat", and upload the ZIP it makes.';

const execFileAsync = promisify(execFile);

type Box = { top: number; bottom: number; left: number; right: number };

/** Where `locator`'s element is in the viewport now. */
const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });
const overlap = (a: Box, b: Box): boolean =>
  a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/**
 * What a second look on a phone (375 px) and a laptop found, in Chromium against `npm start`:
 * the refusal toast beside its guidance, the form over a reload and after a result, the
 * preview's Generated On in the PDF's zone, and the links' note in view after paying.
 */
describe('the converter on a phone, after the first look', () => {
  const standalone = useStandalone();
  const chromium = useChromium();
  let workDir: string;
  let freeZip: string;
  let overLimitZip: string;
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-phone-'));
    const write = async (name: string, spec: Parameters<typeof writeWhatsAppExport>[1]) =>
      (await writeWhatsAppExport(await mkdtemp(path.join(workDir, `${name}-`)), spec)).zipPath;
    freeZip = await write('free', { textMessages: 12, voiceNotes: 0, photos: 0 });
    overLimitZip = await write('paid', { textMessages: 60, voiceNotes: 0, photos: 0 });
  }, 60_000);
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  const open = async (width: number): Promise<Page> => {
    const page = await chromium.browser.newPage({ viewport: { width, height: width < 500 ? 740 : 900 } });
    await page.goto(`http://localhost:${standalone.port}/`);
    return page;
  };
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(ARTIFACTS, `phone-${name}.png`) });
  /** The sticky header's bottom edge: what lies above it is hidden. */
  const headerBottom = async (page: Page) => (await boxOf(page.getByRole('banner'))).bottom;

  it("shows a refused file's guidance below the header and clear of SPEC's toast", async () => {
    const page = await open(375);
    try {
      const notAZip = path.join(workDir, 'WhatsApp Chat with Sam.txt');
      await writeFile(notAZip, '07/06/2023, 15:14 - Sam: Hello\n');
      await page.getByRole('button', { name: 'Process Chat Export' }).scrollIntoViewIfNeeded();
      await page.setInputFiles('input[type=file]', notAZip);
      const toast = page.locator('li', { hasText: 'Invalid File Type' });
      await toast.waitFor();
      const guidance = page.getByTestId('refused-file-guidance');
      await guidance.waitFor();
      const viewportHeight = page.viewportSize()!.height;
      await eventually(
        async () => {
          const box = await boxOf(guidance);
          return box.top >= (await headerBottom(page)) && box.bottom <= viewportHeight;
        },
        5000,
        'the guidance in view below the header',
      );
      expect(overlap(await boxOf(guidance), await boxOf(toast))).toBe(false);
      await shot(page, 'refused-375');
    } finally {
      await page.close();
    }
  });

  it.each([
    { name: 'WhatsApp Chat with Sam.txt', bytes: 64, toastTitle: 'Invalid File Type' },
    { name: 'big.zip', bytes: 101 * 1024 * 1024, toastTitle: 'File Too Large' },
  ])(
    'at 375 × 812 brings the guidance for $name fully into view, below the header and clear of the toast',
    async ({ name, bytes, toastTitle }) => {
      const page = await chromium.browser.newPage({ viewport: { width: 375, height: 812 } });
      try {
        await page.goto(`http://localhost:${standalone.port}/`);
        const refusedFile = path.join(workDir, name);
        await writeFile(refusedFile, '');
        await truncate(refusedFile, bytes);
        await page.setInputFiles('input[type=file]', refusedFile);
        const toast = page.locator('li', { hasText: toastTitle });
        await toast.waitFor();
        const guidance = page.getByTestId('refused-file-guidance');
        await eventually(
          async () => {
            const box = await boxOf(guidance);
            return box.top >= (await headerBottom(page)) && box.bottom <= 812;
          },
          5000,
          'the guidance in view below the header',
        );
        expect(overlap(await boxOf(guidance), await boxOf(toast))).toBe(false);
        await shot(page, `refused-${bytes > 1000 ? 'too-large' : 'txt'}-375x812`);
      } finally {
        await page.close();
      }
    },
  );

  it('at 375 px shows a ZIP with no WhatsApp chat in it once, in the toast, with guidance and the help link', async () => {
    const photosZip = path.join(workDir, 'Holiday photos.zip');
    await writeFile(photosZip, await yazlZip([{ path: 'IMG-20230607-WA0003.jpg', data: 'jpeg bytes' }]));
    const page = await open(375);
    try {
      await page.setInputFiles('input[type=file]', photosZip);
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      const guidance = page.locator('[data-testid="refused-file-guidance"][data-reason="not-whatsapp"]');
      await guidance.waitFor({ timeout: 60_000 });
      await page.locator('li', { hasText: NO_CHAT_SENTENCE }).waitFor();
      // The sentence once on the page (SPEC's toast), not again in an error box. (Outside #root,
      // Radix's live region repeats the toast for screen readers only.)
      expect(await page.locator('#root').getByText(NO_CHAT_SENTENCE).count()).toBe(1);
      expect(await guidance.getByRole('heading').textContent()).toBe(
        '“Holiday photos.zip” is not a WhatsApp export ZIP',
      );
      const help = guidance.getByRole('link', { name: /how to export a chat/ });
      expect(await help.getAttribute('href')).toBe('/help');
      await eventually(
        async () => (await boxOf(guidance)).top >= (await headerBottom(page)),
        5000,
        'the guidance below the header',
      );
      await shot(page, 'not-whatsapp-375');
      await help.click();
      await page.waitForURL((url) => url.pathname === '/help');
    } finally {
      await page.close();
    }
  }, 90_000);

  it.each([375, 1280])(
    'at %i px brings a free result into view with the preview card’s top below the header',
    async (width) => {
      const page = await open(width);
      try {
        await page.setInputFiles('input[type=file]', freeZip);
        await page.getByRole('button', { name: 'Process Chat Export' }).click();
        await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 90_000 });
        const heading = page.getByText('Transcript Preview', { exact: true });
        const panel = heading.locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');
        const viewportHeight = page.viewportSize()!.height;
        await eventually(
          async () => {
            const [top, buttons] = [
              await boxOf(panel),
              await boxOf(page.getByRole('button', { name: 'View PDF' })),
            ];
            return top.top >= (await headerBottom(page)) && buttons.bottom <= viewportHeight;
          },
          10_000,
          'the preview card’s top below the header, its buttons in view',
        );
        await shot(page, `result-in-view-${width}`);
      } finally {
        await page.close();
      }
    },
    120_000,
  );

  it('keeps the cover fields and asks for the file again after a reload, then after the result offers a new export; Generated On is in the zone the PDF uses', async () => {
    const page = await open(375);
    try {
      await page.setInputFiles('input[type=file]', freeZip);
      await page.getByRole('button', { name: 'For a lawyer (optional)' }).click();
      await page.getByLabel('Case number').fill('FD24P00123');
      await page.getByLabel('Exhibit number').fill('HS-3');
      await page.reload();
      await page.getByTestId('choose-again').waitFor();
      expect(await page.getByTestId('choose-again').textContent()).toBe(
        `You had chosen “${path.basename(freeZip)}”. Choose the file again: browsers do not keep a chosen file over a reload.`,
      );
      // The fold opens by itself on what this browser kept.
      expect(await page.getByLabel('Case number').isVisible()).toBe(true);
      expect(await page.getByLabel('Case number').inputValue()).toBe('FD24P00123');
      expect(await page.getByLabel('Exhibit number').inputValue()).toBe('HS-3');
      // Never in the address.
      expect(page.url()).not.toContain('FD24P00123');
      // Where the view lands, on the disabled button: the reason is beside it, in view.
      const processButton = page.getByRole('button', { name: 'Process Chat Export' });
      await processButton.scrollIntoViewIfNeeded();
      const reason = page.getByTestId('no-file-reason');
      expect(await reason.textContent()).toBe(`To process, choose “${path.basename(freeZip)}” again above.`);
      expect((await boxOf(reason)).top).toBeGreaterThanOrEqual(await headerBottom(page));
      expect((await boxOf(reason)).bottom).toBeLessThanOrEqual((await boxOf(processButton)).top);
      await shot(page, 'choose-again-375');

      await page.setInputFiles('input[type=file]', freeZip);
      expect(await page.getByTestId('choose-again').count()).toBe(0);
      // A zone far from the browser's (UTC here): the preview must use the one the PDF uses.
      await page.getByLabel('Time zone of the phone').selectOption('Asia/Tokyo');
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 90_000 });

      const generatedOn = page.getByText('Generated On:').locator('xpath=following-sibling::dd');
      expect(await generatedOn.textContent()).toMatch(
        /^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(UTC\+09:00\), Asia\/Tokyo$/,
      );
      const pdf = await documentOpenedBy(page, () => page.getByRole('button', { name: 'View PDF' }).click());
      const file = path.join(workDir, 'generated.pdf');
      await writeFile(file, pdf);
      const { stdout } = await execFileAsync('pdftotext', ['-layout', '-f', '1', '-l', '2', file, '-']);
      const cover = stdout.replace(/\s+/g, ' ');
      expect(cover).toMatch(
        /Transcript generated \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(UTC\+09:00\), Asia\/Tokyo/,
      );
      // The preview's pages say they are the preview's.
      expect(await page.getByTestId('preview-pages-note').textContent()).toBe(
        'pages of this preview, 10 entries each, not of the PDF',
      );

      // The form does not offer to process the same file again as if nothing happened.
      expect(await page.getByRole('button', { name: 'Process Chat Export' }).count()).toBe(0);
      await page.getByTestId('export-made').scrollIntoViewIfNeeded();
      await shot(page, 'export-made-375');
      // A reload brings the result back with the zone it was made in.
      await page.reload();
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 15_000 });
      expect(await generatedOn.textContent()).toMatch(/\(UTC\+09:00\), Asia\/Tokyo$/);
      expect(await page.getByLabel('Case number').inputValue()).toBe('FD24P00123');

      // A free result says until when its files are kept.
      expect(await page.getByTestId('files-kept-until').textContent()).toMatch(
        /^Its files stay on our servers until \d{1,2} [A-Z][a-z]+ \d{4}, then they are deleted: download them before then\.$/,
      );
      // It asks first: the result leaves the page; until when its files stay; email the links first.
      await page.getByRole('button', { name: 'Convert another export' }).click();
      const question = page.getByRole('alertdialog', { name: 'Convert another export?' });
      await question.waitFor();
      expect(await question.textContent()).toMatch(
        /This result leaves this page: its View PDF and Download buttons go\. Its files stay on our servers until \d{1,2} [A-Z][a-z]+ \d{4}, then they are deleted\. To reach them later, email yourself the links first\./,
      );
      await shot(page, 'convert-another-question-375');
      await question.getByRole('button', { name: 'Email the links first' }).click();
      await eventually(
        () => page.getByLabel('Your email').evaluate((field) => field === field.ownerDocument.activeElement),
        5000,
        'the links’ email field focused',
      );
      expect(await page.getByRole('button', { name: 'View PDF' }).count()).toBe(1);
      await page.getByRole('button', { name: 'Convert another export' }).click();
      await question.getByRole('button', { name: 'Convert another export' }).click();
      await page.getByRole('button', { name: 'Process Chat Export' }).waitFor();
      await page.getByTestId('preview-mode').waitFor();
      expect(await page.getByRole('button', { name: 'View PDF' }).count()).toBe(0);
      expect(await page.getByLabel('Case number').inputValue()).toBe('FD24P00123');
      expect(await page.evaluate("localStorage.getItem('chatexhibit.export')")).toBeNull();
      await page.reload();
      await page.getByTestId('preview-mode').waitFor();
      expect(await page.getByTestId('choose-again').count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 180_000);

  it('brings the documents-ready panel, where the links were emailed, into view below the header after paying on a phone', async () => {
    const page = await open(375);
    try {
      await page.setInputFiles('input[type=file]', overLimitZip);
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      const paymentTitle = page.getByText('Payment Required', { exact: true });
      await paymentTitle.waitFor({ timeout: 90_000 });
      // The payment card scrolled into view stops just below the header: the page's scroll
      // padding applies once, not again as a margin of the card.
      await eventually(
        async () => {
          const { top } = await boxOf(paymentTitle);
          const below = await headerBottom(page);
          return top >= below && top <= below + 56;
        },
        5000,
        'the payment card at the top, below the header',
      );
      await page.getByLabel('Email for your download link').fill('phone-buyer@example.org');
      await page.getByRole('button', { name: 'Continue to Payment ($4.99)' }).click();
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.getByRole('button', { name: 'Pay $4.99 (test mode)' }).click();
      const ready = page.getByTestId('documents-ready');
      await ready.getByTestId('emailed-links').waitFor({ timeout: 60_000 });
      // The panel that says where the links went and what to do next at the top, just below the
      // sticky header, with the result's buttons under it.
      await eventually(
        async () => {
          const { top } = await boxOf(ready);
          const below = await headerBottom(page);
          return top >= below && top <= below + 32;
        },
        5000,
        'the documents-ready panel at the top, below the header',
      );
      expect((await boxOf(page.getByRole('button', { name: 'View PDF' }))).top).toBeGreaterThan(
        (await boxOf(ready)).bottom,
      );
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await shot(page, 'emailed-375');
    } finally {
      await page.close();
    }
  }, 180_000);
});
