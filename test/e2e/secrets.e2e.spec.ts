import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { exportReference } from '@chatexhibit/proto/export-reference';
import type { ProgressEvent } from '@chatexhibit/proto/progress';
import { SignedLinks } from '@chatexhibit/kit/links/signed-links';
import { eventually } from '../support/eventually';
import { downloadAndVerifyEvidence } from '../support/evidence-package';
import {
  createPaymentIntent,
  decodedMail,
  linksInMail,
  openSignedLink,
  outboxMailTo,
  paymentStatus,
} from '../support/payment-client';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

const run = promisify(execFile);

/** A name for the upload that names a person, as real exports' names do. */
const UPLOAD_NAME = 'WhatsApp Chat - Jane Quirinus Roe.zip';
const BUYER = 'jane.roe.buyer@example.org';
/** A message text to look for where no message text may be. */
const MESSAGE_TEXT = 'The deposit code is Quokka-7731';
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full)));
    else found.push(full);
  }
  return found;
}

/** What a reader of a PDF can get out of it: its text, its metadata and XMP, its attachments' names. */
async function readablePdf(file: string): Promise<string> {
  const outputs = await Promise.all([
    run('pdftotext', ['-enc', 'UTF-8', file, '-']),
    run('pdfinfo', ['-meta', file]),
    run('pdfdetach', ['-list', file]),
  ]);
  return outputs.map((o) => o.stdout).join('\n');
}

/** The path segments of a link, each decoded. */
/** Host and port of a base URL, for node:http. */
const urlParts = (base: string) => {
  const { hostname, port } = new URL(base);
  return { host: hostname, port: Number(port) };
};
const segmentsOf = (link: string): string[] =>
  new URL(link, 'http://x').pathname.split('/').filter(Boolean).map(decodeURIComponent);

/**
 * The access model (docs/security.md): ids that open an export (the client id the upload
 * answers, the bundle id of a paid export) are held by the uploader alone. They appear in no
 * document, mail, link path or log line; documents and logs name the export by its reference.
 */
