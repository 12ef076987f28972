import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { ExhibitSpecSchema } from '@chatexhibit/proto/exhibit-spec';
import { ExportFactsSchema } from '@chatexhibit/proto/processing-options';
import {
  PUBLIC_COMPANION_ORIGINALS,
  PUBLIC_COPY_PATHS,
  publicCompanionName,
  publicCompanionStatement,
} from '@chatexhibit/proto/public-copy';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { renderExportDocuments } from '@chatexhibit/pdf/domain/render-export-documents';
import { planExhibit } from '@chatexhibit/pdf/domain/exhibit/exhibit-plan';
import { CompanionRedactor, specItems } from '@chatexhibit/pdf/domain/public-copy/public-companions';
import { renderPublicCopy } from '@chatexhibit/pdf/domain/public-copy/render-public-copy';
import type { ExportSource } from '@chatexhibit/pdf/domain/transcript/transcript-source';
import { pdfForms, pdfObjects } from './support/pdf-operators';
import { transcriptMessage } from './support/transcript-message';

const run = promisify(execFile);
const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
const GENERATED_AT = new Date('2026-11-23T09:15:00.000Z');
const pdftotext = async (file: string): Promise<string> => (await run('pdftotext', [file, '-'])).stdout;
/** One space for every run of spaces and line breaks: a wrapped number reads as written. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');
/** Whether `text` holds `secret`, also cut over lines anywhere (an 80-column text cuts a long name). */
const holds = (text: string, secret: string): boolean =>
  flat(text).includes(secret) || text.replace(/\s+/g, '').includes(secret.replace(/\s+/g, ''));

/** In the messages. */
const SSN = '123-45-6789';
const CARD = '4111 1111 1111 1111';
const BIRTH = '04/07/2015';
/** A minor's name, which the suggestion engine does not find: the filer's spec adds it. */
const MINOR = 'Emma';
/** In the chat file's name (and so the upload's): others, so each place is checked on its own. */
const NAME_SSN = '219-09-9999';
const NAME_CARD = '5555 5555 5555 4444';
const NAME_BIRTH = '03.09.2016';
const CHAT_NAME = `WhatsApp Chat with ${MINOR} SSN ${NAME_SSN} card ${NAME_CARD} born ${NAME_BIRTH}`;
/** Every identifier, whole and as the part the rule asks to remove. */
const SECRETS = [
  SSN,
  '123-45-',
  CARD,
  '4111 1111 1111 ',
  BIRTH,
  '04/07/',
  NAME_SSN,
  '219-09-',
  NAME_CARD,
  '5555 5555 5555 ',
  NAME_BIRTH,
  '03.09.',
  MINOR,
];

function chatMessages(): TranscriptMessage[] {
  const texts: Record<number, string> = {
    4: `For the landlord form: my SSN is ${SSN}, please keep it private.`,
    6: `I paid the first month with my card ${CARD} remember.`,
    8: `${MINOR} was born ${BIRTH}, the school needs it.`,
    9: `Pick up ${MINOR} at three.`,
  };
  return Array.from({ length: 30 }, (_, i) =>
    transcriptMessage(i + 1, {
      timestamp: `2024-03-01T09:${String(i).padStart(2, '0')}:00`,
      sender: i % 2 === 0 ? 'Dana Whitfield' : 'Alex Rivera',
      content: texts[i + 1] ?? `Note ${i + 1}: the deposit is still not returned.`,
    }),
  );
}

async function chatSource(root: string): Promise<ExportSource> {
  const chatText = Buffer.from('the chat text\n');
  const chatKey = path.join(root, 'chat.txt');
  await writeFile(chatKey, chatText);
  const upload = path.join(root, 'upload.zip');
  await writeFile(upload, Buffer.from('PK\u0003\u0004 stands in for the upload'));
  const messages = chatMessages();
  return {
    exportReference: 'CE-FK9E-D9YK-P6G3',
    facts: ExportFactsSchema.parse({
      originalFilename: `${CHAT_NAME}.zip`,
      fileHash: sha256(await readFile(upload)),
      uploadSizeBytes: (await readFile(upload)).length,
      options: {},
      timeZone: 'America/New_York',
      batesPrefix: 'CHAT',
      receivedAt: '2026-11-23T08:00:00.000Z',
      examination: { caseNumber: null, exhibitNumber: null, preparedBy: null, exportingAccount: null },
    }),
    chat: {
      chatFile: `${CHAT_NAME}.txt`,
      participants: ['Dana Whitfield', 'Alex Rivera'],
      warnings: [],
      format: 'android',
      calendar: 'gregorian',
      dateOrder: 'mdy',
      encoding: 'utf-8',
    },
    async *messages() {
      for (let start = 0; start < messages.length; start += 10) yield messages.slice(start, start + 10);
    },
    entries: [{ path: `${CHAT_NAME}.txt`, key: chatKey, size: chatText.length, sha256: sha256(chatText) }],
    folders: [],
    media: [],
    mediaComponents: {},
    uploadKey: upload,
    files: { open: async (key) => createReadStream(key) },
    verifyUrl: null,
    sourceUrl: null,
  };
}

