import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DOWNLOAD_CODE_REFUSED } from '@chatexhibit/proto/http-api';
import type { ChatData } from '@chatexhibit/proto/chat';
import { documentOpenedBy, useChromium } from '../support/browser';
import { fetchWithoutCookies } from '../support/browser-cookies';
import { cleanUpAll } from '../support/clean-up';
import { EXHIBIT_SPEC, postExhibit, writeExhibitExport } from '../support/exhibit-client';
import { askLinkCode, openLink, readProgress, uploadExport } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

/**
 * Finding 4, round two: the links the web app itself opens (View PDF, voice notes, an exhibit's
 * files, exhibit-sealed.pdf among them) carried a signature in their query, which proxies and
 * browser histories keep, and which kept working after Forget this device. Now the API hands the
 * web app links with neither signature nor id; a document opens through a one-time code asked
 * for at the click, in the browser whose cookie binds the export; a voice note with that cookie.
 */
describe('the web app’s own document links', () => {
  const standalone = useStandalone();
  const chromium = useChromium();
  let workDir: string;
  let voiceZip: string;
  let exhibitZip: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-in-app-links-'));
    voiceZip = (await writeWhatsAppExport(workDir, { textMessages: 8, voiceNotes: 1, photos: 0 })).zipPath;
    // Its own folder: both exports are written under their chat's name.
    await mkdir(path.join(workDir, 'exhibit'));
    exhibitZip = (await writeExhibitExport(path.join(workDir, 'exhibit'))).zipPath;
  }, 60_000);
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  const base = () => standalone.baseUrl;
  /** A free export, processed: its id, final pdfUrl and chat data (this file's cookie binds it). */
  const processed = async (zip: string) => {
    const { body } = await uploadExport(base(), zip);
    const { events } = await readProgress(base(), body.clientId!);
    const final = events.at(-1)!;
    if (!final.pdfUrl) throw new Error(`the export did not finish: ${JSON.stringify(final)}`);
    return { exportId: body.clientId!, pdfUrl: final.pdfUrl, chatData: final.chatData! };
  };
  const voiceLinks = (chat: ChatData) =>
    chat.messages.filter((m) => m.type === 'voice').map((m) => m.content);
  const codeFor = (link: string) => askLinkCode(base(), link);
  const evidenceCode = async (exportId: string) => {
    const response = await fetch(`${base()}/api/whatsapp/export/${exportId}/download-code`, {
      method: 'POST',
    });
    expect(response.status).toBe(201);
    return `/api/whatsapp/evidence-zip/${((await response.json()) as { code: string }).code}`;
  };
  /** Status and sentence of a GET. */
  const answer = async (url: string, get: typeof fetch = fetch) => {
    const response = await get(`${base()}${url}`);
    const text = await response.text();
    return { status: response.status, message: (JSON.parse(text) as { message?: string }).message };
  };
  const REFUSED = { status: 403, message: DOWNLOAD_CODE_REFUSED };

  it('gives the web app links with no signature or id; a code opens once, in the binding browser; Forget this device and deletion kill codes and links', async () => {
    const voice = await processed(voiceZip);
    const exhibitExport = await processed(exhibitZip);
    const exhibit = await postExhibit(base(), exhibitExport.exportId, EXHIBIT_SPEC);
    expect(exhibit.status).toBe(201);
    const chat = (await (await fetch(`${base()}/api/whatsapp/chat/${voice.exportId}`)).json()) as ChatData;

    // (a) Every document link of the answers the web app uses: a path, no query, no fragment, no id.
    const links = [
      voice.pdfUrl,
      ...voiceLinks(voice.chatData),
      ...voiceLinks(chat),
      exhibitExport.pdfUrl,
      ...exhibit.body.files.map((file) => file.url),
    ];
    expect(voiceLinks(chat)).toHaveLength(1);
    expect(exhibit.body.files.map((file) => file.name)).toContain('exhibit-sealed.pdf');
    for (const link of links) {
      expect(link).toMatch(/^\/api\/files\/[A-Za-z0-9_-]+\/[^?#]+$/);
      for (const key of [voice.exportId, exhibitExport.exportId, 'signature', 'expires'])
        expect(link).not.toContain(key);
    }

    // A code opens its document once, in this browser; its address names neither id nor link.
    const pdf = await codeFor(voice.pdfUrl);
    expect(pdf).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{70,}$/);
    expect(pdf).not.toContain(voice.exportId);
    const opened = await fetch(`${base()}${pdf}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await opened.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await answer(pdf)).toEqual(REFUSED);
    const sealedFile = exhibit.body.files.find((file) => file.name === 'exhibit-sealed.pdf')!;
    const sealed = await openLink(base(), sealedFile.url);
    expect(sealed.status).toBe(200);
    expect(Buffer.from(await sealed.arrayBuffer()).length).toBe(sealedFile.sizeBytes);

    // Someone holding only what a log keeps: the link asks no code, a code and a voice note open nothing.
    const stolen = await fetchWithoutCookies(`${base()}/api/link-code`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ link: voice.pdfUrl }),
    });
    expect(stolen.status).toBe(404);
    expect(await answer(await codeFor(voice.pdfUrl), fetchWithoutCookies)).toEqual(REFUSED);
    const [audio] = voiceLinks(chat);
    expect(await answer(audio!, fetchWithoutCookies)).toEqual(REFUSED);
    const played = await fetch(`${base()}${audio!}`);
    expect({ status: played.status, type: played.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'audio/mpeg',
    });

    // (b) Deleting the export kills a code asked for before: 410 with its sentence.
    const beforeDeletion = await codeFor(sealedFile.url);
    expect(
      (await fetch(`${base()}/api/whatsapp/export/${exhibitExport.exportId}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect(await answer(beforeDeletion)).toMatchObject({
      status: 410,
      message: expect.any(String) as unknown,
    });

    // (b) Codes and links captured before Forget this device open nothing after it.
    const captured = [await codeFor(voice.pdfUrl), await evidenceCode(voice.exportId)];
    expect((await fetch(`${base()}/api/forget-device`, { method: 'POST' })).status).toBe(204);
    for (const url of captured) expect({ url, ...(await answer(url)) }).toEqual({ url, ...REFUSED });
    expect(await answer(audio!)).toEqual(REFUSED);
    expect((await openLink(base(), voice.pdfUrl)).status).toBe(404);
  }, 180_000);

  it('(c) View PDF in a browser: a code asked at the click opens the PDF; no request carries a signature', async () => {
    const context = await chromium.browser.newContext();
    try {
      const requested: string[] = [];
      context.on('request', (request) => requested.push(request.url()));
      const page = await context.newPage();
      await page.goto(`${base()}/`);
      await page.setInputFiles('input[type=file]', voiceZip);
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      const viewPdf = page.getByRole('button', { name: 'View PDF' });
      await viewPdf.waitFor({ timeout: 60_000 });
      const [asked, pdf, received] = await Promise.all([
        page.waitForRequest((request) => request.url().endsWith('/api/link-code')),
        context.waitForEvent('response', (response) => /\/api\/files\/[A-Za-z0-9_-]+$/.test(response.url())),
        documentOpenedBy(page, () => viewPdf.click()),
      ]);
      expect(asked.method()).toBe('POST');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect(received.subarray(0, 5).toString()).toBe('%PDF-');
      for (const url of requested) expect(url).not.toMatch(/signature=|expires=/);
      // The address the tab's history keeps opens nothing again.
      expect((await context.request.get(pdf.url())).status()).toBe(403);
    } finally {
      await context.close();
    }
  }, 120_000);
});
