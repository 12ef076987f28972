import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { type ExhibitSpecInput, ExhibitSpecSchema } from '@chatexhibit/proto/exhibit-spec';
import { ExportFactsSchema } from '@chatexhibit/proto/processing-options';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { ExhibitSpecError } from '@chatexhibit/pdf/domain/exhibit/exhibit-spec-error';
import { renderExportDocuments } from '@chatexhibit/pdf/domain/render-export-documents';
import type { ExportSource } from '@chatexhibit/pdf/domain/transcript/transcript-source';
import { PARTICIPANT_COLOURS } from '@chatexhibit/pdf/domain/transcript/participant-marks';
import { drawingOperators, pdfForms, pdfObjects } from './support/pdf-operators';
import { readWithPdfjs } from './support/pdfjs';
import { transcriptMessage } from './support/transcript-message';

const run = promisify(execFile);
const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
const GENERATED_AT = new Date('2026-11-23T09:15:00.000Z');

/** What the exhibit must not give away, in the messages that hold them. */
const SSN = '123-45-6789';
const CARD = '4111 1111 1111 1111';
const BIRTH = '04/07/1989';
const PHONE = '+1 555 010 4477';
const PHOTO = 'IMG-20240302-WA0007.jpg';
const SECRETS = [SSN, CARD, BIRTH, PHONE, '555 010 4477', PHOTO];

/** 120 messages over three days between Dana and a number saved without a name. */
function chatMessages(): TranscriptMessage[] {
  return Array.from({ length: 120 }, (_, i) => {
    const index = i + 1;
    const day = index <= 40 ? '01' : index <= 80 ? '02' : '03';
    const content =
      index === 40
        ? `Note 40: my SSN is ${SSN} for the lease.`
        : index === 41
          ? `Note 41: pay the deposit with card ${CARD} today.`
          : index === 42
            ? `Note 42: the form asks for my date of birth, ${BIRTH}.`
            : index === 45
              ? ''
              : `Note ${index}: the deposit is still not returned.`;
    return transcriptMessage(index, {
      line: index,
      lineEnd: index,
      timestamp: `2024-03-${day}T${String(8 + (index % 12)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}:00`,
      sender: index % 2 === 0 ? 'Dana Whitfield' : PHONE,
      content,
      ...(index === 45 && { type: 'image' as const, attachment: PHOTO, attachmentPath: PHOTO }),
    });
  });
}

async function chatSource(
  root: string,
  messages: TranscriptMessage[] = chatMessages(),
  examination: { caseNumber?: string; exhibitNumber?: string; exportingAccount?: string } = {},
): Promise<ExportSource> {
  const chatText = Buffer.from('the chat text\n');
  const chatFile = path.join(root, '_chat.txt');
  await writeFile(chatFile, chatText);
  const photoFile = path.join(root, PHOTO);
  const photo = await sharp({
    create: { width: 96, height: 64, channels: 3, background: { r: 90, g: 120, b: 150 } },
  })
    .jpeg()
    .toBuffer();
  await writeFile(photoFile, photo);
  const upload = path.join(root, 'upload.zip');
  await writeFile(upload, Buffer.from('PK\u0003\u0004 stands in for the upload'));
  return {
    exportReference: 'CE-FK9E-D9YK-P6G3',
    facts: ExportFactsSchema.parse({
      originalFilename: `WhatsApp Chat with ${PHONE}.zip`,
      fileHash: sha256(await readFile(upload)),
      uploadSizeBytes: (await readFile(upload)).length,
      options: { includeImages: true },
      timeZone: 'America/New_York',
      batesPrefix: 'CHAT',
      receivedAt: '2026-11-23T08:00:00.000Z',
      examination: {
        caseNumber: null,
        exhibitNumber: null,
        preparedBy: null,
        exportingAccount: null,
        ...examination,
      },
    }),
    chat: {
      chatFile: '_chat.txt',
      participants: ['Dana Whitfield', PHONE],
      warnings: [],
      format: 'android',
      calendar: 'gregorian',
      dateOrder: 'mdy',
      encoding: 'utf-8',
    },
    async *messages() {
      for (let start = 0; start < messages.length; start += 50) yield messages.slice(start, start + 50);
    },
    entries: [
      { path: '_chat.txt', key: chatFile, size: chatText.length, sha256: sha256(chatText) },
      { path: PHOTO, key: photoFile, size: photo.length, sha256: sha256(photo) },
    ],
    folders: [],
    // The photo is its own display copy: what the exhibit does with the picture is what matters.
    media: [
      {
        path: PHOTO,
        kind: 'image',
        derivedKey: photoFile,
        durationSeconds: null,
        derivedSizeBytes: photo.length,
        derivedSha256: sha256(photo),
        problem: null,
      },
    ],
    mediaComponents: {},
    uploadKey: upload,
    files: { open: async (key) => createReadStream(key) },
    verifyUrl: null,
    sourceUrl: null,
  };
}

const reason = (category: string) => ({ category });
const SPEC: ExhibitSpecInput = {
  label: 'Exhibit P-7',
  selections: [{ from: 38, to: 46 }, { message: 80 }],
  context: 1,
  highlights: [41, 80],
  redactions: [
    { kind: 'text', message: 40, text: SSN, reason: reason('taxpayer-id') },
    { kind: 'text', message: 41, text: CARD, reason: reason('financial-account') },
    { kind: 'text', message: 42, text: BIRTH, reason: reason('birth-date') },
    { kind: 'attachment', message: 45, reason: reason('financial-account') },
    { kind: 'phone-number', number: PHONE, reason: { category: 'other', note: 'private number' } },
  ] as ExhibitSpecInput['redactions'],
  batesPrefix: 'DOE',
  batesStart: 101,
};

const pdftotext = async (file: string): Promise<string> => (await run('pdftotext', [file, '-'])).stdout;
const pagesOf = (text: string): string[] => text.split('\f').slice(0, -1);
const flat = (text: string): string => text.replace(/\s+/g, ' ');