const EXTRA = ExhibitSpecSchema.parse({
  label: 'Extra redactions',
  selections: [{ message: 1 }],
  redactions: [
    { kind: 'text-everywhere', text: MINOR, replaceWith: 'E.C.', reason: { category: 'minor-name' } },
  ],
});

describe('the public copy of a package whose messages and chat file name hold Rule 5.2(a) identifiers', () => {
  let root: string;
  let dir: string;
  let packageDir: string;
  const file = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-public-copy-'));
    const out = path.join(root, 'out');
    await mkdir(out);
    dir = path.join(out, 'public-copy');
    packageDir = path.join(root, 'package');
    const source = await chatSource(root);
    const made = await renderExportDocuments(source, out, GENERATED_AT);
    await run('unzip', ['-q', made.evidenceZip.file, '-d', packageDir]);
    const documents = await Promise.all(
      (await readdir(packageDir)).map(async (name) => ({
        path: name,
        bytes: await readFile(path.join(packageDir, name)).catch(() => Buffer.alloc(0)),
      })),
    );
    await renderPublicCopy(
      source,
      { extra: EXTRA, dir },
      { sha256: made.filingTranscript.sha256, pageCount: made.pageCount },
      documents,
      GENERATED_AT,
    );
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** The public companions the package's documents get (it holds no audio, so no notice of conventional filing). */
  const companions = PUBLIC_COMPANION_ORIGINALS.filter(
    (name) => name !== PACKAGE_PATHS.conventionalFilingNotice,
  );

  it("shows none of them in the public transcript's text layer, and keeps what the rule allows", async () => {
    const text = flat(await pdftotext(file(PUBLIC_COPY_PATHS.transcript)));
    expect(SECRETS.filter((secret) => holds(text, secret))).toEqual([]);
    // pdftotext puts a space between a box's label and the digits after it.
    expect(text).toMatch(/\[SSN\/TIN\] ?6789/);
    expect(text).toMatch(/\[Account no\.\] ?1111 remember/);
    expect(text).toMatch(/\[E\.C\.\] was born \[Birth date\] ?2015/);
    // It is the whole transcript, not an excerpt.
    expect(text).toContain('Transcript of a WhatsApp chat export, redacted (exhibit.pdf)');
    expect(text).not.toContain('Excerpt');
    // The sealed copy still holds them: it is for filing under seal.
    const sealed = flat(await pdftotext(file(PUBLIC_COPY_PATHS.sealed)));
    for (const secret of [SSN, CARD, BIRTH, MINOR]) expect(sealed).toContain(secret);
  });

  it("shows none of them in any public companion, nor in the PDFs' objects", async () => {
    const texts: Record<string, string> = {};
    for (const original of companions) {
      const name = publicCompanionName(original);
      texts[name] = name.endsWith('.pdf') ? await pdftotext(file(name)) : await readFile(file(name), 'utf8');
    }
    const leaks = Object.entries(texts).flatMap(([name, text]) =>
      SECRETS.filter((secret) => holds(text, secret)).map((secret) => `${secret} in ${name}`),
    );
    // Nor in the PDFs' objects: metadata, bookmarks, fonts' maps, any stream.
    for (const name of [
      PUBLIC_COPY_PATHS.transcript,
      publicCompanionName(PACKAGE_PATHS.processingRecordPdf),
    ]) {
      const objects = await pdfObjects(file(name));
      for (const secret of [SSN, CARD, BIRTH, NAME_SSN, NAME_CARD, NAME_BIRTH, MINOR])
        if (pdfForms(secret).some((form) => objects.includes(form)))
          leaks.push(`${secret} in ${name}'s objects`);
    }
    expect(leaks).toEqual([]);
    // The originals did print them: the companions had something to redact.
    const record = await readFile(path.join(packageDir, PACKAGE_PATHS.processingRecord), 'utf8');
    expect(flat(record)).toContain(NAME_SSN);
  });

  it('names each original by its real SHA-256 and counts what it redacts; SHA256SUMS verifies every file', async () => {
    for (const original of companions) {
      const name = publicCompanionName(original);
      const originalHash = sha256(await readFile(path.join(packageDir, original)));
      const text = flat(
        name.endsWith('.pdf') ? await pdftotext(file(name)) : await readFile(file(name), 'utf8'),
      );
      const statement = new RegExp(
        publicCompanionStatement(original, originalHash, 0)
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('0 items', '(\\d+) items?'),
      );
      expect({ name, statement: statement.test(text) }).toEqual({ name, statement: true });
    }
    // The public record's PDF renders the public record, and its metadata names that file by its real hash.
    const { stdout: info } = await run('pdfinfo', [
      file(publicCompanionName(PACKAGE_PATHS.processingRecordPdf)),
    ]);
    const publicRecord = publicCompanionName(PACKAGE_PATHS.processingRecord);
    expect(flat(info)).toContain(`${publicRecord} SHA-256 ${sha256(await readFile(file(publicRecord)))}`);
    const manifest = JSON.parse(await readFile(file(publicCompanionName(PACKAGE_PATHS.manifest)), 'utf8'));
    expect(manifest.publicCopy).toMatchObject({
      of: PACKAGE_PATHS.manifest,
      sha256: sha256(await readFile(path.join(packageDir, PACKAGE_PATHS.manifest))),
    });
    expect(manifest.publicCopy.redactedItems).toBeGreaterThan(0);

    const sums = await readFile(file(PUBLIC_COPY_PATHS.checksums), 'utf8');
    const listed = sums
      .trim()
      .split('\n')
      .map((line) => line.split('  ') as [string, string]);
    expect(listed.map(([, name]) => name).sort()).toEqual(
      (await readdir(dir)).filter((name) => name !== PUBLIC_COPY_PATHS.checksums).sort(),
    );
    for (const [hash, name] of listed)
      expect({ name, hash }).toEqual({ name, hash: sha256(await readFile(file(name))) });
    await run('sha256sum', ['-c', '--quiet', PUBLIC_COPY_PATHS.checksums], { cwd: dir });
  });

  it('holds each identifier in the Rule 5.2(g) reference list, against its identifier', async () => {
    const list = flat(await readFile(file(PUBLIC_COPY_PATHS.referenceList), 'utf8'));
    for (const identifier of [SSN, CARD, BIRTH, MINOR, NAME_SSN, NAME_CARD, NAME_BIRTH])
      expect(list).toContain(`Item: ${identifier}`);
    expect(list).toMatch(/R1 \[E\.C\.\] Item: Emma Reason: Name of a minor/);
  });
});

