import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaItem } from '@chatexhibit/proto/storage-layout';
import { countRows, entriesSentence } from '@chatexhibit/pdf/domain/export-counts';
import { displayWidth, toText } from '@chatexhibit/pdf/domain/evidence/plain-text';
import {
  buildProcessingRecord,
  METHOD_STEPS,
  PROCESSING_METHOD,
  type ProcessingRecordInput,
  processingRecordSections,
} from '@chatexhibit/pdf/domain/evidence/processing-record';
import { writeProcessingRecordPdf } from '@chatexhibit/pdf/domain/evidence/processing-record-pdf';
import { run, sha256, TRANSCRIPT_PAGES, writeEvidenceFixture } from './support/evidence-fixture';
import { REPRODUCE_COMMAND, reproductionInstructions } from '@chatexhibit/pdf/domain/evidence/reproduction';
import { zipEntryTableLines } from '@chatexhibit/pdf/domain/evidence/zip-entry-table';

const HASHES = {
  manifest: sha256('manifest'),
  transcript: sha256('transcript'),
  filingTranscript: sha256('filing'),
  messagesCsv: sha256('csv'),
};

const READING: ProcessingRecordInput['reading'] = {
  format: 'ios',
  dateOrder: 'DMY',
  calendar: 'gregorian',
  encoding: 'utf-8',
};

const MEDIA: MediaItem[] = [
  {
    path: 'PTT-20230607-WA0014.opus',
    kind: 'voice',
    derivedKey: 'exports/x/derived/audio/PTT-20230607-WA0014.opus.mp3',
    durationSeconds: 4.2,
    derivedSizeBytes: 10,
    derivedSha256: sha256('mp3'),
    problem: null,
  },
  {
    path: 'PTT-20230607-WA0015.opus',
    kind: 'voice',
    derivedKey: null,
    durationSeconds: null,
    derivedSizeBytes: null,
    derivedSha256: null,
    problem: 'The audio data of this voice note is damaged.',
  },
];

/** A phone number as WhatsApp writes it: between LEFT-TO-RIGHT EMBEDDING and POP DIRECTIONAL FORMATTING. */
const WRAPPED_PHONE = '\u202a+1 555 010 7788\u202c';

const flat = (text: string): string => text.replace(/\s+/g, ' ');
const words = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');