describe('an exhibit cut from the transcript, with three identifiers, a withheld photo and a phone number redacted', () => {
  let root: string;
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exhibit-'));
    const out = path.join(root, 'out');
    await mkdir(out);
    dir = path.join(out, 'exhibit');
    const source = await chatSource(root, chatMessages(), { exportingAccount: 'Dana Whitfield' });
    await renderExportDocuments(source, out, GENERATED_AT, () => {}, {
      spec: ExhibitSpecSchema.parse(SPEC),
      dir,
    });
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes every file, and SHA256SUMS verifies them', async () => {
    expect((await readdir(dir)).sort()).toEqual(Object.values(EXHIBIT_PATHS).sort());
    const { stdout } = await run('sha256sum', ['-c', EXHIBIT_PATHS.checksums], { cwd: dir });
    expect(stdout.trim().split('\n')).toHaveLength(Object.values(EXHIBIT_PATHS).length - 1);
    for (const pdf of [EXHIBIT_PATHS.exhibit, EXHIBIT_PATHS.sealed, EXHIBIT_PATHS.redactionLogPdf])
      expect((await readFile(file(pdf))).toString('latin1')).toContain('<pdfaid:part>2</pdfaid:part>');
  });

  it('leaves no redacted text in any exhibit file: pdftotext, pdf.js, the objects, the log, the manifest and the declaration', async () => {
    const texts: Record<string, string> = {};
    for (const name of [EXHIBIT_PATHS.exhibit, EXHIBIT_PATHS.redactionLogPdf]) {
      texts[`${name} (pdftotext)`] = await pdftotext(file(name));
      const pdfjs = await readWithPdfjs(file(name));
      texts[`${name} (pdf.js)`] = [...pdfjs.pages, JSON.stringify(pdfjs.outline)].join('\n');
      texts[`${name} (objects)`] = await pdfObjects(file(name));
    }
    for (const name of [
      EXHIBIT_PATHS.redactionLogCsv,
      EXHIBIT_PATHS.manifest,
      EXHIBIT_PATHS.declaration,
      EXHIBIT_PATHS.checksums,
    ])
      texts[name] = await readFile(file(name), 'utf8');
    const leaks = Object.entries(texts).flatMap(([name, text]) =>
      SECRETS.filter((secret) => pdfForms(secret).some((form) => text.includes(form))).map(
        (secret) => `${secret} in ${name}`,
      ),
    );
    expect(leaks).toEqual([]);
    // What stands in their place.
    const exhibit = flat(texts[`${EXHIBIT_PATHS.exhibit} (pdftotext)`]!);
    for (const label of ['[SSN/TIN]', '[Account no.]', '[Birth date]', '[Other]'])
      expect(exhibit).toContain(label);
    expect(exhibit).toMatch(/my SSN is (L40 )?\[SSN\/TIN\] for the lease/);
  });

  it('says on the cover that the full transcript is unredacted, which label a box carries, that senders are redacted, and that no size limit is set', async () => {
    const cover = flat(pagesOf(await pdftotext(file(EXHIBIT_PATHS.exhibit)))[0]!);
    const sealedCover = flat(pagesOf(await pdftotext(file(EXHIBIT_PATHS.sealed)))[0]!);
    const filingSha256 = sha256(await readFile(path.join(dir, '..', 'transcript-filing.pdf')));
    expect(cover).toContain(
      `The full transcript, transcript-filing.pdf (SHA-256 ${filingSha256}), and the evidence package of export CE-FK9E-D9YK-P6G3 are not redacted and are not part of this exhibit.`,
    );
    // The filed pages state facts; what to do with the unredacted files is the declaration's note to the filer.
    for (const copy of [EXHIBIT_PATHS.exhibit, EXHIBIT_PATHS.sealed])
      expect(flat(await pdftotext(file(copy)))).not.toMatch(
        /Do not file|not at all|Fed\. R\. Evid\.|may need/,
      );
    // No sealing was chosen: the copy says only what is true whatever the filer does.
    expect(cover).toContain(
      'The unredacted copy, exhibit-sealed.pdf, has the same pages, each marked "UNREDACTED — NOT FOR PUBLIC FILING", and may end with pages of its own.',
    );
    // The first redaction's reason, not an example this exhibit lacks.
    expect(cover).toContain(
      'labelled with the reason (such as "[SSN/TIN]"). Every box of one label is as wide',
    );
    // Both copies say that no row tells a removed text's length, and that every message is on the same page of each.
    for (const copy of [cover, sealedCover])
      expect(copy).toContain(
        'exhibit.pdf is laid out from what it shows alone, and exhibit-sealed.pdf, the unredacted copy, keeps its pages, setting a text that needs more room smaller in its row and continuing what still does not fit on pages at its end. So each message is on the same page, with the same Bates number, in each copy, though its lines may break in other places.',
      );
    // The phone number is a sender: the exhibit says so, the sealed copy shows every sender.
    expect(cover).toContain(
      'each with the number, date, time, sender (redacted where the redaction log says) and source lines',
    );
    expect(sealedCover).toContain('each with the number, date, time, sender and source lines');
    expect(cover).toContain(
      'Court profile: none, so no size limit is set; each copy of this exhibit is one file.',
    );
    const manifest = JSON.parse(await readFile(file(EXHIBIT_PATHS.manifest), 'utf8'));
    expect(manifest.courtProfile).toEqual({
      preset: null,
      name: 'none',
      maxFileBytes: null,
      splitIntoVolumes: {},
    });
    expect(manifest.spec).not.toHaveProperty('sealedCopyMark');
    // The package's documents print the upload's name and the participants, this number among them.
    expect(manifest.warnings).toEqual([
      "R5 removes text from the uploaded file's name and the participants' names, which the evidence package's README.txt, SHA256SUMS, manifest.json, declaration-template.txt, declaration-template.docx, notice-of-902-certification.txt, notice-of-902-certification.docx, transcript.pdf, transcript-filing.pdf, messages.csv, processing-record.txt and processing-record.pdf print unredacted: redact it in each of them you file publicly (the package itself is the sealed original).",
    ]);
  });

  it('lists the participants beside their marks with the transcript’s legend, the redacted number masked', async () => {
    const text = flat(await pdftotext(file(EXHIBIT_PATHS.exhibit)));
    expect(text).toContain(
      'Participants As the export names them, each beside the mark its messages carry: Dana Whitfield (exporting account) [Other]',
    );
    expect(text).toContain(
      "Each participant's messages carry the mark and colour shown here; the star marks the account the chat was exported from, as stated in the full transcript's Examination section: its messages are the ones that account sent, the others' the ones it received.",
    );
    const sealed = flat(await pdftotext(file(EXHIBIT_PATHS.sealed)));
    expect(sealed).toContain(`Dana Whitfield (exporting account) ${PHONE}`);
  });

  it('says in the declaration paragraph what the manifest (by its hash) states, who chose what (a blank), which redactions are not Rule 5.2(a) items, and that the full transcript is unredacted', async () => {
    const text = await readFile(file(EXHIBIT_PATHS.declaration), 'utf8');
    expect(text.split('\n')[0]).toBe(
      '[A note for the filer: strike it before filing.] Copy the paragraphs below into',
    );
    const declaration = flat(text);
    const manifestSha256 = sha256(await readFile(file(EXHIBIT_PATHS.manifest)));
    expect(declaration).toMatch(
      new RegExp(
        `exhibit-manifest\\.json is the record ChatExhibit (\\S+) wrote when it made the exhibit\\. A true copy of it is attached as Exhibit _+ \\[exhibit letter of the attached exhibit-manifest\\.json\\]\\. Its SHA-256 hash value is: ${manifestSha256} exhibit-manifest\\.json states that ChatExhibit \\1 made Exhibit P-7 on 2026-11-23 09:15:00 UTC and cut it from the PDF/A copy of that transcript, transcript-filing\\.pdf,`,
      ),
    );
    expect(declaration).toContain(
      'It states that Exhibit P-7 holds messages 0037–0047 and 0079–0081 of 120, by the numbers the transcript gives them, and lists the stretches of messages it leaves out; it records the 5 redactions asked for, and that redaction-log.pdf and redaction-log.csv list what they remove in ',
    );
    // Who made the exhibit, and the true copy a comparison shows, are the declarant's to state.
    expect(declaration).toContain(
      'Exhibit P-7 was made with ChatExhibit by ______________________ [name of the person who made it].',
    );
    expect(declaration).toContain(
      '[Strike this paragraph if you did not make this comparison, or if it found differences.] The messages of Exhibit P-7 (messages 0037–0047 and 0079–0081 of 120) are a true and correct copy of the same messages of transcript-filing.pdf, as that transcript shows them, except for the redactions listed in redaction-log.pdf and the highlighting of messages 0041 and 0080.',
    );
    // The manifest records the log's row count, not its columns: the paragraph says no more.
    expect(declaration).not.toContain('by message, place, kind, reason and length');
    expect(declaration).toContain(
      'For Exhibit P-7, the messages selected, the number of messages of context shown around them, the highlighted messages and the redactions and their reasons were chosen by ______________________ [name of the person who chose them]. exhibit-manifest.json records them as the exhibit spec ChatExhibit was given, without the redacted text.',
    );
    // What the software did is the manifest's statement, never the declarant's.
    for (const sworn of ['It was cut from', 'ChatExhibit did not choose', 'as asked in the exhibit spec'])
      expect(declaration).not.toContain(sworn);
    expect(declaration).toContain(
      'By the reasons given for it, R5 (other, noted "private number") is not of an item Fed. R. Civ. P. 5.2(a) lists. It is made under ______________________ [order or other authority for it].',
    );
    // No sealing was chosen: a blank, never a statement that it is sealed.
    expect(declaration).toContain(
      'every page of it is marked "UNREDACTED — NOT FOR PUBLIC FILING". [Fill in the next sentence, or strike it.] It is ______________________ [how it is submitted, e.g. "submitted to be filed under seal"].',
    );
    expect(declaration).not.toMatch(/is (filed|lodged)/);
    expect(declaration).toContain(
      '[A note for the filer: strike it before filing.] transcript-filing.pdf and the evidence package hold every message unredacted, and between them everything exhibit.pdf removes: do not file them publicly with it; file them under seal, or not at all.',
    );
    expect(declaration).toContain(
      '(Fed. R. Evid. 106), and if you rely on Fed. R. Evid. 902(11) or (14), it requires notice',
    );
  });

  it('keeps every redacted text in the sealed copy, marked so on every page', async () => {
    const sealed = await pdftotext(file(EXHIBIT_PATHS.sealed));
    for (const secret of [SSN, CARD, BIRTH, PHONE, PHOTO]) expect(flat(sealed)).toContain(secret);
    for (const page of pagesOf(sealed))
      expect(page).toMatch(/^UNREDACTED — NOT FOR PUBLIC FILING · Exhibit P-7/);
    const { stdout: info } = await run('pdfinfo', [file(EXHIBIT_PATHS.sealed)]);
    expect(info).toContain('(unredacted, not for public filing)');
    // Same pages: the sealed copy outlines what the exhibit blacks out.
    expect(pagesOf(sealed)).toHaveLength(pagesOf(await pdftotext(file(EXHIBIT_PATHS.exhibit))).length);
  });

  it('captions the withheld photo as withheld, naming its redaction, where the sealed copy describes the picture', async () => {
    const exhibit = flat(await pdftotext(file(EXHIBIT_PATHS.exhibit)));
    expect(exhibit).toContain('Attachment 1 withheld (R4).');
    expect(exhibit).not.toContain('Display copy');
    const sealed = flat(await pdftotext(file(EXHIBIT_PATHS.sealed)));
    expect(sealed).toContain(
      'Display copy of Attachment 1: re-encoded as a JPEG of 96 × 64 pixels for this document. Not the original, which is named above with its SHA-256 value.',
    );
    expect(sealed).not.toContain('withheld (R4)');
  });

  it('logs the three identifiers by message, place and reason, never their text', async () => {
    const csv = (await readFile(file(EXHIBIT_PATHS.redactionLogCsv), 'utf8')).split('\r\n');
    // The text's row of each message (the phone number has its own rows, for the senders).
    const row = (message: string) =>
      csv.find((line) => line.includes(`,${message},Text,Part of the message text,`)) ?? '';
    // One range each, and never how long it was.
    expect(row('0040')).toMatch(/^\d+,R1,0040,Text,Part of the message text,SSN\/TIN,.*,1,\d+,DOE\d{6}$/);
    expect(row('0041')).toMatch(/,R2,0041,Text,Part of the message text,Account no\.,/);
    expect(row('0042')).toMatch(/,R3,0042,Text,Part of the message text,Birth date,.*,1,\d+,DOE\d{6}$/);
    const log = flat(await pdftotext(file(EXHIBIT_PATHS.redactionLogPdf)));
    for (const message of ['0040', '0041', '0042', '0045']) expect(log).toContain(message);
    expect(log).toContain('Social Security or taxpayer-identification number');
  });

  it('logs a reason of the filer’s own as other, pointing to the filer’s note beside it, never as “Redacted”', async () => {
    const csv = (await readFile(file(EXHIBIT_PATHS.redactionLogCsv), 'utf8')).split('\r\n');
    const sender = csv.find((line) => line.includes(",The sender's phone number,")) ?? '';
    expect(sender).toContain(
      `,The sender's phone number,Other,"Another reason, stated in the filer's note",private number,`,
    );
    const log = flat(await pdftotext(file(EXHIBIT_PATHS.redactionLogPdf)));
    expect(log).toContain("Other: Another reason, stated in the filer's note.");
    expect(log).not.toContain('Redacted');
  });

  it('gives each row the page of exhibit.pdf its boxes are drawn on and its Bates number, in both logs', async () => {
    const pages = pagesOf(await pdftotext(file(EXHIBIT_PATHS.exhibit)));
    const pageOf = (text: string) => pages.findIndex((page) => page.includes(text)) + 1;
    const csv = parse((await readFile(file(EXHIBIT_PATHS.redactionLogCsv), 'utf8')).slice(1)) as string[][];
    const [head, ...rows] = csv;
    const cell = (row: string[], column: string) => row[head!.indexOf(column)]!;
    const where = (message: string, place: string) =>
      rows
        .filter((row) => cell(row, 'Message') === message && cell(row, 'Place') === place)
        .map((row) => [cell(row, 'Exhibit page'), cell(row, 'Bates number')]);
    for (const [message, text, place] of [
      ['0040', 'my SSN is', 'Text'],
      ['0042', 'the form asks for my date of birth', 'Text'],
      // The line naming the attachment, whose name, hash and picture are boxed below it.
      ['0045', 'Image · Attachment 1 ·', 'Attachment'],
    ] as const) {
      const page = pageOf(text);
      expect(page).toBeGreaterThan(0);
      expect({ message, where: where(message, place) }).toEqual({
        message,
        where: [[String(page), `DOE${String(100 + page).padStart(6, '0')}`]],
      });
    }
    // The participant list is no message's: its rows give no page.
    expect(
      rows.filter((row) => cell(row, 'Place') === 'Participant list').map((row) => cell(row, 'Exhibit page')),
    ).toEqual(['']);
    const log = flat(await pdftotext(file(EXHIBIT_PATHS.redactionLogPdf)));
    const page = pageOf('my SSN is');
    expect(log).toMatch(new RegExp(`R1 0040 ${page} DOE${String(100 + page).padStart(6, '0')} Text`));
  });

  it('keeps the transcript’s numbers and marks each stretch it leaves out', async () => {
    const text = flat(await pdftotext(file(EXHIBIT_PATHS.exhibit)));
    for (const gap of [
      '… 36 messages omitted (0001–0036) …',
      '… 31 messages omitted (0048–0078) …',
      '… 39 messages omitted (0082–0120) …',
    ])
      expect(text).toContain(gap);
    expect(text).toContain('0037');
    expect(text).toContain('Note 37:');
    expect(text).toContain('0081');
    expect(text).not.toContain('Note 36:');
    expect(text).not.toContain('Note 48:');
    expect(text).toContain('messages 0037–0047 and 0079–0081 of 120');
    // The transcript's row for a message reads the same in the exhibit (its text, time and source line).
    const transcript = flat(await pdftotext(path.join(dir, '..', 'transcript-filing.pdf')));
    const time = (pdf: string) => /0043 (\d\d:\d\d)/.exec(pdf)?.[1];
    expect(time(text)).toBe('15:43');
    expect(time(text)).toBe(time(transcript));
    for (const pdf of [text, transcript])
      expect(pdf).toContain('Note 43: the deposit is still not returned.');
  });

  it('tints each highlighted row and marks it in the margin, in both copies', async () => {
    for (const name of [EXHIBIT_PATHS.exhibit, EXHIBIT_PATHS.sealed]) {
      const operators = await drawingOperators(file(name));
      // The bar left of the row: 3 pt wide, 9 pt left of the margin.
      const bars = operators.match(/\n63 -?[\d.]+ 3 -?[\d.]+ re\n/g) ?? [];
      expect(bars).toHaveLength(2);
    }
    const cover = flat(pagesOf(await pdftotext(file(EXHIBIT_PATHS.exhibit)))[0]!);
    expect(cover).toContain(
      '2 messages are highlighted by the filer: a yellow tint over the row and a bar in the left margin',
    );
  });

  it('numbers every page from the spec’s Bates start, the sealed copy with -S', async () => {
    const numbers = async (name: string) =>
      pagesOf(await pdftotext(file(name))).map((page) => page.match(/DOE\d{6}(?:-S)?/g)?.at(-1));
    const exhibit = await numbers(EXHIBIT_PATHS.exhibit);
    expect(exhibit).toEqual(exhibit.map((_, i) => `DOE${String(101 + i).padStart(6, '0')}`));
    expect(await numbers(EXHIBIT_PATHS.sealed)).toEqual(exhibit.map((number) => `${number}-S`));
  });

  it('bookmarks the cover and the messages by day', async () => {
    const { outline } = await readWithPdfjs(file(EXHIBIT_PATHS.exhibit));
    expect(outline.map((entry) => entry.title)).toEqual(['Cover', 'Messages']);
    const days = outline[1]!.items.flatMap((month) => month.items.map((day) => day.title));
    expect(days).toEqual(['01 March 2024', '02 March 2024', '03 March 2024']);
  });
});

