import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignedLinks } from '@chatexhibit/kit/links/signed-links';
import { CHAT_LIMIT_SENTENCES } from '@chatexhibit/proto/chat-limits';
import { CHAT_LIMITS } from '@chatexhibit/proto/constants';
import type { ProgressEvent } from '@chatexhibit/proto/progress';
import { CHAT_TEXT_REFUSALS } from '@chatexhibit/proto/upload-refusals';
import { ARTIFACTS } from '../support/artifacts';
import { downloadAndVerifyEvidence } from '../support/evidence-package';
import { eventually } from '../support/eventually';
import { scrapeMetrics, sampleValue } from '../support/metrics';
import {
  fetchPdf,
  INTERRUPTED_EXPORT,
  interruptMidMedia,
  readProgress,
  uploadExport,
} from '../support/pipeline-client';
import { MULTI_SCRIPT_TEXTS, writeWhatsAppExport } from '../support/whatsapp-export';
import { writeHostileZip, yazlZip } from '../../services/ingest/test/support/hostile-zips';
import { useStandalone } from '../support/standalone';

const run = promisify(execFile);

/**
 * The product's job, end to end over HTTP as `npm start` runs it: upload, live progress,
 * results behind the paywall and signed links, hostile uploads, and a process killed mid-export.
 */
