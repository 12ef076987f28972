import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PAYMENT_MESSAGES } from '@chatexhibit/proto/payment';
import { useChromium } from '../support/browser';
import { shareCookies } from '../support/browser-cookies';
import { cleanUpAll } from '../support/clean-up';
import { askLinkCode, readProgress, uploadExport } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

const SUPPORT_EMAIL = 'help-desk@example.org';

/**
 * A download link that no longer works, opened as a person opens it from a mail (Chromium's
 * navigation), is a page with the API's sentence and where to go next; an API client asking
 * for JSON still gets the ErrorBody, word for word.
 */
describe('a dead download link', () => {
  const standalone = useStandalone({ SUPPORT_EMAIL });
  const chromium = useChromium();
  let workDir: string;
  let pdfLink: string;
  let transcriptPath: string;
  let evidenceLink: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-dead-links-'));
    const exported = await writeWhatsAppExport(workDir, { textMessages: 6, voiceNotes: 0, photos: 0 });
    const { body } = await uploadExport(standalone.baseUrl, exported.zipPath);
    const { events } = await readProgress(standalone.baseUrl, body.clientId!);
    transcriptPath = events.at(-1)!.pdfUrl!;
    // View PDF's address: a one-time code asked for before the deletion.
    pdfLink = standalone.baseUrl + (await askLinkCode(standalone.baseUrl, transcriptPath));
    evidenceLink = `${standalone.baseUrl}/api/whatsapp/evidence-zip/${body.clientId!}`;
    const deleted = await fetch(`${standalone.baseUrl}/api/whatsapp/export/${body.clientId!}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
  }, 120_000);
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  it("opens in a phone's browser as a page that says why and where to go, not as JSON", async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 375, height: 740 } });
    // The uploader's phone: the evidence-zip link names the export by its id, bound to this browser.
    await shareCookies(page.context(), standalone.baseUrl);
    try {
      for (const link of [pdfLink, evidenceLink]) {
        const response = await page.goto(link);
        expect(response!.status()).toBe(410);
        expect(response!.headers()['content-type']).toMatch(/^text\/html/);
        await page.getByRole('alert').filter({ hasText: PAYMENT_MESSAGES.deletedOnRequest }).waitFor();
        const text = (await page.locator('body').innerText()).trim();
        expect(text).not.toContain('{');
        expect(text).not.toContain('EXPORT_DELETED');
        const links = await page
          .getByRole('link')
          .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
        expect(links).toEqual(['/', '/help', '/contact', `mailto:${SUPPORT_EMAIL}`]);
      }
      // Its links lead into the site.
      await page.getByRole('link', { name: 'How to export a chat' }).click();
      await page.waitForURL((url) => url.pathname === '/help');
    } finally {
      await page.close();
    }
  });

  it('still answers an API client with the JSON ErrorBody, word for word', async () => {
    const deletedOnRequest = {
      code: 'GONE',
      reason: 'EXPORT_DELETED',
      message: PAYMENT_MESSAGES.deletedOnRequest,
    };
    for (const accept of ['application/json', '*/*', undefined]) {
      for (const link of [pdfLink, evidenceLink]) {
        const response = await fetch(link, { headers: accept ? { accept } : {} });
        expect(response.status).toBe(410);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await response.json()).toEqual(deletedOnRequest);
      }
    }
  });

  it('is a page for an altered link too, with its own sentence', async () => {
    // The transcript's path under a signature its server never made.
    const altered = `${standalone.baseUrl}${transcriptPath}?expires=9999999999&signature=${'0'.repeat(64)}`;
    const page = await chromium.browser.newPage({ viewport: { width: 375, height: 740 } });
    try {
      const response = await page.goto(altered);
      expect(response!.status()).toBe(403);
      await page.getByRole('alert').filter({ hasText: 'This download link is not valid.' }).waitFor();
    } finally {
      await page.close();
    }
  });
});