describe('a spec that does not fit the chat', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exhibit-refused-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is refused with the field named before any file is written', async () => {
    const out = path.join(root, 'out');
    await mkdir(out);
    const spec = ExhibitSpecSchema.parse({
      ...SPEC,
      redactions: [{ kind: 'text', message: 40, text: '987-65-4321', reason: reason('taxpayer-id') }],
    });
    const rendering = renderExportDocuments(await chatSource(root), out, GENERATED_AT, () => {}, {
      spec,
      dir: path.join(out, 'exhibit'),
    });
    await expect(rendering).rejects.toThrow(ExhibitSpecError);
    await expect(rendering).rejects.toThrow(
      'redactions[0].text: "987-65-4321" is not in the text of message 0040',
    );
    expect(await readdir(out)).toEqual([]);
  });
});

/** A minor's name and a London number, each written many ways, redacted everywhere with what the boxes say instead. */
describe('an exhibit with a name redacted everywhere as initials and a number in every format as a pseudonym', () => {
  const LONDON = '+44 20 7946 0958';
  const NAMES = ['Dana Whitfield', 'Emma Miller', LONDON];
  const CONTENT: Record<number, string> = {
    5: "Emma's school called; EMMA said she is fine. Emmanuel's dad called too.",
    7: 'Call me on 020 7946 0958 or (020) 7946-0958, not 020 7946 0959.',
    8: '+44 (0)20 7946 0958 is mine; 0044 20 7946 0958 from abroad.',
    9: 'My SSN is 123-45-6789.',
  };
  const senders: Record<number, string> = { 6: 'Emma Miller', 8: LONDON };
  const MESSAGES = Array.from({ length: 12 }, (_, i) =>
    transcriptMessage(i + 1, {
      line: i + 1,
      lineEnd: i + 1,
      timestamp: `2024-03-01T09:${String(i).padStart(2, '0')}:00`,
      sender: senders[i + 1] ?? 'Dana Whitfield',
      content: CONTENT[i + 1] ?? (i + 1 === 10 ? '' : `Note ${i + 1}.`),
      ...(i + 1 === 10 && { type: 'document' as const, attachment: 'emma-report.pdf' }),
    }),
  );
  // ("Emmanuel" and 020 7946 0959 stay; 0958 alone turns up by chance in hashes.)
  const LEAKS = [
    "Emma'",
    'Emma ',
    'EMMA',
    'emma-',
    'Miller',
    '7946 0958',
    '7946-0958',
    '0958 is',
    '0958 from',
  ];
  let root: string;
  let dir: string;
  let warnings: string[];
  const file = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exhibit-everywhere-'));
    const out = path.join(root, 'out');
    await mkdir(out);
    dir = path.join(out, 'exhibit');
    const source = await chatSource(root);
    const made = await renderExportDocuments(
      {
        ...source,
        chat: { ...source.chat, participants: NAMES },
        async *messages() {
          yield MESSAGES;
        },
      },
      out,
      GENERATED_AT,
      () => {},
      {
        spec: ExhibitSpecSchema.parse({
          label: 'Exhibit P-8',
          selections: [{ from: 4, to: 10 }],
          redactions: [
            {
              kind: 'text-everywhere',
              text: 'emma miller',
              replaceWith: 'E.M.',
              reason: reason('minor-name'),
            },
            { kind: 'text-everywhere', text: 'Emma', replaceWith: 'E.M.', reason: reason('minor-name') },
            { kind: 'phone-number', number: LONDON, replaceWith: 'Respondent', reason: reason('other') },
          ].map((redaction) =>
            redaction.kind === 'phone-number'
              ? { ...redaction, reason: { category: 'other', note: "the respondent's number" } }
              : redaction,
          ),
        }),
        dir,
      },
    );
    warnings = made.exhibit!.warnings;
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('leaves the name and every form of the number nowhere in the exhibit, the log, the manifest or the declaration', async () => {
    const texts: Record<string, string> = {};
    for (const name of [EXHIBIT_PATHS.exhibit, EXHIBIT_PATHS.redactionLogPdf]) {
      texts[`${name} (pdftotext)`] = await pdftotext(file(name));
      texts[`${name} (pdftotext -raw)`] = (await run('pdftotext', ['-raw', file(name), '-'])).stdout;
      const pdfjs = await readWithPdfjs(file(name));
      texts[`${name} (pdf.js)`] = [...pdfjs.pages, JSON.stringify(pdfjs.outline)].join('\n');
      texts[`${name} (objects)`] = await pdfObjects(file(name));
    }
    for (const name of [EXHIBIT_PATHS.redactionLogCsv, EXHIBIT_PATHS.manifest, EXHIBIT_PATHS.declaration])
      texts[name] = await readFile(file(name), 'utf8');
    const leaks = Object.entries(texts).flatMap(([name, text]) =>
      LEAKS.filter((leak) => pdfForms(leak).some((form) => text.includes(form))).map(
        (leak) => `${leak} in ${name}`,
      ),
    );
    expect(leaks).toEqual([]);
    const exhibit = flat(texts[`${EXHIBIT_PATHS.exhibit} (pdftotext)`]!);
    // A longer word is not the name; a number one digit off is not the number.
    expect(exhibit).toContain('Emmanuel');
    expect(exhibit).toContain('[Respondent]');
    expect(exhibit).toContain('[E.M.]');
    expect(exhibit).not.toContain('+44 [');
    // Every box of the messages carries the replacement, however short the name it removes.
    expect(exhibit.slice(exhibit.lastIndexOf('… 3 messages omitted'))).not.toMatch(/\[Minor\]|\[Redacted\]/);
    // The sealed copy keeps them.
    const sealed = flat(await pdftotext(file(EXHIBIT_PATHS.sealed)));
    for (const kept of [
      "Emma's",
      'EMMA said',
      'Emma Miller',
      '020 7946 0958',
      '+44 (0)20 7946 0958',
      'emma-report',
    ])
      expect(sealed).toContain(kept);
  });

  it('logs what each row removed and the words its boxes carry', async () => {
    const csv = (await readFile(file(EXHIBIT_PATHS.redactionLogCsv), 'utf8')).split('\r\n');
    expect(csv).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d+,R2,0005,Text,"A minor's name \(everywhere\), shown as “E\.M\.”",Minor,/),
        expect.stringMatching(/^\d+,R1,0006,Sender,"A minor's name \(everywhere\), shown as “E\.M\.”",/),
        expect.stringMatching(/^\d+,R2,0010,Attachment,"A minor's name \(everywhere\), shown as “E\.M\.”",/),
        expect.stringMatching(/^\d+,R3,0008,Sender,"The sender's phone number, shown as “Respondent”",/),
        expect.stringMatching(
          /^\d+,R3,,Participant list,"A participant's phone number, shown as “Respondent”",/,
        ),
      ]),
    );
  });

  it('keeps each sender’s mark and colour when the name or number is redacted', async () => {
    // The colours the participants' marks and names are painted in, in drawing order: the same in
    // the exhibit as in the sealed copy, three people in three colours.
    const rgb = (hex: string) =>
      [1, 3, 5].map((at) => Number((parseInt(hex.slice(at, at + 2), 16) / 255).toFixed(3))).join(' ');
    const participantColours = new Set(PARTICIPANT_COLOURS.map(rgb));
    const painted = async (name: string) =>
      Array.from(
        (await drawingOperators(file(name))).matchAll(/([\d.]+ [\d.]+ [\d.]+) rg\b/g),
        ([, colour]) => colour!.split(' ').map(Number).join(' '),
      ).filter((colour) => participantColours.has(colour));
    const exhibit = await painted(EXHIBIT_PATHS.exhibit);
    expect(new Set(exhibit).size).toBe(3);
    expect(exhibit).toEqual(await painted(EXHIBIT_PATHS.sealed));
  });

  it('warns of the SSN left unredacted and of "Emmanuel" holding the name, naming the message, never the number or the word, and records the warnings in the manifest', async () => {
    expect(warnings).toEqual([
      'message 0009 has what looks like a Social Security number, not redacted: Fed. R. Civ. P. 5.2(a)(1) lets a filing show only its last four digits.',
      'message 0005 holds a word that contains what R2 removes everywhere, and that word is not redacted: if it writes the name, redact it with a redaction of kind text.',
      "R1 removes text from the participants' names, which the evidence package's manifest.json, declaration-template.txt, declaration-template.docx, transcript.pdf, transcript-filing.pdf, messages.csv, processing-record.txt and processing-record.pdf print unredacted: redact it in each of them you file publicly (the package itself is the sealed original).",
      "R3 removes text from the participants' names, which the evidence package's manifest.json, declaration-template.txt, declaration-template.docx, transcript.pdf, transcript-filing.pdf, messages.csv, processing-record.txt and processing-record.pdf print unredacted: redact it in each of them you file publicly (the package itself is the sealed original).",
    ]);
    const manifest = JSON.parse(await readFile(file(EXHIBIT_PATHS.manifest), 'utf8'));
    expect(manifest.warnings).toEqual(warnings);
  });
});