describe('the processing record', () => {
  let root: string;
  let input: ProcessingRecordInput;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-processing-record-'));
    const fixture = await writeEvidenceFixture(root);
    input = {
      facts: {
        ...fixture.evidenceFacts,
        participants: ['Zoë Müller', WRAPPED_PHONE, '王小明', 'Дмитрий'],
        warnings: [
          '"WhatsApp Chat with Zoë Müller.txt" was taken as the chat text among 2 text files: it has 3 message headers ("notes.txt" 0 message headers).',
          'The export names 1 attachment the ZIP does not contain.',
        ],
      },
      reading: READING,
      media: MEDIA,
      hashes: HASHES,
      transcriptPages: TRANSCRIPT_PAGES,
    };
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const record = (over: Partial<ProcessingRecordInput> = {}): string =>
    buildProcessingRecord({ ...input, ...over }).toString('utf8');

  it("says what the clocks say of the messages beside the zone and after the parser's notes", () => {
    const timeNotes = { earlierExplained: 'EARLIER EXPLAINED.', skipped: 'SKIPPED TIME.' };
    const text = record({ facts: { ...input.facts, warnings: ['A parser note.'], timeNotes } }).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toMatch(/Time zone: .* SKIPPED TIME\./);
    expect(text.indexOf('EARLIER EXPLAINED.')).toBeGreaterThan(text.indexOf('A parser note.'));
  });

  it('is plain text of at most 80 columns with LF line endings', () => {
    const text = record();
    expect(text).not.toContain('\r');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n').filter((line) => displayWidth(line) > 80)).toEqual([]);
  });

  it('states the counts exactly as countRows and entriesSentence give them', () => {
    const text = flat(record());
    expect(text).toContain(`The transcript has ${entriesSentence(input.facts.counts)}.`);
    for (const [label, value] of countRows(input.facts.counts)) {
      expect(text).toContain(`${label}: ${flat(value)}`);
    }
  });

  it('speaks for the software: never "I", never a person\'s knowledge', () => {
    const text = record();
    expect(text).not.toMatch(/\b(I|me|my|mine|myself)\b/);
    expect(text).not.toMatch(/personal knowledge|to the best of|I declare|I certify|penalty of perjury/i);
    expect(flat(text)).toContain('It is the statement of the software, not of any person');
  });

  it('shows the invisible marks around a phone number, and lists the names in any script', () => {
    const text = record();
    expect(text).toContain('"<U+202A>+1 555 010 7788<U+202C>"');
    expect(text).not.toContain('\u202a');
    expect(text).toContain('"王小明"');
    expect(text).toContain('"Дмитрий"');
    const named = record({
      facts: { ...input.facts, facts: { ...input.facts.facts, originalFilename: 'chat\u202egpj.zip' } },
    });
    expect(named).toContain('"chat<U+202E>gpj.zip"');
  });

  it('names the export by its reference, the method, the software and the upload', () => {
    const text = flat(record());
    const { facts } = input.facts;
    expect(text).toContain(`Export reference: ${input.facts.exportReference}`);
    expect(text).toContain(`Method: ${PROCESSING_METHOD}`);
    expect(text).toContain(`Software: ChatExhibit ${input.facts.toolVersion}`);
    expect(text).toContain('Source revision: 0123456789abcdef0123456789abcdef01234567 ');
    expect(text).toContain('Source code published at: https://code.example.org/chatexhibit ');
    expect(text).toContain('Received: 2025-03-04 05:00:00 UTC');
    expect(text).toContain(facts.fileHash);
    expect(text).toContain(`Size: ${facts.uploadSizeBytes.toLocaleString('en-US')} bytes`);
    expect(text).toContain(
      'Time zone: Times are read in Europe/Berlin, the time zone chosen when the transcript was made.',
    );
    expect(text).toContain('Date order: DMY');
  });

  it('says when the build had changes not committed, or recorded no revision, and leaves out an unset SOURCE_URL', () => {
    const dirty = { commit: 'f'.repeat(40), dirty: true };
    expect(flat(record({ facts: { ...input.facts, sourceRevision: dirty } }))).toContain(
      `Source revision: ${'f'.repeat(40)} with changes not committed`,
    );
    const unknown = flat(record({ facts: { ...input.facts, sourceRevision: null, sourceUrl: null } }));
    expect(unknown).toContain('Source revision: not recorded (built without git and without SOURCE_COMMIT)');
    expect(unknown).not.toContain('Source code published at');
  });

  it("names the programs the bytes depend on, lists the upload's ZIP entries and says how to reproduce", () => {
    const text = record();
    expect(flat(text)).toContain('with node: 22.0.0 with tz: 2025a');
    expect(flat(text)).toContain(flat(toText(zipEntryTableLines(input.facts.zipEntries)).toString('utf8')));
    expect(text).toContain(`THE UPLOAD'S ZIP ENTRIES`);
    expect(flat(text)).toContain(flat(reproductionInstructions(input.facts.toolVersion).join(' ')));
    expect(flat(text)).toContain(REPRODUCE_COMMAND);
  });

  it('gives every note of the parser in full, and why a voice note was not converted', () => {
    const text = flat(record());
    for (const warning of input.facts.warnings) expect(text).toContain(warning);
    expect(text).toContain('Voice notes given to the media step: 2; MP3 copies made: 1; not converted: 1.');
    expect(text).toContain('PTT-20230607-WA0015.opus reason: The audio data of this voice note is damaged.');
  });

  it("repeats the cover's provenance rows and findings, from the same section", () => {
    const text = flat(record());
    expect(text).toContain('PROVENANCE');
    const { rows, bullets } = input.facts.provenance;
    for (const [label, value] of rows) expect(text).toContain(flat(`${label}: ${value}`));
    for (const finding of bullets) expect(text).toContain(flat(finding));
    expect(text).toContain("WhatsApp's own export puts every file at the top level");
  });

  it('lists the hashes of the documents it follows, not every file', () => {
    const text = record();
    for (const [file, hash] of [
      ['manifest.json', HASHES.manifest],
      ['transcript.pdf', HASHES.transcript],
      ['transcript-filing.pdf', HASHES.filingTranscript],
      ['messages.csv', HASHES.messagesCsv],
    ]) {
      expect(text).toContain(`${file}:\n    ${hash}\n`);
    }
    expect(text).not.toContain('original/PTT-20230607-WA0014.opus');
    expect(flat(text)).toContain('This record does not repeat that list.');
  });

  it('states the method in the same words for every export', () => {
    // An export unlike the fixture in every fact a step could be tempted to mention: no audio, no
    // MP3 copies, other options, no Bates numbers.
    const { facts } = input;
    const other = processingRecordSections({
      ...input,
      facts: {
        ...facts,
        exportReference: 'CE-AAAA-BBBB-CCCC',
        participants: [],
        counts: { ...facts.counts, mp3Copies: 0 },
        facts: {
          ...facts.facts,
          batesPrefix: null,
          options: { ...facts.facts.options, includeVoiceMessages: false, includeImages: true },
        },
      },
      media: [],
      transcriptPages: 1,
    });
    const method = (sections: ReturnType<typeof processingRecordSections>) =>
      sections.find((section) => section.heading.startsWith('METHOD'));
    expect(method(other)?.lines).toEqual(METHOD_STEPS.web);
    expect(method(processingRecordSections(input))?.lines).toEqual(METHOD_STEPS.web);
    // The limits safe unzip really applies.
    expect(flat(METHOD_STEPS.web.join('\n'))).toContain(
      'more than 2 times the size of the upload plus 32 MiB',
    );
    expect(flat(METHOD_STEPS.web.join('\n'))).toContain('more than 10,000 entries');
  });

  it('prints the first and last message without seconds the export did not record', () => {
    const text = flat(record());
    expect(text).toMatch(/First message: 2023-06-07 15:14 \(as recorded\)/);
    expect(text).not.toContain('15:14:00');
  });

  it('states a package the convert command made as read on the computer, with no upload limit of the web service', () => {
    const cli = processingRecordSections({
      ...input,
      facts: { ...input.facts, facts: { ...input.facts.facts, receivedThrough: 'cli' } },
    });
    const method = flat(cli.find((section) => section.heading.startsWith('METHOD'))!.lines.join('\n'));
    expect(method).toContain('run by its convert command on the computer that holds the export file');
    expect(method).not.toContain('The web service refuses');
    expect(flat(METHOD_STEPS.web.join('\n'))).toContain(
      'The web service refuses a file larger than 100 MiB.',
    );
  });

  it("names every document of the package in the method's documents step", () => {
    expect(PROCESSING_METHOD).toBe('ChatExhibit processing method 2');
    const documents = flat(METHOD_STEPS.web.join('\n'));
    for (const name of [
      'manifest.json',
      'transcript.pdf',
      'transcript-filing.pdf',
      'messages.csv',
      'processing-record.pdf',
      'declaration-template.txt',
      'notice-of-902-certification.txt',
      'notice-of-conventional-filing.txt',
      'README.txt',
      'SHA256SUMS',
    ]) {
      expect(documents).toContain(name);
    }
  });

  it('says a chat without voice notes has no MP3 copies to embed', () => {
    const withCopies = flat(record());
    expect(withCopies).toContain(
      'Voice notes: MP3 copies embedded in transcript.pdf, playable from their messages in desktop PDF readers that open attachments.',
    );
    const none = (present: number) =>
      flat(
        record({
          facts: {
            ...input.facts,
            counts: {
              ...input.facts.counts,
              mp3Copies: 0,
              attachmentsByKind: {
                ...input.facts.counts.attachmentsByKind,
                voice: { named: present, present, missing: 0 },
              },
            },
          },
        }),
      );
    expect(none(0)).toContain('Voice notes: to be embedded as MP3 copies; this export has none.');
    expect(none(0)).not.toContain('MP3 copies embedded in');
    expect(none(2)).toContain(
      'Voice notes: to be embedded as MP3 copies; none could be made of its voice notes.',
    );
  });

  it('refuses hashes that are not SHA-256', () => {
    expect(() => record({ hashes: { ...HASHES, messagesCsv: 'abc' } })).toThrow('messagesCsv');
  });

  describe('as a PDF', () => {
    const writePdf = async (text: Buffer, file: string): Promise<Buffer> => {
      await writeProcessingRecordPdf(
        {
          text,
          exportReference: input.facts.exportReference,
          toolVersion: '1.4.2',
          generatedAt: new Date(0),
        },
        createWriteStream(file),
      );
      return readFile(file);
    };

    it('holds the words of the text, every page numbered, the same bytes for the same text', async () => {
      const text = buildProcessingRecord(input);
      const file = path.join(root, 'record.pdf');
      const first = await writePdf(text, file);
      // -layout: without it pdftotext joins a line ending in '-' (a rule) to the next.
      const extracted = (await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])).stdout;
      const pages = extracted.split('\f').filter((page) => page.trim() !== '');
      const footer = new RegExp(
        `Processing record, export ${input.facts.exportReference}\\s*Page (\\d+) of ${pages.length}`,
      );
      pages.forEach((page, i) => expect(footer.exec(page)?.[1]).toBe(String(i + 1)));
      const body = pages.map((page) => page.replace(footer, ' ')).join(' ');
      expect(words(body.normalize('NFC'))).toEqual(words(text.toString('utf8')));

      expect(sha256(await writePdf(text, path.join(root, 'again.pdf')))).toBe(sha256(first));
      const raw = first.toString('latin1');
      expect(raw).toMatch(/<pdfaid:part>2<\/pdfaid:part>/);
      expect(raw).toContain(sha256(text));
      const fonts = (await run('pdffonts', [file])).stdout.trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThan(0);
      for (const line of fonts) expect(line).toMatch(/\s+yes\s+yes\s+yes\s+\d+\s+\d+$/);
    }, 30_000);

    it('lists a character no font can draw', async () => {
      const text = buildProcessingRecord({
        ...input,
        facts: { ...input.facts, participants: ['Sam \u{10FFFD}'] },
      });
      const file = path.join(root, 'undrawable.pdf');
      await writePdf(text, file);
      const extracted = flat((await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout);
      expect(extracted).toContain('Characters no font of this PDF can draw');
      expect(extracted).toContain('U+10FFFD (private use)');
    }, 30_000);
  });
});
