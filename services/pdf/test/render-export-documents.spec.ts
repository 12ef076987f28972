import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { type ExportFacts, ExportFactsSchema } from '@chatexhibit/proto/processing-options';
import type { ExportEntry, MediaItem } from '@chatexhibit/proto/storage-layout';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { type ExportDocuments, renderExportDocuments } from '@chatexhibit/pdf/domain/render-export-documents';
import {
  DocumentsOutOfMemoryError,
  DocumentsTooSlowError,
  renderExportDocumentsInWorker,
} from '@chatexhibit/pdf/domain/document-worker/documents-in-worker';
import { DOCUMENTS_OUT_OF_MEMORY_MESSAGE, DOCUMENTS_TOO_SLOW_MESSAGE } from '@chatexhibit/proto/progress';
import { countRows, type ExportCounts } from '@chatexhibit/pdf/domain/export-counts';
import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import type { ExportSource } from '@chatexhibit/pdf/domain/transcript/transcript-source';
import { drawingOperators } from './support/pdf-operators';
import { transcriptMessage } from './support/transcript-message';

const run = promisify(execFile);
const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** Lines of a chat in many scripts, as people write them. */
const MULTI_SCRIPT = [
  'Good morning! The contract is signed ✅ 👍🏽',
  'مرحبا، سنلتقي الساعة العاشرة في مكتب المحامي. I sent them at 10:30.',
  'שלום, אני אביא את המפתחות 📄',
  'สวัสดีครับ พรุ่งนี้เจอกันนะ',
  '我们明天下午三点见面。',
  'こんにちは、書類を受け取りました。',
  'नमस्ते, कल मिलते हैं।',
  'Привет! Встреча в 15:00 🇩🇪',
  'Family: 👨‍👩‍👧 and keycap 1️⃣',
];

interface Fixture {
  dir: string;
  source: ExportSource;
  messages: TranscriptMessage[];
  voice: Buffer;
  mp3: Buffer;
}

/**
 * A small export on disk, as the CLI hands it to the core: a chat text, a voice note with its
 * MP3 copy, a photo, a file no message names and an attachment the ZIP lacks. The "MP3" and the
 * "photo" are bytes with the right signatures; nothing here decodes them.
 */