/** Issue 30, finding 5: a name and a number written where a whole-word search missed them. */
describe('an exhibit with a name removed inside emails, handles, hashtags and URLs, in look-alike letters, and a number with letters among its digits', () => {
  const CONTENT: Record<number, string> = {
    1: 'Emma Carter is at school.',
    2: 'Write to emmacarter2010@gmail.com or Emma.Carter@example.org today.',
    3: 'Follow @EmmaCarter and #EmmaCarter, or https://example.org/people/Emma%20Carter?ref=chat',
    // Cyrillic "Е" and "а"; Greek capital epsilon.
    4: 'Signed \u0415mm\u0430 and \u0395mma at the school.',
    5: 'Call 555 O1O 4477 or 555-0l0-4477 tonight, not +1 555 010 4477.',
    6: 'Danger ahead, Dan said.',
  };
  const LEAKS = [
    'emmacarter',
    'EmmaCarter',
    'Emma.Carter',
    'Emma%20',
    '%20Carter',
    '\u0415mm\u0430',
    '\u0395mma',
    'O1O',
    '0l0',
    '4477',
    'Dan said',
  ];
  const MESSAGES = Array.from({ length: 8 }, (_, i) =>
    transcriptMessage(i + 1, {
      line: i + 1,
      lineEnd: i + 1,
      timestamp: `2024-03-01T10:${String(i).padStart(2, '0')}:00`,
      sender: i % 2 === 0 ? 'Lina Ortiz' : 'Omar Haddad',
      content: CONTENT[i + 1] ?? `Note ${i + 1}.`,
    }),
  );
  let root: string;
  let dir: string;
  let warnings: string[];
  const file = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exhibit-tokens-'));
    const out = path.join(root, 'out');
    await mkdir(out);
    dir = path.join(out, 'exhibit');
    const source = await chatSource(root);
    const made = await renderExportDocuments(
      {
        ...source,
        chat: { ...source.chat, participants: ['Lina Ortiz', 'Omar Haddad'] },
        async *messages() {
          yield MESSAGES;
        },
      },
      out,
      GENERATED_AT,
      () => {},
      {
        spec: ExhibitSpecSchema.parse({
          label: 'Exhibit P-9',
          selections: [{ from: 1, to: 8 }],
          redactions: [
            { kind: 'text-everywhere', text: 'Emma Carter', reason: reason('minor-name') },
            { kind: 'text-everywhere', text: 'Emma', reason: reason('minor-name') },
            { kind: 'text-everywhere', text: 'Dan', reason: { category: 'other', note: 'a witness' } },
            {
              kind: 'phone-number',
              number: '+1 555 010 4477',
              reason: { category: 'other', note: 'a number' },
            },
          ],
        }),
        dir,
      },
    );
    warnings = made.exhibit!.warnings;
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('leaves none of them in the redacted exhibit (pdftotext), and cuts no word that only contains a name', async () => {
    const texts: Record<string, string> = {
      [`${EXHIBIT_PATHS.exhibit} (pdftotext)`]: await pdftotext(file(EXHIBIT_PATHS.exhibit)),
      [`${EXHIBIT_PATHS.exhibit} (pdftotext -raw)`]: (
        await run('pdftotext', ['-raw', file(EXHIBIT_PATHS.exhibit), '-'])
      ).stdout,
      [EXHIBIT_PATHS.manifest]: await readFile(file(EXHIBIT_PATHS.manifest), 'utf8'),
    };
    // As written (pdftotext decodes the text) and in the PDF's encodings.
    const leaks = Object.entries(texts).flatMap(([name, text]) =>
      LEAKS.filter((leak) => [leak, ...pdfForms(leak)].some((form) => text.includes(form))).map(
        (leak) => `${leak} in ${name}`,
      ),
    );
    expect(leaks).toEqual([]);
    const exhibit = flat(texts[`${EXHIBIT_PATHS.exhibit} (pdftotext)`]!);
    // What is around the name stays: the email's domain and digits, the URL, a longer word.
    for (const kept of ['2010@gmail.com', '@example.org', 'https://example.org/people/', 'Danger ahead'])
      expect(exhibit).toContain(kept);
    const sealed = flat(await pdftotext(file(EXHIBIT_PATHS.sealed)));
    for (const kept of Object.values(CONTENT)) expect(sealed).toContain(kept);
  });

  it('warns that a message holds a word containing a removed name, never quoting the word or the name', () => {
    expect(warnings).toContain(
      'message 0006 holds a word that contains what R3 removes everywhere, and that word is not redacted: if it writes the name, redact it with a redaction of kind text.',
    );
    expect(warnings.filter((warning) => warning.includes('holds a word'))).toHaveLength(1);
    for (const warning of warnings) expect(warning).not.toMatch(/dan|emma|carter/i);
  });
});

