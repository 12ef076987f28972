import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXPORT_BINDING_COOKIE } from '@chatexhibit/proto/constants';
import type { BrowserContext } from 'playwright-core';
import { useChromium } from '../support/browser';
import { fetchWithoutCookies } from '../support/browser-cookies';
import { cleanUpAll } from '../support/clean-up';
import { linksInMail, outboxMailTo, uploadOverLimitExport } from '../support/payment-client';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

/**
 * Finding 4: export and bundle ids travel in SPEC's paths and queries, which proxies log. A logged
 * id must open nothing by itself: it works only with the HttpOnly cookie the uploader's browser
 * got at upload. Finding 14: 'Forget this device' clears that cookie and local storage.
 * In Chromium against `npm start`, an owner's context and a stranger's that has only the URLs.
 */
describe('ids bound to the uploader’s browser', () => {
  // Behind a proxy on this host, which says whether the browser came over TLS.
  const standalone = useStandalone({ TRUST_PROXY: 'loopback', TEST_CHECKOUT: 'true' });
  const chromium = useChromium();
  let workDir: string;
  let freeZip: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-binding-'));
    freeZip = (await writeWhatsAppExport(workDir, { textMessages: 8, voiceNotes: 1, photos: 0 })).zipPath;
  }, 60_000);
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  const origin = () => `http://localhost:${standalone.port}`;
  /** What a stranger holding only logged URLs gets: status and body. */
  const asStranger = async (stranger: BrowserContext, method: 'GET' | 'DELETE', url: string) => {
    const response = await stranger.request.fetch(`${origin()}${url}`, { method });
    return { status: response.status(), body: await response.text() };
  };
  /** The routes that take an export id, as a proxy logs them. */
  const idRoutes = (id: string) =>
    [
      ['GET', `/api/whatsapp/chat/${id}`],
      ['GET', `/api/whatsapp/evidence-zip/${id}`],
      ['GET', `/api/whatsapp/process-status?clientId=${id}`],
      ['GET', `/api/whatsapp/export/${id}/messages?from=1&limit=10`],
      ['DELETE', `/api/whatsapp/export/${id}`],
    ] as const;

  it('opens nothing with a logged id alone; the owner reads and downloads; the button’s address holds no id; Forget this device clears storage and cookie', async () => {
    const owner = await chromium.browser.newContext();
    const stranger = await chromium.browser.newContext();
    try {
      const page = await owner.newPage();
      await page.goto(`${origin()}/`);
      await page.setInputFiles('input[type=file]', freeZip);
      const [followed] = await Promise.all([
        page.waitForRequest((request) => request.url().includes('/api/whatsapp/process-status')),
        page.getByRole('button', { name: 'Process Chat Export' }).click(),
      ]);
      // The URL a proxy's access log keeps.
      const exportId = new URL(followed.url()).searchParams.get('clientId')!;
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 60_000 });

      const cookie = (await owner.cookies()).find((c) => c.name === EXPORT_BINDING_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
      expect(cookie?.value).not.toContain(exportId);

      // The stranger gets, for every route, what an unknown id gets.
      const unknown = randomUUID();
      for (const [method, url] of idRoutes(exportId)) {
        const answer = await asStranger(stranger, method, url);
        expect({ url, ...answer }).toEqual({
          url,
          ...(await asStranger(stranger, method, url.replace(exportId, unknown))),
        });
        expect(answer.status).toBe(404);
      }

      // The owner still reads the chat data.
      expect((await page.request.get(`${origin()}/api/whatsapp/chat/${exportId}`)).status()).toBe(200);

      // Download Evidence Package opens SPEC's path with a one-time code, not the id.
      const [zipResponse] = await Promise.all([
        owner.waitForEvent('response', (response) => response.url().includes('/evidence-zip/')),
        page.getByRole('button', { name: 'Download Evidence Package' }).click(),
      ]);
      const downloadUrl = zipResponse.url();
      expect(downloadUrl).not.toContain(exportId);
      expect(downloadUrl).toMatch(/\/api\/whatsapp\/evidence-zip\/[A-Za-z0-9_-]{70}$/);
      expect(zipResponse.status()).toBe(200);
      expect(zipResponse.headers()['content-type']).toBe('application/zip');
      // Once used, the code in the download history opens nothing, for anyone.
      expect((await asStranger(stranger, 'GET', new URL(downloadUrl).pathname)).status).toBe(403);
      expect((await page.request.get(downloadUrl)).status()).toBe(403);

      // Forget this device: local storage and the binding cookie are gone, and with them the access.
      expect(await page.evaluate("localStorage.getItem('chatexhibit.export')")).not.toBeNull();
      await page.getByRole('button', { name: 'Forget this device' }).click();
      await page.getByText('This device forgot your export', { exact: true }).waitFor();
      expect(await page.evaluate('localStorage.length')).toBe(0);
      expect((await owner.cookies()).map((c) => c.name)).not.toContain(EXPORT_BINDING_COOKIE);
      expect((await page.request.get(`${origin()}/api/whatsapp/chat/${exportId}`)).status()).toBe(404);
      await page.getByTestId('preview-mode').waitFor();
      await page.reload();
      await page.getByTestId('preview-mode').waitFor();
    } finally {
      await owner.close();
      await stranger.close();
    }
  }, 120_000);

  it('opens no bundle with its id alone (Stripe’s return URL carries it), and no checkout', async () => {
    const { bundleId } = await uploadOverLimitExport(standalone.baseUrl, workDir);
    // This test's fetch keeps the upload's cookie: the owner's client.
    expect((await fetch(`${standalone.baseUrl}/api/payment/${bundleId}`)).status).toBe(200);
    const answer = async (url: string, init?: RequestInit) => {
      const response = await fetchWithoutCookies(`${standalone.baseUrl}${url}`, init);
      return { status: response.status, body: await response.text() };
    };
    const unknown = randomUUID();
    const json = { method: 'POST', headers: { 'Content-Type': 'application/json' } };
    for (const [url, init] of [
      [`/api/payment/${bundleId}`, undefined],
      [`/api/payment/${bundleId}/repair`, json],
    ] as const)
      expect(await answer(url, init)).toEqual(await answer(url.replace(bundleId, unknown), init));
    const checkout = (id: string) =>
      answer('/api/create-payment-intent', {
        ...json,
        body: JSON.stringify({ bundleId: id, userEmail: 'a@b.example' }),
      });
    // The cookie is Secure when the browser came over TLS (as the trusted proxy says), not otherwise.
    const forget = (headers: Record<string, string>) =>
      fetchWithoutCookies(`${standalone.baseUrl}/api/forget-device`, { method: 'POST', headers });
    const overTls = (await forget({ 'X-Forwarded-Proto': 'https' })).headers.get('set-cookie')!;
    expect(overTls).toMatch(/HttpOnly/);
    expect(overTls).toMatch(/; Secure/);
    expect((await forget({})).headers.get('set-cookie')).not.toMatch(/Secure/);
    const refused = await checkout(bundleId);
    expect(refused).toEqual(await checkout(unknown));
    expect(refused.status).toBe(404);
  }, 120_000);

  it('opens a mailed link, its signature in the fragment, in a fresh browser; its path alone opens nothing', async () => {
    const { body } = await uploadExport(standalone.baseUrl, freeZip);
    await readProgress(standalone.baseUrl, body.clientId!);
    const to = 'laptop@example.org';
    const mailed = await fetch(`${standalone.baseUrl}/api/whatsapp/export/${body.clientId!}/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: to }),
    });
    expect(mailed.status).toBe(202);
    const links = linksInMail(await outboxMailTo(standalone.dataDir, to)).filter((l) =>
      l.includes('/api/files/'),
    );
    expect(links).toHaveLength(2);
    for (const link of links)
      expect(new URL(link)).toMatchObject({
        search: '',
        hash: expect.stringMatching(/^#expires=\d+&signature=[0-9a-f]{64}$/) as unknown,
      });
    const zipLink = links.find((link) => link.includes('/evidence.zip#'))!.replace('localhost', '127.0.0.1');

    // Another device (no cookie, no storage): the page posts the fragment and the file comes.
    const laptop = await chromium.browser.newContext();
    try {
      const page = await laptop.newPage();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.goto(zipLink).catch(() => null),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      expect(page.url()).not.toContain('signature');
      // What a proxy's log keeps of it, the path, shows the link is not valid.
      const logged = await laptop.newPage();
      await logged.goto(zipLink.split('#')[0]!);
      await logged.getByText('This download link is not valid.').waitFor();
    } finally {
      await laptop.close();
    }
  }, 120_000);
});