async function writeFixture(root: string, facts: Partial<ExportFacts> = {}): Promise<Fixture> {
  const dir = await mkdtemp(path.join(root, 'export-'));
  const voice = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(400, 7)]);
  const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(600, 9)]);
  const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]);
  const files: Record<string, Buffer> = {
    '_chat.txt': Buffer.from('the chat text\n'),
    'PTT-20240301-WA0001.opus': voice,
    'IMG-20240301-WA0002.jpg': photo,
    'notes/unreferenced.pdf': Buffer.from('%PDF-1.4 not named by any message'),
  };
  const entries: ExportEntry[] = [];
  for (const [entryPath, data] of Object.entries(files)) {
    const file = path.join(dir, 'entries', entryPath);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    entries.push({ path: entryPath, key: file, size: data.length, sha256: sha256(data) });
  }
  const mp3File = path.join(dir, 'PTT-20240301-WA0001.opus.mp3');
  await writeFile(mp3File, mp3);
  const upload = path.join(dir, 'WhatsApp Chat - Sam.zip');
  await writeFile(upload, Buffer.from('PK\u0003\u0004 stands in for the upload'));

  const message = (index: number, over: Partial<TranscriptMessage>): TranscriptMessage =>
    transcriptMessage(index, {
      line: index + 1,
      lineEnd: index + 1,
      timestamp: `2024-03-${String(1 + Math.floor(index / 6)).padStart(2, '0')}T09:${String(index).padStart(2, '0')}:00`,
      sender: index % 2 === 0 ? 'Sam Carter' : '+1 555 010 7788',
      ...over,
    });
  const messages: TranscriptMessage[] = [
    message(1, {
      sender: null,
      type: 'system',
      event: 'encryption',
      content: 'Messages and calls are end-to-end encrypted.',
    }),
    ...MULTI_SCRIPT.map((content, i) => message(i + 2, { content })),
    message(11, {
      type: 'voice',
      attachment: 'PTT-20240301-WA0001.opus',
      attachmentPath: 'PTT-20240301-WA0001.opus',
    }),
    message(12, {
      type: 'image',
      attachment: 'IMG-20240301-WA0002.jpg',
      attachmentPath: 'IMG-20240301-WA0002.jpg',
      content: 'the signed page',
    }),
    message(13, { type: 'image', attachment: 'IMG-20240301-WA0099.jpg', attachmentPath: null }),
    message(14, { type: 'deleted', content: 'This message was deleted', flags: ['deleted'] }),
    message(15, { content: 'Corrected time: 11:00', flags: ['edited'], line: 16, lineEnd: 18 }),
  ];
  const media: MediaItem[] = [
    {
      path: 'PTT-20240301-WA0001.opus',
      kind: 'voice',
      derivedKey: mp3File,
      durationSeconds: 42.4,
      derivedSizeBytes: mp3.length,
      derivedSha256: sha256(mp3),
      problem: null,
    },
  ];
  const source: ExportSource = {
    exportReference: 'CE-FK9E-D9YK-P6G3',
    facts: ExportFactsSchema.parse({
      originalFilename: 'WhatsApp Chat - Sam.zip',
      fileHash: sha256(await readFile(upload)),
      uploadSizeBytes: (await readFile(upload)).length,
      options: {},
      timeZone: 'Europe/London',
      batesPrefix: 'SMITH',
      examination: {
        caseNumber: '2:24-cv-01234',
        exhibitNumber: '7',
        preparedBy: 'J. Doe',
        exportingAccount: null,
      },
      receivedAt: '2026-11-23T08:00:00.000Z',
      ...facts,
    }),
    chat: {
      chatFile: '_chat.txt',
      participants: ['Sam Carter', '+1 555 010 7788'],
      warnings: [
        '1 attachment named in the chat is not in the ZIP, each marked MISSING at its message: messages 0013.',
      ],
      format: 'ios',
      calendar: 'gregorian',
      dateOrder: 'dmy',
      encoding: 'utf-8',
    },
    async *messages() {
      yield messages.slice(0, 8);
      yield messages.slice(8);
    },
    entries,
    folders: [],
    media,
    mediaComponents: { ffmpeg: '6.1.1' },
    uploadKey: upload,
    files: { open: async (key) => createReadStream(key) },
    verifyUrl: 'https://chatexhibit.example.com/verify',
    sourceUrl: null,
  };
  return { dir, source, messages, voice, mp3 };
}

const GENERATED_AT = new Date('2026-11-23T09:15:00.000Z');

/** The secondary sender colour, #0f766e, as a fill-colour operator. */
const SECONDARY_FILL = /0\.05\d* 0\.46\d* 0\.43\d* rg/;