describe('an exhibit keeping what Rule 5.2(a) lets a filing show, and what people type past its redactions', () => {
  const CONTENT: Record<number, string> = {
    1: 'SSN 123-45-6789 on the lease form.',
    2: 'SSN 987-65-4321 on the old one.',
    3: 'DOB 04/12/2015 for the school.',
    4: 'Sophiaaa at the pumpkin patch',
    5: 'Happy 9th birthday Sophia!',
  };
  const MESSAGES = Array.from({ length: 6 }, (_, i) =>
    transcriptMessage(i + 1, {
      line: i + 1,
      lineEnd: i + 1,
      timestamp: `2024-04-${String(9 + i).padStart(2, '0')}T10:00:00`,
      sender: i % 2 === 0 ? 'Lina Ortiz' : 'Omar Haddad',
      content: CONTENT[i + 1] ?? `Note ${i + 1}.`,
    }),
  );
  let root: string;
  let dir: string;
  let warnings: string[];
  const file = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exhibit-rule-parts-'));
    const out = path.join(root, 'out');
    await mkdir(out);
    dir = path.join(out, 'exhibit');
    const source = await chatSource(root);
    const made = await renderExportDocuments(
      {
        ...source,
        chat: { ...source.chat, participants: ['Lina Ortiz', 'Omar Haddad'] },
        async *messages() {
          yield MESSAGES;
        },
      },
      out,
      GENERATED_AT,
      () => {},
      {
        spec: ExhibitSpecSchema.parse({
          label: 'Exhibit P-10',
          selections: [{ from: 1, to: 6 }],
          redactions: [
            // As accepting the suggestions writes them: all but the last four digits, all but the year.
            { kind: 'text', message: 1, text: '123-45-', reason: reason('taxpayer-id') },
            { kind: 'text', message: 2, text: '987-65-4321', reason: reason('taxpayer-id') },
            { kind: 'text', message: 3, text: '04/12/', reason: reason('birth-date') },
            { kind: 'text-everywhere', text: 'Sophia', replaceWith: 'S.O.', reason: reason('minor-name') },
            // A standing list's other spelling, written nowhere here.
            { kind: 'text-everywhere', text: 'Sofia', replaceWith: 'S.O.', reason: reason('minor-name') },
          ],
        }),
        dir,
      },
    );
    warnings = made.exhibit!.warnings;
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('shows the last four digits and the year beside boxes as wide as their labels, and none of the rest', async () => {
    const exhibit = flat(await pdftotext(file(EXHIBIT_PATHS.exhibit)));
    expect(exhibit).toContain('6789');
    expect(exhibit).toContain('2015');
    for (const removed of ['123-45', '123', '04/12', '987-65', '4321'])
      expect(exhibit).not.toContain(removed);
    const sealed = flat(await pdftotext(file(EXHIBIT_PATHS.sealed)));
    for (const kept of Object.values(CONTENT)) expect(sealed).toContain(kept);
    // The box of "123-45-" and the box of the whole "987-65-4321" are one width, the label's.
    const boxes = Array.from(
      (await drawingOperators(file(EXHIBIT_PATHS.exhibit))).matchAll(
        /(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\n\/DeviceRGB cs\n0 0 0 scn\nf\n/g,
      ),
      (match) => Number(match[3]),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    const [partial, whole] = boxes;
    expect(Math.abs(partial! - whole!)).toBeLessThan(0.01);
  });

  it('logs each as the identifier except the part the rule lets show', async () => {
    const rows = parse(await readFile(file(EXHIBIT_PATHS.redactionLogCsv)), {
      bom: true,
      columns: true,
    }) as Array<Record<string, string>>;
    expect(rows.slice(0, 3).map((row) => row['What was removed'])).toEqual([
      'Social Security number except its last four digits',
      'Part of the message text',
      'Date of birth except its year',
    ]);
  });

  it('warns of the name drawn out, the birthday near the redacted birth date and the spelling written nowhere, never quoting them', () => {
    expect(warnings).toEqual([
      'message 0004 writes what R4 removes everywhere with a letter drawn out, and that word is not redacted: if it writes the name, redact it with a redaction of kind text.',
      "R5 removes what the exhibit writes nowhere (not in its messages' senders, texts or attachment names, the participants' names or the chat file's name), so it removes nothing: check its spelling if it was meant to.",
      'message 0005 mentions a birthday or an age, not redacted, and was sent within 3 days of the day and month of the birth date R3 removes: with its date it can tell that birth date; if so, redact it too.',
    ]);
    for (const warning of warnings) expect(warning).not.toMatch(/sophia|04\/12/i);
  });
});

/** One message a week from 1 March 2024 in New York: the clocks change on 10 March (0002–0003) and 3 November (0036–0037). */
function weeklyMessages(): TranscriptMessage[] {
  return Array.from({ length: 40 }, (_, i) => {
    const day = new Date(Date.UTC(2024, 2, 1 + 7 * i)).toISOString().slice(0, 10);
    return transcriptMessage(i + 1, {
      line: i + 1,
      lineEnd: i + 1,
      timestamp: `${day}T12:00:00`,
      sender: i % 2 === 0 ? 'Dana Whitfield' : PHONE,
      content: i === 2 ? 'Week 3: the settlement figure is 4,500.' : `Week ${i + 1}: still waiting.`,
    });
  });
}

describe('an exhibit of some weeks of a year-long chat, lodged conditionally under seal, with a case number and the transcript’s exhibit number as its label', () => {
  let root: string;
  let dir: string;
  let warnings: string[];
  const file = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exhibit-weeks-'));
    const out = path.join(root, 'out');
    await mkdir(out);
    dir = path.join(out, 'exhibit');
    const spec = ExhibitSpecSchema.parse({
      label: 'Exhibit D-2',
      selections: [{ from: 2, to: 4 }, { message: 30 }, { message: 38 }],
      redactions: [
        { kind: 'text', message: 3, text: '4,500', reason: reason('sealed-by-order') },
        { kind: 'text', message: 4, text: 'still', reason: { category: 'other', note: 'Not relevant' } },
      ],
      sealedCopyMark: 'lodged-conditionally-under-seal',
      courtProfile: { maxFileBytes: 250_000 },
    });
    const made = await renderExportDocuments(
      await chatSource(root, weeklyMessages(), { caseNumber: '1:24-cv-01234', exhibitNumber: 'd-2' }),
      out,
      GENERATED_AT,
      () => {},
      { spec, dir },
    );
    warnings = made.exhibit!.warnings;
  }, 120_000);

  it('warns that its label is the full transcript’s exhibit number, and of nothing else', () => {
    expect(warnings).toEqual([
      'label "Exhibit D-2" is the exhibit number the full transcript carries ("d-2"), so two documents would carry one exhibit label; give the excerpt a label of its own.',
    ]);
  });

  it('heads each page of the redaction log with the case number and its title once, and foots it with the exhibit’s whole hash', async () => {
    const exhibitSha256 = sha256(await readFile(file(EXHIBIT_PATHS.exhibit)));
    const pages = pagesOf(await pdftotext(file(EXHIBIT_PATHS.redactionLogPdf)));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(page).toMatch(/^Case no\. 1:24-cv-01234 · Redaction log of Exhibit D-2\n/);
      expect(page).toContain(`exhibit.pdf SHA-256 ${exhibitSha256}\n`);
    }
  });

  it('says on the cover only the size limit and how the exhibit is split under it, not the tool’s method', async () => {
    const cover = flat(pagesOf(await pdftotext(file(EXHIBIT_PATHS.exhibit)))[0]!);
    expect(cover).toContain(
      'Size limit Court profile: a custom limit of 250,000 bytes (0.25 MB) per file. When exhibit.pdf or exhibit-sealed.pdf is over that limit, it is also split, in page order, into volumes that each stay under the limit and hold its pages with the same page and Bates numbers. Time zone',
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('names on its cover the clock change among its messages, marked by a row, and the one in the stretch it leaves out between two of them', async () => {
    const transcriptCover = flat(pagesOf(await pdftotext(path.join(dir, '..', 'transcript-filing.pdf')))[0]!);
    expect(transcriptCover).toMatch(
      /on 10 March 2024 clocks went forward.*on 03 November 2024 clocks went back/,
    );
    const cover = flat(pagesOf(await pdftotext(file(EXHIBIT_PATHS.exhibit)))[0]!);
    expect(cover).toContain(
      'In the time zone America/New_York the clocks changed inside the stretches of messages this exhibit shows, and a row among the messages marks each change where it falls: on 10 March 2024 clocks went forward',
    );
    // No row of the exhibit marks it: the cover says where it falls and the offset from then on.
    expect(cover).toContain(
      'Clocks went back on 03 November 2024 (UTC−04:00 → UTC−05:00) between messages 0030 and 0038, in an omitted stretch; from message 0038 on, times are UTC−05:00.',
    );
    expect(cover).toContain(
      "the offset from UTC was UTC−05:00 at this exhibit's first message (08 Mar 2024)",
    );
  });

  it('says LODGED CONDITIONALLY UNDER SEAL on every page of the sealed copy, in its metadata and the declaration, and gives the case number in every header', async () => {
    for (const page of pagesOf(await pdftotext(file(EXHIBIT_PATHS.sealed))))
      expect(page).toMatch(
        /^UNREDACTED — LODGED CONDITIONALLY UNDER SEAL · Case no\. 1:24-cv-01234 · Exhibit D-2 · /,
      );
    for (const page of pagesOf(await pdftotext(file(EXHIBIT_PATHS.exhibit))))
      expect(page).toMatch(/^Case no\. 1:24-cv-01234 · Exhibit D-2 · /);
    const { stdout: info } = await run('pdfinfo', [file(EXHIBIT_PATHS.sealed)]);
    expect(info).toContain('(unredacted, lodged conditionally under seal)');
    const cover = flat(pagesOf(await pdftotext(file(EXHIBIT_PATHS.exhibit)))[0]!);
    expect(cover).toContain('each marked "UNREDACTED — LODGED CONDITIONALLY UNDER SEAL"');
    expect(cover).toContain('labelled with the reason (such as "[Sealed]")');
    expect(cover).not.toContain('SSN/TIN');
    const declaration = flat(await readFile(file(EXHIBIT_PATHS.declaration), 'utf8'));
    expect(declaration).toContain(
      '[Strike the next sentence if it is not so.] It is lodged conditionally under seal.',
    );
    const manifest = JSON.parse(await readFile(file(EXHIBIT_PATHS.manifest), 'utf8'));
    expect(manifest.spec.sealedCopyMark).toBe('lodged-conditionally-under-seal');
    expect(declaration).toContain(
      'By the reasons given for them, R1 (sealed by order of the court) and R2 (other, noted "Not relevant") are not of an item Fed. R. Civ. P. 5.2(a) lists. They are made under ______________________ [order or other authority for them].',
    );
    expect(declaration).not.toContain('4,500');
  });
});