describe('secrets stay secret', () => {
  const standalone = useStandalone({ LOG_LEVEL: 'debug' });
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-secrets-'));
  });
  afterAll(() => workDir && rm(workDir, { recursive: true, force: true }));

  /** Uploads an export under UPLOAD_NAME and follows it to its final event. */
  async function upload(textMessages: number): Promise<{ clientId: string; final: ProgressEvent }> {
    const exported = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'export-')), {
      textMessages,
      voiceNotes: 1,
      photos: 1,
      texts: [MESSAGE_TEXT],
    });
    const started = await uploadExport(standalone.baseUrl, exported.zipPath, {}, UPLOAD_NAME);
    expect(started.status).toBe(201);
    const { events } = await readProgress(standalone.baseUrl, started.body.clientId!, { timeoutMs: 90_000 });
    return { clientId: started.body.clientId!, final: events.at(-1)! };
  }

  it('hands out no id in a document, a mail, a link path or a log line', async () => {
    const base = standalone.baseUrl;
    /**
     * Every id the API handed out that opens an export (through an unsigned route), or its
     * checkout: the test checkout page of an open session shows the buyer's address and pays.
     */
    const openers = new Set<string>();
    /** The sealed tokens of the links: they open nothing without a signature, but belong in no document. */
    const tokens = new Set<string>();
    /** Every link the API and the mail gave, to the export's files. */
    const links: string[] = [];
    const documents: { name: string; text: string }[] = [];

    // Free: the final event links the transcript, the chat data each voice note.
    const free = await upload(5);
    openers.add(free.clientId);
    expect(free.final.done).toBe(true);
    links.push(free.final.pdfUrl!);
    const voice = (messages: { type: string; content: string }[]) =>
      messages.filter((m) => m.type === 'voice').map((m) => m.content);
    links.push(...voice(free.final.chatData!.messages));

    // Paid: a bundle, the test checkout, the buyer's mail in the outbox.
    const paid = await upload(60);
    openers.add(paid.clientId);
    const bundleId = paid.final.bundleId!;
    openers.add(bundleId);
    const intent = await createPaymentIntent(base, bundleId, BUYER);
    expect(intent.status).toBe(200);
    const page = intent.body.checkoutUrl!.replace('localhost', '127.0.0.1');
    openers.add(segmentsOf(page).at(-1)!);
    expect((await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await eventually(async () => (await paymentStatus(base, bundleId)).body.isPaid, 15_000, 'paid');
    links.push((await paymentStatus(base, bundleId)).body.pdfUrl!);
    const chat = (await (await fetch(`${base}/api/whatsapp/chat/${paid.clientId}`)).json()) as {
      messages: { type: string; content: string }[];
    };
    links.push(...voice(chat.messages));
    const mail = await outboxMailTo(standalone.dataDir, BUYER);
    const mailed = linksInMail(mail).filter((link) => link.includes('/api/files/'));
    expect(mailed).toHaveLength(2);
    links.push(...mailed);
    const mailText = decodedMail(mail);

    // A link's path: a token that unseals only here, and that no unsigned route takes.
    expect(links.filter((link) => link.includes('/audio/'))).toHaveLength(2);
    const forms = (id: string) => [id, id.toUpperCase(), id.replace(/-/g, '')];
    /** Where an id was found, to be reported all together. */
    const leaks: string[] = [];
    const absent = (values: Iterable<string>, name: string, text: string) => {
      for (const value of values)
        if (forms(value).some((form) => text.includes(form))) leaks.push(`${name} holds ${value}`);
    };
    // The mail carries its links, and nothing that opens an export without them.
    absent(openers, 'the buyer’s mail', `${mail}\n${mailText}`);
    if (!mailText.includes(`Export reference: ${exportReference(paid.clientId)}`))
      leaks.push('the buyer’s mail gives no export reference');
    for (const link of links) {
      absent(openers, link, link);
      expect(segmentsOf(link).slice(0, 2)).toEqual(['api', 'files']);
      const token = segmentsOf(link)[2]!;
      tokens.add(token);
      // No unsigned route takes what a link's path holds.
      for (const route of ['/api/whatsapp/chat/', '/api/whatsapp/evidence-zip/', '/api/payment/']) {
        const status = (await fetch(base + route + token)).status;
        if (status !== 404) leaks.push(`${route}<a link's token> answers ${status}`);
      }
      expect((await openSignedLink(new URL(link, base).href.replace('localhost', '127.0.0.1'))).status).toBe(
        200,
      );
    }

    // Every document of both exports, as downloaded, read as its reader would.
    for (const exportId of [free.clientId, paid.clientId]) {
      const response = await fetch(`${base}/api/whatsapp/evidence-zip/${exportId}`);
      const disposition = response.headers.get('content-disposition')!;
      absent(openers, 'the evidence package’s file name', disposition);
      await response.arrayBuffer();
      const unzipped = await downloadAndVerifyEvidence(
        base,
        exportId,
        await mkdtemp(path.join(workDir, 'zip-')),
      );
      for (const file of await filesUnder(unzipped)) {
        const bytes = await readFile(file);
        documents.push({ name: path.relative(unzipped, file), text: bytes.toString('latin1') });
        if (file.endsWith('.pdf')) documents.push({ name: `${file} as read`, text: await readablePdf(file) });
      }
      // Named by the chat and its reference instead, as README.txt is.
      const reference = exportReference(exportId);
      if (
        !disposition.startsWith("attachment; filename*=UTF-8''") ||
        !disposition.endsWith(`%E2%80%93%20evidence-${reference}.zip`)
      )
        leaks.push(`the evidence package is named ${disposition}`);
      const readme = await readFile(path.join(unzipped, 'README.txt'), 'utf8');
      if (!readme.includes(`Export reference: ${reference}\n`))
        leaks.push('README.txt gives no export reference');
    }
    for (const link of links.filter((l) => l.includes('transcript.pdf'))) {
      const file = path.join(await mkdtemp(path.join(workDir, 'pdf-')), 'transcript.pdf');
      const response = await openSignedLink(new URL(link, base).href.replace('localhost', '127.0.0.1'));
      await writeFile(file, Buffer.from(await response.arrayBuffer()));
      documents.push({ name: `${link} as read`, text: await readablePdf(file) });
    }

    for (const { name, text } of documents) absent([...openers, ...tokens], name, text);

    // The server's log of all this: no id, no email address, no file name, no message text.
    const log = `${standalone.app.lines.join('\n')}\n${standalone.app.stderr()}`;
    absent([...openers, ...tokens], 'the log', log);
    expect(leaks).toEqual([]);
    expect(log).toContain('"correlationId":"CE-');
    expect(log).not.toMatch(EMAIL);
    for (const named of ['Jane Quirinus Roe', 'Omar Haddad', 'Hannah Schmidt', 'Quokka-7731'])
      expect(log).not.toContain(named);
  }, 300_000);

  it('answers a validly signed link whose voice-note path leaves the export 404, not 500 nor another export’s file', async () => {
    const other = await upload(5);
    const { clientId } = await upload(5);
    const links = new SignedLinks(
      (await readFile(path.join(standalone.dataDir, 'link-signing.key'), 'utf8')).trim(),
    );
    // The other export's voice note, which exists: `audio/<entry path>` in its chat data.
    const otherVoice = other.final.chatData!.messages.find((m) => m.type === 'voice')!.content;
    const otherEntry = segmentsOf(otherVoice).slice(4).join('/');
    expect((await fetch(standalone.baseUrl + otherVoice)).status).toBe(200);
    const paths = links.pathsOf(clientId);
    // Sent as is (no URL parsing that would resolve `..` before the request leaves), so each
    // reaches the audio route; the path is signed as sent.
    const rawGet = (pathname: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.get(
          { ...urlParts(standalone.baseUrl), path: links.sign(pathname) },
          (response) => {
            let body = '';
            response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode!, body }));
          },
        );
        request.on('error', reject);
      });
    const audioPath = (rawEntryPath: string) => paths.audio('x').replace(/x$/, rawEntryPath);
    for (const rawEntryPath of [
      // Into the other export's folder, to a file that exists there.
      encodeURIComponent(`../../../${other.clientId}/derived/audio/${otherEntry}`),
      encodeURIComponent('../../upload.zip'),
      encodeURIComponent('../../../other/x'),
      encodeURIComponent('/etc/passwd'),
      '..',
      '%2E%2E',
      encodeURIComponent('a//b'),
      encodeURIComponent('a\\..\\b'),
    ]) {
      const response = await rawGet(audioPath(rawEntryPath));
      expect({ rawEntryPath, status: response.status }).toEqual({ rawEntryPath, status: 404 });
      expect(JSON.parse(response.body)).toMatchObject({ code: 'NOT_FOUND' });
    }
    // A token sealed with another key, under a valid signature: not a link of this server.
    const foreign = new SignedLinks('f'.repeat(64)).pathsOf(clientId).transcript;
    const refused = await fetch(standalone.baseUrl + links.sign(foreign));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'This download link is not valid.' });
  }, 120_000);
});
