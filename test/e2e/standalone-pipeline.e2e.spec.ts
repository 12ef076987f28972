import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SignedLinks } from '@chatexhibit/gateway/links/signed-links';
import type { ProgressEvent } from '@chatexhibit/proto/progress';
import { type RunningProcess, startProcess } from '../support/child-process';
import { freePort } from '../support/free-port';
import { scrapeMetrics, sampleValue } from '../support/metrics';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { writeWhatsAppExport } from '../support/whatsapp-export';

/**
 * The product's job, end to end over HTTP as `npm start` runs it: upload, live progress,
 * results behind the paywall and signed links, hostile uploads, and a process killed mid-export.
 */
describe('standalone pipeline', () => {
  let dataDir: string;
  let workDir: string;
  let env: Record<string, string>;
  let app: RunningProcess | undefined;
  let baseUrl: string;

  const start = async () => {
    app = startProcess('standalone/dist/main.js', env);
    await app.waitForLine((line) => line.includes('ChatExhibit is running at'), 60_000);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-data-'));
    await chmod(dataDir, 0o755);
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exports-'));
    env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
    baseUrl = `http://127.0.0.1:${env.PORT}`;
    await start();
  }, 90_000);

  afterAll(async () => {
    await app?.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  const finalEvent = (events: ProgressEvent[]) => events.at(-1)!;

  it('turns a free export with voice notes and photos into a transcript, chat data and playable audio', async () => {
    const exported = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'free-')), {
      textMessages: 10,
      voiceNotes: 2,
      photos: 2,
    });
    const upload = await uploadExport(baseUrl, exported.zipPath, {
      includeImages: true,
      timeZone: 'Europe/Berlin',
    });
    expect(upload.status).toBe(201);
    const { events, ended } = await readProgress(baseUrl, upload.body.clientId!);
    expect(ended).toBe(true);
    // Progress only moves forward, through the SPEC steps, to done.
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.map((e) => e.step)).toEqual(expect.arrayContaining([3]));
    const done = finalEvent(events);
    expect(done).toMatchObject({ done: true, progress: 100, messageCount: 14 });
    expect(done.requiresPayment).toBeUndefined();
    expect(done.chatData!.participants).toEqual(exported.participants);
    expect(done.chatData!.messages).toHaveLength(14);
    expect(done.chatData!.id).toBe(upload.body.clientId);

    const voice = done.chatData!.messages.filter((m) => m.type === 'voice');
    expect(voice).toHaveLength(2);
    for (const message of voice) {
      expect(message.content).toMatch(/^\/api\/files\/.+\?expires=\d+&signature=[0-9a-f]{64}$/);
      expect(message.duration).toBeCloseTo(2, 0);
      const audio = await fetch(`${baseUrl}${message.content}`);
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toBe('audio/mpeg');
      const bytes = Buffer.from(await audio.arrayBuffer());
      expect(
        bytes.subarray(0, 3).toString('latin1') === 'ID3' ||
          (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0),
      ).toBe(true);
    }

    const pdf = await fetch(`${baseUrl}${done.pdfUrl!}`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const chat = await fetch(`${baseUrl}/api/whatsapp/chat/${upload.body.clientId}`);
    expect(chat.status).toBe(200);
    expect(((await chat.json()) as { messages: unknown[] }).messages).toHaveLength(14);

    // A reconnecting client gets the final state at once, and the stream ends.
    const again = await readProgress(baseUrl, upload.body.clientId!, { timeoutMs: 10_000 });
    expect(again.ended).toBe(true);
    expect(again.events).toHaveLength(1);
    expect(finalEvent(again.events)).toMatchObject({ done: true });
  }, 120_000);

  it('refuses altered and expired download links with 403', async () => {
    const exported = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'links-')), {
      textMessages: 3,
      voiceNotes: 0,
      photos: 0,
    });
    const upload = await uploadExport(baseUrl, exported.zipPath);
    const done = finalEvent((await readProgress(baseUrl, upload.body.clientId!)).events);
    const pdfUrl = done.pdfUrl!;
    const other = pdfUrl.replace(/[0-9a-f]{8}-/, '00000000-');
    const forged = pdfUrl.replace(
      /signature=([0-9a-f])/,
      (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`,
    );
    const longer = pdfUrl.replace(/expires=(\d+)/, (_m, n: string) => `expires=${Number(n) + 1}`);
    for (const url of [other, forged, longer, pdfUrl.split('?')[0]!]) {
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe(
        'This download link is not valid.',
      );
    }
    // Signed with the installation's own key, but a day past its date.
    const links = new SignedLinks((await readFile(path.join(dataDir, 'link-signing.key'), 'utf8')).trim());
    const expired = links.sign(pdfUrl.split('?')[0]!, Date.now() - 2 * 86_400_000, 86_400_000);
    const response = await fetch(`${baseUrl}${expired}`);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe('This download link has expired.');
  }, 60_000);

  it('asks for payment over the free tier and yields nothing of the unpaid export', async () => {
    const exported = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'paid-')), {
      textMessages: 60,
      voiceNotes: 1,
      photos: 0,
    });
    const upload = await uploadExport(baseUrl, exported.zipPath);
    const { events } = await readProgress(baseUrl, upload.body.clientId!);
    const final = finalEvent(events);
    expect(final).toMatchObject({ requiresPayment: true, step: 4, progress: 100, messageCount: 61 });
    expect(final.bundleId).toMatch(/^[0-9a-f-]{36}$/);
    expect(final.mediaSizeBytes).toBeGreaterThan(0);
    expect(final.pdfUrl).toBeUndefined();
    expect(final.chatData).toBeUndefined();

    const id = upload.body.clientId!;
    const unknown = '6f1f2a4e-0000-4000-8000-000000000000';
    for (const url of [`/api/whatsapp/chat/${id}`, `/api/whatsapp/evidence-zip/${id}`]) {
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status).toBe(404);
      // The same answer as for an export that does not exist: nothing is revealed.
      const body = await response.text();
      expect(body).toBe(await (await fetch(`${baseUrl}${url.replace(id, unknown)}`)).text());
    }
    expect((await fetch(`${baseUrl}/api/files/${id}/transcript.pdf`)).status).toBe(403);
  }, 120_000);

  it.each([
    [
      'a file that is not a ZIP',
      'notes.zip',
      Buffer.from('just some text, not a zip'),
      'This file is not a ZIP archive.',
    ],
  ])(
    'ends with a clear error for %s',
    async (_what, name, bytes, message) => {
      const file = path.join(workDir, name);
      await writeFile(file, bytes);
      const upload = await uploadExport(baseUrl, file);
      expect(upload.status).toBe(201);
      const final = finalEvent((await readProgress(baseUrl, upload.body.clientId!)).events);
      expect(final.error).toContain(message);
    },
    60_000,
  );

  it('refuses uploads that break the SPEC limits with a JSON message', async () => {
    const text = path.join(workDir, 'chat.txt');
    await writeFile(text, 'hello');
    const wrongType = await uploadExport(baseUrl, text);
    expect(wrongType).toEqual({
      status: 415,
      body: { code: 'INVALID_REQUEST', message: 'Please upload a WhatsApp export ZIP file.' },
    });

    const badOptions = await uploadExport(baseUrl, text, { timeZone: 'Mars/Olympus' }, 'export.ZIP');
    expect(badOptions.status).toBe(400);
    expect(badOptions.body.message).toContain('timeZone must be an IANA time-zone name');

    const big = path.join(workDir, 'big.zip');
    await writeFile(big, Buffer.alloc(100 * 1024 * 1024 + 1));
    const tooLarge = await uploadExport(baseUrl, big);
    expect(tooLarge).toEqual({
      status: 413,
      body: { code: 'INVALID_REQUEST', message: 'Please upload a file smaller than 100MB.' },
    });
    await rm(big);
  }, 60_000);

  it('counts the uploads, jobs and errors above at /metrics, one registry for every part', async () => {
    const scrape = await scrapeMetrics(baseUrl);
    const value = (name: string, labels: Record<string, string> = {}) => sampleValue(scrape, name, labels);
    // Four uploads were accepted (free, links, paid, not a ZIP), one of each refusal made.
    expect(value('chatexhibit_uploads_total', { outcome: 'accepted' })).toBe(4);
    for (const outcome of ['refused_type', 'refused_options', 'refused_size'])
      expect(value('chatexhibit_uploads_total', { outcome })).toBe(1);
    expect(value('chatexhibit_uploads_total', { outcome: 'rate_limited' })).toBe(0);
    expect(value('chatexhibit_upload_bytes_total')).toBeGreaterThan(1000);
    // Each service's jobs, labelled by the part that consumed them.
    const handled = (part: string, subject: string, outcome: string) =>
      value('chatexhibit_job_duration_seconds_count', { part, subject, outcome });
    expect(handled('ingest', 'jobs.ingest', 'ok')).toBe(3);
    expect(handled('ingest', 'jobs.ingest', 'dead_letter')).toBe(1);
    expect(value('chatexhibit_dead_letters_total', { part: 'ingest', subject: 'jobs.ingest' })).toBe(1);
    expect(handled('payment', 'jobs.payment.decide', 'ok')).toBe(3);
    expect(value('chatexhibit_queue_depth', { part: 'pdf', subject: 'jobs.pdf' })).toBe(0);
    // Refusals and unreadable results, by route pattern (never the export id) and status.
    const errors = (route: string, status: number) =>
      value('chatexhibit_http_request_errors_total', { route, status: String(status) });
    expect(errors('POST /api/whatsapp/process', 415)).toBe(1);
    expect(errors('POST /api/whatsapp/process', 413)).toBe(1);
    expect(errors('GET /api/whatsapp/chat/:chatExportId', 404)).toBe(2);
    expect(errors('GET /api/files/:exportId/transcript.pdf', 403)).toBeGreaterThanOrEqual(1);
    expect(value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('serves its API docs: the OpenAPI document and a page with no outside resources', async () => {
    const document = (await (await fetch(`${baseUrl}/api/docs/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/whatsapp/process');
    const page = await fetch(`${baseUrl}/api/docs`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<code>POST /api/whatsapp/process</code>');
    expect(html).not.toMatch(/<script|https?:\/\//);
  });
});