describe("a public companion's redaction", () => {
  it('finds a name and an identifier however an 80-column text cuts them over lines, and no hash', async () => {
    const spec = ExhibitSpecSchema.parse({
      ...EXTRA,
      redactions: [
        ...EXTRA.redactions,
        { kind: 'text', message: 1, text: '123-45-', reason: { category: 'taxpayer-id' } },
        { kind: 'text', message: 1, text: '98765432', reason: { category: 'financial-account' } },
      ],
    });
    const messages = [transcriptMessage(1, { content: `my SSN is ${SSN}, account 98765432` })];
    const plan = await planExhibit(
      spec,
      (async function* () {
        yield messages;
      })(),
      { participants: ['Dana Whitfield'], chatFile: `${CHAT_NAME}.txt` },
    );
    const redactor = new CompanionRedactor(
      plan,
      specItems(plan, new Map(), () => 'message 1'),
      [`${CHAT_NAME}.txt`],
    );
    // A hash that holds a redacted account number's digits stays whole.
    const hash = '98765432'.repeat(8);
    const written =
      `    original/WhatsApp Chat with Em\n    ma SSN 219-0\n    9-9999 card 5555 5555\n    5555 4444 born 03.0\n` +
      `    9.2016.txt; SSN 123-\n    45-6789; Emmanuel; ${hash}`;
    const { text, items } = redactor.redact(written, 'a companion');
    expect(text).toBe(
      '    original/WhatsApp Chat with [E.C. R1] SSN [SSN/TIN C1]9999 card [Account no. C2]4444 born ' +
        `[Birth date C3]2016.txt; SSN [SSN/TIN R2]6789; Emmanuel; ${hash}`,
    );
    expect(items).toBe(5);
  });
});
