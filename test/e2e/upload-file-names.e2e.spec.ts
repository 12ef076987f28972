import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ChatDataSchema } from '@chatexhibit/proto/chat';
import { useChromium } from '../support/browser';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

const run = promisify(execFile);

/** Upload names as phones write them: a curly apostrophe, accents, Greek, Arabic, CJK and emoji. */
const NAMES = [
  'WhatsApp Chat - Sophia’s Schedule.zip',
  'WhatsApp Chat - Zoë & José.zip',
  'WhatsApp Chat - Ελένη Παπαδοπούλου.zip',
  'WhatsApp Chat - محمد العلي.zip',
  'WhatsApp Chat - 家族 👨‍👩‍👧.zip',
];

/**
 * The name of the uploaded file is kept exactly as the uploader's system had it, however it is
 * sent: curl's and fetch's multipart (raw UTF-8 in the quoted file name) and Chromium's form.
 * It is evidence: the declaration, the record and the package print it.
 */
describe('upload file names', () => {
  const standalone = useStandalone();
  const chromium = useChromium();
  let workDir: string;
  let zipPath: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-file-names-'));
    zipPath = (await writeWhatsAppExport(workDir, { textMessages: 3, voiceNotes: 0, photos: 0 })).zipPath;
  }, 60_000);
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  /** The name the export's chat data carries, once its processing has ended. */
  const keptName = async (exportId: string): Promise<string> => {
    await readProgress(standalone.baseUrl, exportId);
    const response = await fetch(`${standalone.baseUrl}/api/whatsapp/chat/${exportId}`);
    return ChatDataSchema.parse(await response.json()).originalFilename;
  };

  it.each(NAMES)(
    'keeps %s as sent by fetch',
    async (name) => {
      const uploaded = await uploadExport(standalone.baseUrl, zipPath, {}, name);
      expect(uploaded.status).toBe(201);
      expect(await keptName(uploaded.body.clientId!)).toBe(name);
    },
    60_000,
  );

  it('keeps a name as sent by curl -F', async () => {
    const name = NAMES[0]!;
    // curl keeps the cookie that binds the export to its uploader, as a browser would.
    const cookies = path.join(workDir, 'curl-cookies.txt');
    const { stdout } = await run('curl', [
      '-sS',
      '-c',
      cookies,
      '-F',
      `file=@${zipPath};filename="${name}"`,
      '-F',
      'options={}',
      `${standalone.baseUrl}/api/whatsapp/process`,
    ]);
    const { clientId } = JSON.parse(stdout) as { clientId: string };
    let chat = '';
    await eventually(
      async () => {
        const read = await run('curl', [
          '-sS',
          '-b',
          cookies,
          '-w',
          '\n%{http_code}',
          `${standalone.baseUrl}/api/whatsapp/chat/${clientId}`,
        ]);
        const status = read.stdout.slice(read.stdout.lastIndexOf('\n') + 1);
        chat = read.stdout.slice(0, read.stdout.lastIndexOf('\n'));
        return status === '200';
      },
      60_000,
      'the chat data of the export curl uploaded',
      500,
    );
    expect(ChatDataSchema.parse(JSON.parse(chat)).originalFilename).toBe(name);
  }, 90_000);

  it('keeps a name chosen in Chromium, and shows it in the preview', async () => {
    const name = NAMES[0]!;
    const named = path.join(workDir, name);
    await copyFile(zipPath, named);
    const page = await chromium.browser.newPage();
    try {
      await page.goto(`${standalone.baseUrl}/`);
      await page.setInputFiles('input[type=file]', named);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/whatsapp/process')),
        page.getByRole('button', { name: 'Process Chat Export' }).click(),
      ]);
      const { clientId } = (await response.json()) as { clientId: string };
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 60_000 });
      // The page's own request: the export is bound to this browser.
      const chat = await page.request.get(`${standalone.baseUrl}/api/whatsapp/chat/${clientId}`);
      expect(ChatDataSchema.parse(await chat.json()).originalFilename).toBe(name);
      await page.getByText(name, { exact: true }).first().waitFor();
    } finally {
      await page.close();
    }
  }, 90_000);
});