describe('renderExportDocuments', () => {
  let root: string;
  let fixture: Fixture;
  let out: string;
  let documents: ExportDocuments;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-documents-'));
    fixture = await writeFixture(root);
    out = path.join(root, 'out');
    await mkdir(out);
    documents = await renderExportDocuments(fixture.source, out, GENERATED_AT);
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  const text = async (file: string) =>
    (await run('pdftotext', ['-enc', 'UTF-8', path.join(out, file), '-'])).stdout;

  it.each(['transcript.pdf', 'transcript-filing.pdf'])(
    '%s holds every message, in export order, with its number, and the cover facts',
    async (file) => {
      const pdf = await text(file);
      // The messages start at the first date heading (the cover writes dates as "01 Mar 2024").
      const messages = pdf.slice(pdf.indexOf('01 March 2024'));
      // A number stands alone: not inside a hash, a Bates number or "message 0011".
      const positions = fixture.messages.map((message) => {
        const number = String(message.index).padStart(4, '0');
        return { number, at: new RegExp(`(?:^|\n)${number}\n`).exec(messages)?.index ?? -1 };
      });
      expect(positions.map(({ number, at }) => ({ number, found: at >= 0 }))).toEqual(
        positions.map(({ number }) => ({ number, found: true })),
      );
      expect(positions.map(({ at }) => at)).toEqual(positions.map(({ at }) => at).sort((a, b) => a - b));
      // Each left-to-right text sits after its own number and before the next one.
      fixture.messages.forEach((message, i) => {
        if (!/^[A-Za-z]/.test(message.content)) return;
        const words = message.content.slice(0, 20);
        const found = messages.indexOf(words, positions[i]!.at);
        const next = positions[i + 1]?.at ?? messages.length;
        expect({ index: message.index, between: found > positions[i]!.at && found < next }).toEqual({
          index: message.index,
          between: true,
        });
      });
      for (const expected of [
        'Transcript of WhatsApp chat export',
        fixture.source.facts.fileHash,
        '2:24-cv-01234',
        'Europe/London',
        '01 March 2024',
        'Good morning! The contract is signed',
        'Привет! Встреча в 15:00',
        'Sam Carter',
        '+1 555 010 7788',
        'MISSING',
        'EDITED',
        'DELETED',
        'L16-18',
        'Attachment 1',
        'message 0011',
        'notes/unreferenced.pdf',
        'Page 1 of',
        'SMITH000001',
      ]) {
        expect(pdf).toContain(expected);
      }
    },
    30_000,
  );

  it.each(['transcript.pdf', 'transcript-filing.pdf'])(
    '%s copies right-to-left and complex scripts out with the right letters, in logical order',
    async (file) => {
      const pdf = (await text(file)).normalize('NFC');
      for (const phrase of [
        'سنلتقي الساعة العاشرة في مكتب المحامي',
        'אני אביא את המפתחות',
        'สวัสดีครับ',
        '我们明天下午三点见面',
        'こんにちは',
        'नमस्ते',
      ]) {
        expect(pdf).toContain(phrase);
      }
    },
  );

  it('renders every page of the PDFs (kept in .test-artifacts to look at)', async () => {
    const artifacts = path.join(__dirname, '..', '..', '..', '.test-artifacts');
    await mkdir(artifacts, { recursive: true });
    for (const [file, stem] of [
      ['transcript.pdf', 'documents-transcript'],
      ['transcript-filing.pdf', 'documents-filing'],
      ['processing-record.pdf', 'documents-processing-record'],
    ] as const) {
      for (const old of (await readdir(artifacts)).filter((name) => name.startsWith(`${stem}-`))) {
        await rm(path.join(artifacts, old));
      }
      const info = (await run('pdfinfo', [path.join(out, file)])).stdout;
      const pages = Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
      await run('pdftoppm', ['-r', '70', '-png', path.join(out, file), path.join(artifacts, stem)]);
      const rendered = (await readdir(artifacts)).filter((name) => name.startsWith(`${stem}-`));
      expect(rendered).toHaveLength(pages);
    }
  }, 30_000);

  /** Each page's text (pdftotext), the last page's form feed dropped. */
  const pagesOf = async (file: string) => (await text(file)).split('\f').slice(0, -1);
  const flatten = (value: string) => value.replace(/\s+/g, ' ');

  it.each([
    ['transcript.pdf', 'native copy'],
    ['transcript-filing.pdf', 'court-filing copy'],
  ])(
    '%s heads every page with the case and exhibit numbers, the title, the export reference and which copy it is',
    async (file, copy) => {
      const pages = await pagesOf(file);
      expect(pages.length).toBeGreaterThan(2);
      const header = `Case no. 2:24-cv-01234 · Exhibit 7 · Transcript of WhatsApp chat export · export CE-FK9E-D9YK-P6G3 · ${copy}`;
      expect(pages.map((page) => flatten(page).trim().startsWith(header))).toEqual(pages.map(() => true));
    },
  );

  it('numbers the two copies apart: the filing copy carries the Bates numbers, transcript.pdf each with -N', async () => {
    const bates = (page: string) => page.match(/SMITH\d{6}(?:-N)?/g) ?? [];
    const [native, filing] = [await pagesOf('transcript.pdf'), await pagesOf('transcript-filing.pdf')];
    expect(native).toHaveLength(filing.length);
    filing.forEach((page, i) => {
      const number = `SMITH${String(i + 1).padStart(6, '0')}`;
      expect(bates(page)).toContain(number);
      expect(bates(native[i]!)).toContain(`${number}-N`);
    });
    const numbers = (pages: string[]) => new Set(pages.flatMap(bates));
    const [nativeNumbers, filingNumbers] = [numbers(native), numbers(filing)];
    expect([...filingNumbers].filter((number) => nativeNumbers.has(number))).toEqual([]);
    expect([...filingNumbers].every((number) => /^SMITH\d{6}$/.test(number))).toBe(true);
    expect([...nativeNumbers].every((number) => /^SMITH\d{6}-N$/.test(number))).toBe(true);
  });

  it('says on the filing copy, cover and metadata, that it is the court-filing copy, and never speaks of MP3s it does not carry', async () => {
    const info = async (file: string) => (await run('pdfinfo', [path.join(out, file)])).stdout;
    const field = (pdfinfo: string, name: string) => new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(pdfinfo)?.[1];
    const filingInfo = await info('transcript-filing.pdf');
    expect(field(filingInfo, 'Title')).toBe(
      'Transcript of WhatsApp chat export: export CE-FK9E-D9YK-P6G3 (court-filing copy)',
    );
    expect(field(filingInfo, 'Subject')).toMatch(/^Court-filing copy \(PDF\/A-2b, no embedded files\)/);
    expect(field(filingInfo, 'Keywords')).toContain('court-filing copy');
    const nativeInfo = await info('transcript.pdf');
    expect(field(nativeInfo, 'Title')).toBe('Transcript of WhatsApp chat export: export CE-FK9E-D9YK-P6G3');
    expect(nativeInfo).not.toContain('court-filing copy');

    const cover = async (file: string) =>
      flatten((await pagesOf(file)).join(' ').split('Messages 01 March')[0]!);
    const section = (page: string, from: string, to: string) =>
      page.slice(page.indexOf(from), page.indexOf(to));
    const filing = await cover('transcript-filing.pdf');
    expect(filing).toContain('Court-filing copy (transcript-filing.pdf): PDF/A-2b, with no files embedded.');
    expect(section(filing, 'Processing options', 'Completeness')).not.toContain('MP3');
    expect(section(filing, 'Reading this transcript', 'Messages')).not.toContain('MP3');
    expect(section(filing, 'Processing options', 'Completeness')).toContain(
      'Voice notes: embedded only in transcript.pdf; this court-filing copy embeds no files',
    );
    const native = await cover('transcript.pdf');
    expect(native).toContain('Native copy (transcript.pdf)');
    expect(section(native, 'Processing options', 'Completeness')).toContain(
      'Voice notes: MP3 copies embedded in transcript.pdf',
    );
  });

  it('names attached files by attachment number, never as exhibits, in every text of the package', async () => {
    const unzipped = path.join(root, 'texts');
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', unzipped]);
    const texts: Record<string, string> = {};
    for (const name of await readdir(unzipped)) {
      if (name.endsWith('.pdf'))
        texts[name] = (await run('pdftotext', [path.join(unzipped, name), '-'])).stdout;
      else if (name.endsWith('.docx'))
        texts[name] = (await run('unzip', ['-p', path.join(unzipped, name), 'word/document.xml'])).stdout;
      else if (name.includes('.')) texts[name] = await readFile(path.join(unzipped, name), 'utf8');
    }
    expect(Object.keys(texts)).toEqual(
      expect.arrayContaining(['README.txt', 'messages.csv', 'transcript.pdf']),
    );
    const exhibitLike = Object.entries(texts).filter(([, content]) => /Exhibit A-|\bA-\d{4}\b/.test(content));
    expect(exhibitLike.map(([name]) => name)).toEqual([]);
    for (const name of ['transcript.pdf', 'transcript-filing.pdf', 'messages.csv', 'README.txt']) {
      expect(texts[name]).toContain('Attachment 1');
    }
  });

  it('has a font for every character of every message', () => {
    const missing = fixture.messages.flatMap((m) => FontSet.shared().missingCharacters(m.content));
    expect(missing).toEqual([]);
  });

  it('embeds the voice note MP3 in the transcript and nothing in the filing copy', async () => {
    const detach = path.join(root, 'detached');
    await mkdir(detach);
    const list = (await run('pdfdetach', ['-list', path.join(out, 'transcript.pdf')])).stdout;
    expect(list).toMatch(/Attachment 1 PTT-20240301-WA0001\.opus\.mp3/);
    await run('pdfdetach', ['-saveall', '-o', detach, path.join(out, 'transcript.pdf')]);
    expect(sha256(await readFile(path.join(detach, 'Attachment 1 PTT-20240301-WA0001.opus.mp3')))).toBe(
      sha256(fixture.mp3),
    );

    const filingList = (await run('pdfdetach', ['-list', path.join(out, 'transcript-filing.pdf')])).stdout;
    expect(filingList.trim()).toBe('0 embedded files');
  });

  it('marks the filing copy PDF/A-2b: XMP identification, sRGB output intent, embedded fonts, no JavaScript or encryption', async () => {
    const raw = (await readFile(path.join(out, 'transcript-filing.pdf'))).toString('latin1');
    expect(raw).toMatch(/<pdfaid:part>2<\/pdfaid:part>/);
    expect(raw).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(raw).toMatch(/\/OutputIntents/);
    expect(raw).toMatch(/\/S \/GTS_PDFA1/);
    for (const forbidden of ['/JavaScript', '/JS ', '/Encrypt', '/EmbeddedFile', '/FileAttachment']) {
      expect(raw).not.toContain(forbidden);
    }
    const fonts = (await run('pdffonts', [path.join(out, 'transcript-filing.pdf')])).stdout
      .trim()
      .split('\n')
      .slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line).toMatch(/\s+yes\s+yes\s+yes\s+\d+\s+\d+$/);
  });

  it('packs an evidence ZIP that sha256sum -c verifies, with the upload and every entry bit for bit', async () => {
    const unzipped = path.join(root, 'unzipped');
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', unzipped]);
    const { stdout } = await run('sha256sum', ['-c', 'SHA256SUMS'], { cwd: unzipped });
    expect(stdout).not.toMatch(/FAILED/);
    for (const [entry, data] of [
      ['original/upload/WhatsApp Chat - Sam.zip', await readFile(fixture.source.uploadKey)],
      ['original/PTT-20240301-WA0001.opus', fixture.voice],
      ['derived/audio/PTT-20240301-WA0001.opus.mp3', fixture.mp3],
      ['transcript.pdf', await readFile(path.join(out, 'transcript.pdf'))],
      ['transcript-filing.pdf', await readFile(path.join(out, 'transcript-filing.pdf'))],
    ] as const) {
      expect(stdout).toContain(`${entry}: OK`);
      expect(sha256(await readFile(path.join(unzipped, entry)))).toBe(sha256(data));
    }
    expect(stdout).toContain('messages.csv: OK');
    // manifest.json: MD5 and SHA-1 beside SHA-256 for every evidence file, as node computes them.
    const manifest = JSON.parse(await readFile(path.join(unzipped, 'manifest.json'), 'utf8')) as {
      files: { path: string; sha256: string; md5: string; sha1: string }[];
      documents: { path: string }[];
    };
    for (const file of manifest.files) {
      const bytes = await readFile(path.join(unzipped, file.path));
      expect([file.sha256, file.md5, file.sha1]).toEqual(
        ['sha256', 'md5', 'sha1'].map((algorithm) => createHash(algorithm).update(bytes).digest('hex')),
      );
    }
    expect(manifest.documents.map((document) => document.path)).toContain('messages.csv');
    // messages.csv: one row per message of the transcript, in its order, with its attachment numbers.
    const rows = parse(await readFile(path.join(unzipped, 'messages.csv')), { bom: true }) as string[][];
    expect(rows.slice(1).map((row) => [row[0], row[5], row[6], row[9]])).toEqual(
      fixture.messages.map((message) => [
        String(message.index).padStart(4, '0'),
        /^[+=@-]/.test(message.sender ?? '') ? `'${message.sender}` : (message.sender ?? ''),
        message.content,
        message.attachmentPath === 'IMG-20240301-WA0002.jpg'
          ? 'Attachment 2'
          : message.attachmentPath !== null
            ? 'Attachment 1'
            : message.attachment === null
              ? ''
              : 'MISSING',
      ]),
    );
    // The export has no seconds, so neither has the table, not even its ISO times (to the minute,
    // as ISO 8601 allows); London is at +00:00 in March.
    expect(rows[1]!.slice(1, 5)).toEqual([
      '2024-03-01',
      '09:01',
      '2024-03-01T09:01+00:00',
      '2024-03-01T09:01Z',
    ]);
    // The transcript prints the manifest's SHA-256, as the declaration does.
    const manifestHash = sha256(await readFile(path.join(unzipped, 'manifest.json')));
    expect(await text('transcript.pdf')).toContain(manifestHash);
    expect(await readFile(path.join(unzipped, 'declaration-template.txt'), 'utf8')).toContain(manifestHash);
  });

  it('writes a processing record naming the real hashes of the documents before it, named by the declaration', async () => {
    const unzipped = path.join(root, 'record');
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', unzipped]);
    const record = await readFile(path.join(unzipped, 'processing-record.txt'), 'utf8');
    expect(record).toBe(await readFile(path.join(out, 'processing-record.txt'), 'utf8'));
    for (const file of ['manifest.json', 'transcript.pdf', 'transcript-filing.pdf', 'messages.csv']) {
      expect(record).toContain(`${file}:\n    ${sha256(await readFile(path.join(unzipped, file)))}\n`);
    }
    const recordSha256 = sha256(record);
    expect(documents.processingRecordSha256).toBe(recordSha256);
    expect(await readFile(path.join(unzipped, 'declaration-template.txt'), 'utf8')).toContain(
      `processing-record.txt:\n        ${recordSha256}\n`,
    );
    const sums = await readFile(path.join(unzipped, 'SHA256SUMS'), 'utf8');
    expect(sums).toContain(`${recordSha256}  processing-record.txt\n`);
    expect(sums).toContain('  processing-record.pdf\n');
    // The PDF says what the text says: the reference and the counts, word for word.
    const pdf = (await text('processing-record.pdf')).replace(/\s+/g, ' ');
    expect(pdf).toContain('PROCESSING RECORD');
    expect(pdf).toContain('Numbered entries: 15');
    expect(pdf).toContain(fixture.source.exportReference);
  });

  it('packs the declaration as .docx and the two notices, naming the real hashes of the exhibits', async () => {
    const unzipped = path.join(root, 'legal');
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', unzipped]);
    const hashOf = async (file: string): Promise<string> => sha256(await readFile(path.join(unzipped, file)));
    const exhibits = [await hashOf('manifest.json'), await hashOf('processing-record.txt')];
    const documentXml = async (file: string): Promise<string> =>
      (await run('unzip', ['-p', path.join(unzipped, file), 'word/document.xml'])).stdout;
    for (const file of ['declaration-template.txt', 'notice-of-902-certification.txt']) {
      const text = await readFile(path.join(unzipped, file), 'utf8');
      for (const hash of [...exhibits, await hashOf('transcript-filing.pdf')]) expect(text).toContain(hash);
    }
    for (const file of ['declaration-template.docx', 'notice-of-902-certification.docx']) {
      const xml = await documentXml(file);
      for (const hash of exhibits) expect(xml).toContain(hash);
    }
    const audio = await readFile(path.join(unzipped, 'notice-of-conventional-filing.txt'), 'utf8');
    const manifest = JSON.parse(await readFile(path.join(unzipped, 'manifest.json'), 'utf8')) as {
      files: { path: string; role: string; sha256: string }[];
    };
    const mp3s = manifest.files.filter((file) => file.role === 'derived-audio');
    expect(mp3s.length).toBeGreaterThan(0);
    for (const file of mp3s) expect(audio).toContain(file.sha256);
    const sums = await readFile(path.join(unzipped, 'SHA256SUMS'), 'utf8');
    for (const file of [
      'declaration-template.docx',
      'notice-of-902-certification.docx',
      'notice-of-conventional-filing.docx',
    ]) {
      expect(sums).toContain(`${await hashOf(file)}  ${file}\n`);
    }
  });

  it('states the same counts on the cover, in the declaration and in manifest.json, from one place', async () => {
    const unzipped = path.join(root, 'counted');
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', unzipped]);
    const manifest = JSON.parse(await readFile(path.join(unzipped, 'manifest.json'), 'utf8')) as {
      export: { counts: ExportCounts };
    };
    // The fixture: 15 entries, one a system event; a voice note and a photo present, a photo
    // missing; three upload files besides the chat text, one named by no message.
    expect(manifest.export.counts).toMatchObject({
      entries: 15,
      messagesFromPeople: 14,
      systemEvents: 1,
      deleted: 1,
      edited: 1,
      attachments: { named: 3, present: 2, missing: 1 },
      uploadFiles: { total: 3, media: 2, other: 1, namedByNoMessage: 1 },
      mp3Copies: 1,
    });
    const rows = countRows(manifest.export.counts);
    const flat = (value: string) => value.replace(/\s+/g, ' ');
    const cover = flat(await text('transcript.pdf'));
    const declaration = flat(await readFile(path.join(unzipped, 'declaration-template.txt'), 'utf8'));
    for (const [label, value] of rows) {
      expect(cover).toContain(flat(value));
      expect(declaration).toContain(`${label}: ${flat(value)}`);
    }
    expect(cover).toContain(
      '1 of the 3 attachments that messages name is not in the upload (photos and images 1)',
    );
  });

  it('gives the same bytes for the same input and clock', async () => {
    const again = path.join(root, 'again');
    await mkdir(again);
    const reported: number[] = [];
    await renderExportDocuments(fixture.source, again, GENERATED_AT, (fraction) => {
      reported.push(fraction);
    });
    // One report a page of messages (the fixture has two), rising to the drawing's share.
    expect(reported).toEqual([expect.closeTo(0.9 * (8 / 15), 5), 0.9]);
    for (const file of [
      'transcript.pdf',
      'transcript-filing.pdf',
      'processing-record.txt',
      'processing-record.pdf',
      'evidence.zip',
    ]) {
      expect(sha256(await readFile(path.join(again, file)))).toBe(
        sha256(await readFile(path.join(out, file))),
      );
    }
  }, 60_000);

  // Issue 30: a million-line chat exhausted the heap in the documents step, and took the process down.
  it('draws the same bytes in its worker thread, and past the worker’s heap limit ends with a sentence while this process goes on', async () => {
    const inWorker = path.join(root, 'in-worker');
    await mkdir(inWorker);
    const reported: number[] = [];
    const made = await renderExportDocumentsInWorker(fixture.source, inWorker, GENERATED_AT, (fraction) => {
      reported.push(fraction);
    });
    expect(reported).toEqual([expect.closeTo(0.9 * (8 / 15), 5), 0.9]);
    expect(made).toEqual({
      ...documents,
      ...Object.fromEntries(
        (['transcript', 'filingTranscript', 'evidenceZip'] as const).map((kind) => [
          kind,
          { ...documents[kind], file: path.join(inWorker, path.basename(documents[kind].file)) },
        ]),
      ),
    });
    // A heap the fonts alone outgrow: the worker runs out of memory, this process does not.
    const starved = path.join(root, 'starved');
    await mkdir(starved);
    await expect(
      renderExportDocumentsInWorker(fixture.source, starved, GENERATED_AT, () => {}, null, null, {
        resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
      }),
    ).rejects.toThrow(new DocumentsOutOfMemoryError());
    expect(new DocumentsOutOfMemoryError().message).toBe(DOCUMENTS_OUT_OF_MEMORY_MESSAGE);
  }, 60_000);

  // Finding H2: one upload held the single pdf worker for over ten minutes, and a job's deadline
  // only retried it. Past its time budget (here one no drawing meets) the worker is stopped and
  // the export ends with a sentence.
  it('stops the worker past its time budget and ends with a sentence', async () => {
    const slow = path.join(root, 'slow');
    await mkdir(slow);
    await expect(
      renderExportDocumentsInWorker(fixture.source, slow, GENERATED_AT, () => {}, null, null, {
        timeBudgetMs: 1,
      }),
    ).rejects.toThrow(new DocumentsTooSlowError());
    expect(new DocumentsTooSlowError().message).toBe(DOCUMENTS_TOO_SLOW_MESSAGE);
  });

  it('repeats the number and sender of a message that runs onto the next pages', async () => {
    const longOut = path.join(root, 'long');
    await mkdir(longOut);
    const long = { ...fixture.messages.at(-1)!, content: 'The statement goes on and on. '.repeat(1500) };
    await renderExportDocuments(
      {
        ...fixture.source,
        async *messages() {
          yield [...fixture.messages.slice(0, -1), long];
        },
      },
      longOut,
      GENERATED_AT,
    );
    const pages = (
      await run('pdftotext', ['-enc', 'UTF-8', path.join(longOut, 'transcript.pdf'), '-'])
    ).stdout.split('\f');
    const continued = pages.filter((page) => page.includes('0015 +1 555 010 7788 (continued)'));
    expect(continued.length).toBeGreaterThanOrEqual(3);
    // Every page the statement continues on (after the one with its header, L16-18) says whose it is.
    for (const page of pages.filter((p) => p.includes('The statement goes on') && !p.includes('L16-18'))) {
      expect(page).toContain('0015 +1 555 010 7788 (continued)');
    }
  }, 60_000);

  it('honours the options: no times, no sender colours, no embedded voice notes', async () => {
    const plain = await writeFixture(root, {
      options: {
        includeTimestamps: false,
        highlightSenders: false,
        includeVoiceMessages: false,
        includeImages: false,
        includeAttachments: false,
        utcColumn: false,
      },
      batesPrefix: null,
    });
    const plainOut = path.join(root, 'plain');
    await mkdir(plainOut);
    await renderExportDocuments(plain.source, plainOut, GENERATED_AT);
    const list = (await run('pdfdetach', ['-list', path.join(plainOut, 'transcript.pdf')])).stdout;
    expect(list.trim()).toBe('0 embedded files');
    // The second participant is drawn in the secondary colour only when senders are highlighted.
    expect(await drawingOperators(path.join(out, 'transcript.pdf'))).toMatch(SECONDARY_FILL);
    expect(await drawingOperators(path.join(plainOut, 'transcript.pdf'))).not.toMatch(SECONDARY_FILL);
    const pdf = (await run('pdftotext', ['-enc', 'UTF-8', path.join(plainOut, 'transcript.pdf'), '-']))
      .stdout;
    expect(pdf).not.toMatch(/\b09:0[2-9]\b/);
    expect(pdf).not.toContain('SMITH0');
    expect(pdf).toContain('Timestamps: not shown');
  }, 60_000);
});
