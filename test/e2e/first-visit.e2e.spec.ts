import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from '../support/artifacts';
import { useChromium } from '../support/browser';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { openLink, readProgress, uploadExport } from '../support/pipeline-client';
import { REPO_ROOT } from '../support/child-process';
import { useStandalone } from '../support/standalone';
import { shownToast } from '../support/toast';
import { writeWhatsAppExport } from '../support/whatsapp-export';

const WIDTHS = [375, 1280] as const;
const SUPPORT_EMAIL = 'help@example.org';

/**
 * A first visit in Chromium, as a person in a legal dispute makes it, on a phone's width and a
 * laptop's: the button at the top, what the badges mean, the favicon, the help, privacy and terms
 * pages and where they are linked, the one support address, and what stays on the page after a
 * file is refused.
 */
describe('the first visit', () => {
  const standalone = useStandalone({ SUPPORT_EMAIL });
  const chromium = useChromium();
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-first-visit-'));
  });
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  const open = async (width: number, pathname = '/'): Promise<Page> => {
    const page = await chromium.browser.newPage({ viewport: { width, height: width < 768 ? 740 : 900 } });
    await page.goto(`${standalone.baseUrl}${pathname}`);
    return page;
  };
  /** Whether the top of what `locator` finds is on the screen now (boxes are relative to the viewport). */
  const topOnScreen = async (page: Page, locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox();
    return box !== null && box.y >= 0 && box.y < page.viewportSize()!.height;
  };

  it.each(WIDTHS)(
    'at %i px: "Convert your chat" is on the first screen and takes you to the drop zone; each badge says what it means',
    async (width) => {
      const page = await open(width);
      try {
        const button = page.getByRole('link', { name: 'Convert your chat' });
        await button.waitFor();
        const box = (await button.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
        await page.screenshot({ path: path.join(ARTIFACTS, `web-first-visit-home-${width}.png`) });
        const meanings = await page.getByTestId('badge-meaning').allTextContents();
        expect(meanings).toHaveLength(3);
        expect(meanings[0]).toContain('Federal Rule of Evidence 902(14)');
        expect(meanings[0]).toContain('SHA-256');
        // The verification page the third names is a link to it.
        const verifyLink = page
          .getByTestId('badge-meaning')
          .nth(2)
          .getByRole('link', { name: 'verification page' });
        expect(await verifyLink.getAttribute('href')).toBe('/verify');
        // A free tier, with no time limit: not a trial.
        expect(await page.getByText('Free tier:', { exact: true }).count()).toBe(1);
        expect(await page.getByText('Free trial', { exact: false }).count()).toBe(0);
        await button.click();
        await page.waitForURL((url) => url.hash === '#convert');
        const dropZone = page.getByRole('button', { name: 'Drop your ZIP file here, or browse' });
        await eventually(() => topOnScreen(page, dropZone), 10_000, 'the drop zone on the screen');
      } finally {
        await page.close();
      }
    },
    60_000,
  );

  it('serves a favicon that every page names, and no page load asks for anything that is not there', async () => {
    const icon = await fetch(`${standalone.baseUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/icon/);
    expect([...new Uint8Array(await icon.arrayBuffer()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect((await fetch(`${standalone.baseUrl}/favicon.svg`)).status).toBe(200);
    const page = await chromium.browser.newPage();
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
    });
    try {
      for (const pathname of ['/', '/help', '/privacy', '/terms']) {
        await page.goto(`${standalone.baseUrl}${pathname}`, { waitUntil: 'networkidle' });
        expect(await page.locator('link[rel=icon][href="/favicon.ico"]').count()).toBe(1);
      }
      expect(missing).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it.each(WIDTHS)(
    'at %i px: the footer links the help, privacy and terms pages and gives the configured support address',
    async (width) => {
      const page = await open(width);
      try {
        const footer = page.getByRole('contentinfo');
        // The address the server is configured with, once GET /api/site answered.
        await footer.getByTestId('support-email').filter({ hasText: SUPPORT_EMAIL }).waitFor();
        const pages = [
          { link: 'How to export a chat', url: '/help', heading: 'How to Export a WhatsApp Chat' },
          { link: 'Privacy', url: '/privacy', heading: 'Privacy Policy' },
          { link: 'Terms', url: '/terms', heading: 'Terms of Service' },
        ];
        for (const { link, url, heading } of pages) {
          await page.goto(`${standalone.baseUrl}/`);
          await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
          await page.waitForURL((at) => at.pathname === url);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          await page.screenshot({
            path: path.join(ARTIFACTS, `web-first-visit${url.replace('/', '-')}-${width}.png`),
            fullPage: true,
          });
        }
        // The help page's steps for both phones, in WhatsApp's own words.
        await page.goto(`${standalone.baseUrl}/help`);
        const help = (await page.locator('main').textContent())!;
        for (const words of ['“Export Chat”', '“Attach Media”', '“Export chat”', '“Include media”'])
          expect(help).toContain(words);
        // The privacy policy: what, how long, who, deletion, processors, contact.
        await page.goto(`${standalone.baseUrl}/privacy`);
        await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
        const privacy = (await page.locator('main').textContent())!;
        for (const words of [
          'deleted 7 days after upload',
          'deleted 90 days after purchase',
          '“Delete this export”',
          'Stripe',
          'email delivery service',
        ])
          expect(privacy).toContain(words);
        await page.locator('main').getByTestId('support-email').filter({ hasText: SUPPORT_EMAIL }).waitFor();
        // The contact page shows the same address the contact mail goes to.
        await page.goto(`${standalone.baseUrl}/contact`);
        await page
          .getByRole('main')
          .getByTestId('support-email')
          .filter({ hasText: SUPPORT_EMAIL })
          .waitFor();
      } finally {
        await page.close();
      }
    },
    90_000,
  );

  it('links the help page from the upload card', async () => {
    const page = await open(1280);
    try {
      await page.getByRole('link', { name: 'How to export a chat' }).first().click();
      await page.waitForURL((url) => url.pathname === '/help');
      await page.getByRole('heading', { level: 2, name: 'Export a chat on an iPhone' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Export a chat on Android' }).waitFor();
    } finally {
      await page.close();
    }
  });

  it('converts the sample export the repository ships, and names its downloads after the chat', async () => {
    const sample = path.join(REPO_ROOT, 'samples', 'WhatsApp Chat - Sam Carter.zip');
    const { body } = await uploadExport(standalone.baseUrl, sample);
    const { events } = await readProgress(standalone.baseUrl, body.clientId!);
    const last = events.at(-1)!;
    // Inside the free tier: its PDF link comes at the end.
    expect(last.pdfUrl).toBeTruthy();
    const transcript = await openLink(standalone.baseUrl, last.pdfUrl!);
    expect(transcript.status).toBe(200);
    expect(transcript.headers.get('content-disposition')).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('WhatsApp Chat - Sam Carter – transcript.pdf')}`,
    );
    await transcript.arrayBuffer();
    const evidence = await fetch(`${standalone.baseUrl}/api/whatsapp/evidence-zip/${body.clientId!}`);
    expect(evidence.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(
        `WhatsApp Chat - Sam Carter – evidence-${exportReference(body.clientId!)}.zip`,
      )}`,
    );
    await evidence.arrayBuffer();
  }, 90_000);

  it.each(WIDTHS)(
    'at %i px: a refused .txt and a file over 100 MB leave guidance that outlasts the toast; a long file name shows whole',
    async (width) => {
      const text = path.join(workDir, 'WhatsApp Chat with Sam.txt');
      await writeFile(text, '12/01/2024, 09:15 - Sam: Hello\n');
      const large = path.join(workDir, `large-${width}.zip`);
      await writeFile(large, '');
      await truncate(large, 100 * 1024 * 1024 + 1);
      const page = await open(width);
      try {
        await page.setInputFiles('input[type=file]', text);
        // SPEC's toast, word for word, and beside it the guidance.
        expect(await shownToast(page, 'Invalid File Type')).toEqual({
          title: 'Invalid File Type',
          description: 'Please upload a WhatsApp export ZIP file.',
        });
        const guidance = page.getByTestId('refused-file-guidance');
        await guidance.and(page.locator('[data-reason=chat-text]')).waitFor();
        expect(await guidance.textContent()).toContain('“Without media”');
        expect(await guidance.textContent()).toContain('“Include media”');
        // The toast goes after 5 s; the guidance stays.
        await page
          .getByRole('region', { name: /^Notifications/ })
          .locator('li')
          .waitFor({ state: 'detached', timeout: 10_000 });
        expect(await guidance.isVisible()).toBe(true);
        expect(await topOnScreen(page, guidance)).toBe(true);
        await page.screenshot({ path: path.join(ARTIFACTS, `web-first-visit-refused-txt-${width}.png`) });

        await page.setInputFiles('input[type=file]', large);
        await shownToast(page, 'File Too Large');
        await guidance.and(page.locator('[data-reason=too-large]')).waitFor();
        expect(await guidance.textContent()).toContain('is over the 100 MB upload limit');
        expect(await guidance.getByRole('link', { name: 'Contact support' }).count()).toBe(1);

        // An accepted file clears it; its whole name shows, wrapped, on a phone too.
        const exportDir = await mkdtemp(path.join(workDir, 'export-'));
        const made = await writeWhatsAppExport(exportDir, {
          textMessages: 3,
          voiceNotes: 0,
          photos: 0,
          participants: ['Alex Rivera', 'Jane Quirinus Roe-Smith of Counsel'],
        });
        await page.setInputFiles('input[type=file]', made.zipPath);
        await guidance.waitFor({ state: 'detached' });
        const name = page.getByText(path.basename(made.zipPath), { exact: true });
        await name.waitFor();
        expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        await page.screenshot({ path: path.join(ARTIFACTS, `web-first-visit-file-name-${width}.png`) });

        // The guidance's help link.
        await page.setInputFiles('input[type=file]', text);
        await guidance.getByRole('link', { name: /how to export a chat/i }).click();
        await page.waitForURL((url) => url.pathname === '/help');
      } finally {
        await page.close();
      }
    },
    120_000,
  );
});