describe('standalone pipeline', () => {
  const standalone = useStandalone();
  let workDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exports-'));
    await mkdir(ARTIFACTS, { recursive: true });
  });
  afterAll(() => workDir && rm(workDir, { recursive: true, force: true }));

  const finalEvent = (events: ProgressEvent[]) => events.at(-1)!;

  it('turns a free export with voice notes and photos into a transcript, an evidence package, chat data and playable audio', async () => {
    const folder = await mkdtemp(path.join(workDir, 'free-'));
    const exported = await writeWhatsAppExport(folder, {
      textMessages: 10,
      voiceNotes: 2,
      photos: 2,
      texts: MULTI_SCRIPT_TEXTS,
      encryptionNotice: true,
    });
    const upload = await uploadExport(standalone.baseUrl, exported.zipPath, {
      includeImages: true,
      timeZone: 'Europe/Berlin',
      caseNumber: '1:26-cv-00042',
    });
    expect(upload.status).toBe(201);
    const { events, ended } = await readProgress(standalone.baseUrl, upload.body.clientId!);
    expect(ended).toBe(true);
    // Progress only moves forward, through the SPEC steps, to done.
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // Every SPEC step until the PDF was reported, in order (payment is not needed).
    expect([...new Set(events.map((e) => e.step))]).toEqual([0, 1, 2, 3]);
    const done = finalEvent(events);
    // The encryption notice is in the chat, but not counted against the free tier.
    expect(done).toMatchObject({ done: true, progress: 100, messageCount: 14 });
    expect(done.requiresPayment).toBeUndefined();
    expect(done.chatData!.participants).toEqual(exported.participants);
    expect(done.chatData!.messages).toHaveLength(15);
    expect(done.chatData!.id).toBe(upload.body.clientId);

    const voice = done.chatData!.messages.filter((m) => m.type === 'voice');
    expect(voice).toHaveLength(2);
    for (const message of voice) {
      // No signature: it opens with the cookie that binds the export (this file's fetch holds it).
      expect(message.content).toMatch(/^\/api\/files\/[\w-]+\/audio\/[^?#]+$/);
      expect(message.duration).toBeCloseTo(2, 0);
      const audio = await fetch(`${standalone.baseUrl}${message.content}`);
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toBe('audio/mpeg');
      const bytes = Buffer.from(await audio.arrayBuffer());
      expect(
        bytes.subarray(0, 3).toString('latin1') === 'ID3' ||
          (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0),
      ).toBe(true);
    }

    // The transcript the done event links to is the one in the evidence package, with every
    // message in order, the multi-script texts searchable and both voice notes attached.
    const pdfBytes = await fetchPdf(`${standalone.baseUrl}${done.pdfUrl!}`);
    const evidence = await downloadAndVerifyEvidence(standalone.baseUrl, upload.body.clientId!, folder);
    expect(pdfBytes.equals(await readFile(path.join(evidence, 'transcript.pdf')))).toBe(true);
    const transcript = (await run('pdftotext', [path.join(evidence, 'transcript.pdf'), '-'])).stdout;
    // The last message's number stands alone on its row (not inside a hash or a Bates number).
    expect(transcript).toMatch(/(?:^|\n)0015\n/);
    for (const phrase of [
      'Europe/Berlin',
      '1:26-cv-00042',
      'هل وصلت الأوراق',
      'המסמכים אצלי',
      'Good morning! The contract is signed',
      'Привет!',
      '我们明天下午三点见面',
    ]) {
      expect(transcript).toContain(phrase);
    }
    const attached = (await run('pdfdetach', ['-list', path.join(evidence, 'transcript.pdf')])).stdout;
    for (const name of exported.voiceNotes) expect(attached).toContain(`${name}.mp3`);
    // Pages to look at: .test-artifacts/standalone-transcript-*.png
    await run('pdftoppm', [
      '-r',
      '60',
      '-png',
      '-l',
      '3',
      path.join(evidence, 'transcript.pdf'),
      path.join(ARTIFACTS, 'standalone-transcript'),
    ]);

    const chat = await fetch(`${standalone.baseUrl}/api/whatsapp/chat/${upload.body.clientId}`);
    expect(chat.status).toBe(200);
    expect(((await chat.json()) as { messages: unknown[] }).messages).toHaveLength(15);

    // A reconnecting client gets the final state at once, and the stream ends.
    const again = await readProgress(standalone.baseUrl, upload.body.clientId!, { timeoutMs: 10_000 });
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
    const upload = await uploadExport(standalone.baseUrl, exported.zipPath);
    const done = finalEvent((await readProgress(standalone.baseUrl, upload.body.clientId!)).events);
    // The web app's link has no signature; signed as mails' links were before they carried fragments.
    const links = new SignedLinks(
      (await readFile(path.join(standalone.dataDir, 'link-signing.key'), 'utf8')).trim(),
    );
    const pdfUrl = links.sign(done.pdfUrl!);
    expect((await fetch(`${standalone.baseUrl}${pdfUrl}`)).status).toBe(200);
    // Another export's token in the same place: the signature no longer covers the path.
    const other = pdfUrl.replace(/(?<=^\/api\/files\/)./, (c) => (c === 'A' ? 'B' : 'A'));
    const forged = pdfUrl.replace(
      /signature=([0-9a-f])/,
      (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`,
    );
    const longer = pdfUrl.replace(/expires=(\d+)/, (_m, n: string) => `expires=${Number(n) + 1}`);
    for (const url of [other, forged, longer, pdfUrl.split('?')[0]!]) {
      const response = await fetch(`${standalone.baseUrl}${url}`);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe(
        'This download link is not valid.',
      );
    }
    // Signed with the installation's own key, but a day past its date.
    const expired = links.sign(pdfUrl.split('?')[0]!, Date.now() - 2 * 86_400_000, 86_400_000);
    const response = await fetch(`${standalone.baseUrl}${expired}`);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe('This download link has expired.');
  }, 60_000);

  it('asks for payment over the free tier and yields nothing of the unpaid export', async () => {
    const exported = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'paid-')), {
      textMessages: 60,
      voiceNotes: 1,
      photos: 0,
    });
    const upload = await uploadExport(standalone.baseUrl, exported.zipPath);
    const { events } = await readProgress(standalone.baseUrl, upload.body.clientId!);
    const final = finalEvent(events);
    expect(final).toMatchObject({ requiresPayment: true, step: 4, progress: 100, messageCount: 61 });
    expect(final.bundleId).toMatch(/^[0-9a-f-]{36}$/);
    expect(final.mediaSizeBytes).toBeGreaterThan(0);
    expect(final.pdfUrl).toBeUndefined();
    expect(final.chatData).toBeUndefined();

    const id = upload.body.clientId!;
    const unknown = '6f1f2a4e-0000-4000-8000-000000000000';
    for (const url of [`/api/whatsapp/chat/${id}`, `/api/whatsapp/evidence-zip/${id}`]) {
      const response = await fetch(`${standalone.baseUrl}${url}`);
      expect(response.status).toBe(404);
      // The same answer as for an export that does not exist: nothing is revealed.
      const body = await response.text();
      expect(body).toBe(await (await fetch(`${standalone.baseUrl}${url.replace(id, unknown)}`)).text());
    }
    expect((await fetch(`${standalone.baseUrl}/api/files/${id}/transcript.pdf`)).status).toBe(403);
  }, 120_000);

  it.each([
    ['a text file renamed .zip', 'This file is not a ZIP archive.'],
    ['an encrypted entry', 'This archive is password-protected.'],
    ['an archive cut in half', 'This ZIP archive is damaged or incomplete.'],
    ['a path starting with ../', 'a file path that points outside the archive (../evil.txt)'],
    ['a symbolic link', 'a link to another location'],
    // Its MP3's object key would pass 1,024 bytes: it used to fail inside ingest, over and over.
    ['a path too long to store', 'a file name that is not allowed'],
    // PostgreSQL's text refuses NUL: refused by its name before anything stores it.
    ['a NUL byte in a name', 'a file name that is not allowed (photo.jpg\\u0000.txt)'],
    ['two directory records for the same data', 'several files share the same data'],
    [
      '1,000 entries of 1 MiB of zeros in 1.1 MB',
      'would unpack to more than 34.2 MB, far more than a chat export of its size (1.1 MB) holds',
    ],
  ] as const)(
    'ends an upload of %s with a sentence for the uploader, and deletes it',
    async (kind, message) => {
      const upload = await uploadExport(
        standalone.baseUrl,
        await writeHostileZip(await mkdtemp(path.join(workDir, 'hostile-')), kind),
      );
      expect(upload.status).toBe(201);
      const final = finalEvent((await readProgress(standalone.baseUrl, upload.body.clientId!)).events);
      expect(final).toMatchObject({ step: 0, progress: 100 });
      expect(final.error).toContain(message);
      // Neither the upload nor any entry of it is kept once the uploader has been told.
      const exportFolder = path.join(standalone.dataDir, 'objects', 'exports', upload.body.clientId!);
      const files = await readdir(exportFolder, { recursive: true, withFileTypes: true }).catch(() => []);
      expect(files.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
    },
    60_000,
  );

  it('ends an upload whose ZIP holds no chat with a sentence that says so, and its reason code', async () => {
    const file = path.join(await mkdtemp(path.join(workDir, 'no-chat-')), 'photos.zip');
    await writeFile(file, await yazlZip([{ path: 'IMG-20230607-WA0003.jpg', data: 'jpeg bytes' }]));
    const final = finalEvent(
      (await readProgress(standalone.baseUrl, (await uploadExport(standalone.baseUrl, file)).body.clientId!))
        .events,
    );
    expect(final).toMatchObject({ step: 1, progress: 100, errorReason: 'NOT_A_WHATSAPP_EXPORT' });
    expect(final.error).toBe(
      'This ZIP has no WhatsApp chat file. In WhatsApp, open the chat, choose "Export chat", and upload the ZIP it makes.',
    );
  }, 60_000);

  // Issue 30: a million short lines, or one line of 50 MB, took the whole process down.
  it.each([
    [
      `${CHAT_LIMITS.maxEntries + 1} entries`,
      Array.from({ length: CHAT_LIMITS.maxEntries + 1 }, (_, i) => `14/03/2023, 20:01 - Ann: ${i}\n`).join(
        '',
      ),
      CHAT_LIMIT_SENTENCES.too_many_entries,
    ],
    [
      'a line over 1 MB',
      // Random letters, so that the archive's check of the compression ratio lets it through.
      `14/03/2023, 20:01 - Ann: ${randomBytes(CHAT_LIMITS.maxLineBytes).toString('base64')}\n`,
      CHAT_LIMIT_SENTENCES.line_too_long,
    ],
    // PostgreSQL's text refuses NUL: every delivery failed, and the uploader read "Something went wrong".
    [
      'a NUL character in a message',
      '14/03/2023, 20:01 - Ann: hello\n14/03/2023, 20:02 - Ben: one\ntwo\u0000three\n',
      CHAT_TEXT_REFUSALS.nulCharacter(3),
    ],
    [
      'a NUL character in a sender name',
      '14/03/2023, 20:01 - Ann: hello\n14/03/2023, 20:02 - B\u0000en: hi\n',
      CHAT_TEXT_REFUSALS.nulCharacter(2),
    ],
  ])(
    'ends an upload of a chat with %s with its sentence',
    async (_, chat, sentence) => {
      const file = path.join(await mkdtemp(path.join(workDir, 'over-limits-')), 'export.zip');
      await writeFile(file, await yazlZip([{ path: 'WhatsApp Chat with Ann.txt', data: chat }]));
      const final = finalEvent(
        (
          await readProgress(
            standalone.baseUrl,
            (await uploadExport(standalone.baseUrl, file)).body.clientId!,
          )
        ).events,
      );
      expect(final).toMatchObject({ step: 1, progress: 100, error: sentence });
      expect(final.errorReason).toBeUndefined();
    },
    60_000,
  );

  it('leaves nothing behind when an upload is cut off midway', async () => {
    // Standalone's scratch space is <DATA_DIR>/tmp.
    const spools = async () =>
      (await readdir(path.join(standalone.dataDir, 'tmp'))).filter((n) =>
        n.startsWith('chatexhibit-upload-'),
      );
    const exportsDir = path.join(standalone.dataDir, 'objects', 'exports');
    const exportsBefore = await readdir(exportsDir).catch(() => []);
    const boundary = 'cut-off-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="WhatsApp Chat.zip"\r\nContent-Type: application/zip\r\n\r\n`;
    const request = httpRequest(`${standalone.baseUrl}/api/whatsapp/process`, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': 10 * 1024 * 1024,
      },
    });
    request.on('error', () => undefined);
    request.write(head);
    request.write(Buffer.alloc(2 * 1024 * 1024, 1));
    await eventually(async () => (await spools()).length > 0, 10_000, 'the upload spooling');
    request.destroy();
    await eventually(async () => (await spools()).length === 0, 10_000, 'the spool removed');
    expect(await readdir(exportsDir).catch(() => [])).toEqual(exportsBefore);
  }, 30_000);

  it('refuses uploads that break the SPEC limits with a JSON message', async () => {
    const text = path.join(workDir, 'chat.txt');
    await writeFile(text, 'hello');
    const wrongType = await uploadExport(standalone.baseUrl, text);
    expect(wrongType).toEqual({
      status: 415,
      body: { code: 'INVALID_REQUEST', message: 'Please upload a WhatsApp export ZIP file.' },
    });

    const badOptions = await uploadExport(
      standalone.baseUrl,
      text,
      { timeZone: 'Mars/Olympus' },
      'export.ZIP',
    );
    expect(badOptions.status).toBe(400);
    expect(badOptions.body.message).toContain('timeZone must be an IANA time-zone name');
    // Every other mistake in the options names the field it is in.
    for (const [options, message] of [
      [{ includeImages: 'yes' }, 'options.includeImages: Invalid input: expected boolean, received string'],
      [{ includeImage: true }, 'options: Unrecognized key: "includeImage"'],
      [{ caseNumber: '1:26-cv\n00042' }, 'caseNumber must be one line of text'],
      [{ preparedBy: 'x'.repeat(101) }, 'preparedBy must be at most 100 characters'],
    ] as const) {
      const refused = await uploadExport(standalone.baseUrl, text, options, 'export.zip');
      expect(refused).toEqual({ status: 400, body: { code: 'INVALID_REQUEST', message } });
    }

    const big = path.join(workDir, 'big.zip');
    await writeFile(big, Buffer.alloc(100 * 1024 * 1024 + 1));
    const tooLarge = await uploadExport(standalone.baseUrl, big);
    expect(tooLarge).toEqual({
      status: 413,
      body: { code: 'INVALID_REQUEST', message: 'Please upload a file smaller than 100MB.' },
    });
    await rm(big);
  }, 60_000);

  it('counts the uploads, jobs and errors above at /metrics, one registry for every part', async () => {
    const scrape = await scrapeMetrics(standalone.baseUrl);
    const value = (name: string, labels: Record<string, string> = {}) => sampleValue(scrape, name, labels);
    // Seventeen uploads were accepted (free, links, paid, nine hostile ZIPs, one without a chat,
    // two over the chat limits, two with a NUL in the chat), one of each refusal made, and the one
    // cut off midway was refused as a broken form.
    expect(value('chatexhibit_uploads_total', { outcome: 'accepted' })).toBe(17);
    expect(value('chatexhibit_uploads_total', { outcome: 'refused_form' })).toBe(1);
    expect(value('chatexhibit_uploads_total', { outcome: 'refused_type' })).toBe(1);
    expect(value('chatexhibit_uploads_total', { outcome: 'refused_size' })).toBe(1);
    expect(value('chatexhibit_uploads_total', { outcome: 'refused_options' })).toBe(5);
    expect(value('chatexhibit_uploads_total', { outcome: 'rate_limited' })).toBe(0);
    expect(value('chatexhibit_upload_bytes_total')).toBeGreaterThan(1000);
    // Each service's jobs, labelled by the part that consumed them.
    const handled = (part: string, subject: string, outcome: string) =>
      value('chatexhibit_job_duration_seconds_count', { part, subject, outcome });
    expect(handled('ingest', 'jobs.ingest', 'ok')).toBe(8);
    // Refused uploads are the uploader's files, not dead letters an operator is alerted to.
    expect(handled('ingest', 'jobs.ingest', 'refused')).toBe(9);
    expect(handled('parse', 'jobs.parse', 'refused')).toBe(5);
    // Refused at once: no chat (a NUL in it included) is tried again.
    expect(handled('parse', 'jobs.parse', 'retry') ?? 0).toBe(0);
    expect(value('chatexhibit_dead_letters_total', { part: 'parse', subject: 'jobs.parse' }) ?? 0).toBe(0);
    expect(value('chatexhibit_dead_letters_total', { part: 'ingest', subject: 'jobs.ingest' }) ?? 0).toBe(0);
    expect(handled('payment', 'jobs.payment.decide', 'ok')).toBe(3);
    // The documents' two lanes (finding H2, fairness): the exports above are small.
    expect(handled('pdf', 'jobs.pdf', 'ok')).toBe(3);
    expect(value('chatexhibit_queue_depth', { part: 'pdf', subject: 'jobs.pdf' })).toBe(0);
    expect(value('chatexhibit_queue_depth', { part: 'pdf', subject: 'jobs.pdf.large' })).toBe(0);
    // Refusals and unreadable results, by route pattern (never the export id) and status.
    const errors = (route: string, status: number) =>
      value('chatexhibit_http_request_errors_total', { route, status: String(status) });
    expect(errors('POST /api/whatsapp/process', 415)).toBe(1);
    expect(errors('POST /api/whatsapp/process', 413)).toBe(1);
    expect(errors('GET /api/whatsapp/chat/:chatExportId', 404)).toBe(2);
    expect(errors('GET /api/files/:token/transcript.pdf', 403)).toBeGreaterThanOrEqual(1);
    expect(value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  // After /metrics, whose counts are of the uploads above.
  it("counts against the free tier every entry but WhatsApp's own notices", async () => {
    const processed = async (systemLines: string[], encryptionNotice: boolean) => {
      const exported = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'counted-')), {
        textMessages: 45,
        voiceNotes: 0,
        photos: 0,
        encryptionNotice,
        systemLines,
      });
      const upload = await uploadExport(standalone.baseUrl, exported.zipPath);
      return finalEvent((await readProgress(standalone.baseUrl, upload.body.clientId!)).events);
    };
    // A line without "Name: " is a system line whatever it says: text written so still counts.
    const crafted = await processed(
      Array.from({ length: 10 }, (_, i) => `any text at all, line ${i + 1}`),
      false,
    );
    expect(crafted).toMatchObject({ requiresPayment: true, step: 4, messageCount: 55 });
    expect(crafted.chatData).toBeUndefined();
    const noticed = await processed(["\u200eOmar Haddad joined using this group's invite link"], true);
    expect(noticed).toMatchObject({ done: true, messageCount: 45 });
    expect(noticed.requiresPayment).toBeUndefined();
    expect(noticed.chatData!.messages).toHaveLength(47);
  }, 120_000);

  it('tells the uploader on the final event what the scan for Rule 5.2(a) identifiers found in the transcript, by kind and message', async () => {
    const exported = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'identifiers-')), {
      textMessages: 4,
      voiceNotes: 0,
      photos: 0,
      encryptionNotice: true,
      texts: ['My SSN is 123-45-6789.', 'Fine.', 'Her DOB: 03/14/2017.', 'Thanks.'],
    });
    const upload = await uploadExport(standalone.baseUrl, exported.zipPath);
    const done = finalEvent((await readProgress(standalone.baseUrl, upload.body.clientId!)).events);
    expect(done).toMatchObject({ done: true });
    // Message 1 is the encryption notice: the texts are messages 2 to 5.
    expect(done.chatData!.identifierScan).toEqual({
      totalMessages: 5,
      found: [
        { kind: 'ssn', messages: [2] },
        { kind: 'birth-date', messages: [4] },
      ],
    });
  }, 120_000);

  it('serves its API docs: the OpenAPI document and a page with no outside resources', async () => {
    const document = (await (await fetch(`${standalone.baseUrl}/api/docs/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/whatsapp/process');
    const page = await fetch(`${standalone.baseUrl}/api/docs`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<code>POST /api/whatsapp/process</code>');
    expect(html).not.toMatch(/<script|https?:\/\//);
  });

  it('finishes an export after the process is killed (SIGKILL) mid-step and started again', async () => {
    const done = await interruptMidMedia(
      standalone.baseUrl,
      await mkdtemp(path.join(workDir, 'killed-')),
      10,
      async () => {
        standalone.app!.child.kill('SIGKILL');
        await standalone.app!.exited;
        await standalone.restart();
      },
    );
    expect(done).toMatchObject({ done: true, messageCount: 10 + INTERRUPTED_EXPORT.voiceNotes });
    const voice = done.chatData!.messages.filter((m) => m.type === 'voice');
    expect(voice).toHaveLength(INTERRUPTED_EXPORT.voiceNotes);
    for (const message of voice) expect(message.duration).toBeCloseTo(INTERRUPTED_EXPORT.voiceSeconds, 0);
    expect(standalone.app!.lines.some((line) => line.includes('an earlier run left behind'))).toBe(true);
    // What the killed run was converting in its scratch space is gone.
    expect(
      (await readdir(path.join(standalone.dataDir, 'tmp'))).filter((n) => n.startsWith('chatexhibit-media-')),
    ).toEqual([]);
    // The media step the killed process held was handed back and run again.
    expect(
      standalone.app!.lines.some(
        (line) => line.includes('handed back jobs a stopped process held') && line.includes('jobs.media'),
      ),
    ).toBe(true);
  }, 180_000);
});
