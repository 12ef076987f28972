import { mkdtemp, rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { buildDeclaration } from '@chatexhibit/pdf/domain/evidence/declaration';
import { attachmentReference } from '@chatexhibit/pdf/domain/evidence/attachment-reference';
import { buildManifest, TIMESTAMPS_NOTE } from '@chatexhibit/pdf/domain/evidence/manifest';
import { EvidenceManifestSchema } from '@chatexhibit/proto/evidence-package';
import { IDENTIFIERS_FILING_ADVICE } from '@chatexhibit/proto/identifier-scan';
import { buildReadme } from '@chatexhibit/pdf/domain/evidence/readme';
import { formatSha256Sums } from '@chatexhibit/pdf/domain/evidence/sha256sums';
import { displayWidth, wrap, wrapPath } from '@chatexhibit/pdf/domain/evidence/plain-text';
import type { EvidenceFacts, EvidenceFile } from '@chatexhibit/pdf/domain/evidence/types';
import { ZIP_ENTRIES_NOTE } from '@chatexhibit/pdf/domain/evidence/zip-entry-table';
import {
  CHAT_FILE,
  ENTRY_CONTENTS,
  EXPORT_ID,
  EXPORT_REFERENCE,
  type EvidenceFixture,
  FILING_PDF,
  sha256,
  TRANSCRIPT_PDF,
  writeEvidenceFixture,
  TRANSCRIPT_PAGES,
} from './support/evidence-fixture';

const HASHES = {
  manifest: 'a'.repeat(64),
  transcript: sha256(TRANSCRIPT_PDF),
  filingTranscript: sha256(FILING_PDF),
  processingRecord: 'b'.repeat(64),
};

/** Lines wider than 80 columns, CRs, and a missing final LF. */
function layoutProblems(text: string): string[] {
  const problems: string[] = [];
  if (text.includes('\r')) problems.push('contains CR');
  if (!text.endsWith('\n')) problems.push('no final LF');
  for (const line of text.split('\n')) if (displayWidth(line) > 80) problems.push(`too wide: ${line}`);
  return problems;
}

/** `text` with every run of whitespace made one space, for phrases that may be wrapped. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');

describe('the package texts', () => {
  let root: string;
  let fixture: EvidenceFixture;
  let facts: EvidenceFacts;
  let files: EvidenceFile[];
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-evidence-texts-'));
    fixture = await writeEvidenceFixture(root);
    ({ evidenceFacts: facts, files } = fixture);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('name the export by its reference, never by its id, which opens it', () => {
    const texts = [
      buildManifest(facts, files),
      buildDeclaration(facts, files, HASHES),
      buildReadme(facts, TRANSCRIPT_PAGES),
    ].map((bytes) => bytes.toString('utf8'));
    for (const text of texts) {
      expect(text).toContain(EXPORT_REFERENCE);
      expect(text).not.toContain(EXPORT_ID);
    }
    expect(flat(texts[1]!)).toContain(`(export reference ${EXPORT_REFERENCE})`);
    expect(texts[2]).toContain(`Export reference: ${EXPORT_REFERENCE}\n`);
  });

  it('say what the scan for Rule 5.2(a) identifiers looked for and that it found none, promising nothing', () => {
    for (const text of [
      flat(buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8')),
      flat(buildDeclaration(facts, files, HASHES).toString('utf8')).split('PART B')[0]!,
    ]) {
      expect(text).toContain(
        'ChatExhibit looked through the text of every message for what looks like a Social Security, employer or other taxpayer number, a payment card, IBAN or bank-account number, or a date of birth',
      );
      expect(text).toContain(
        ', and found none. It does not look for names, addresses or identifiers written in other ways, and a pattern can miss what it looks for.',
      );
      expect(text).not.toContain(IDENTIFIERS_FILING_ADVICE);
      expect(text).not.toContain('under seal');
    }
  });

  describe('manifest.json', () => {
    it('lists every evidence file with its hash, size, role and type, and the documents without hashes', () => {
      const bytes = buildManifest(facts, files);
      const text = bytes.toString('utf8');
      expect(text.endsWith('}\n')).toBe(true);
      expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
      const manifest = JSON.parse(text);
      expect(Object.keys(manifest)).toEqual([
        'format',
        'tool',
        'generatedAt',
        'verifyUrl',
        'reproductionNote',
        'hashAlgorithm',
        'labHashesNote',
        'export',
        'files',
        'documents',
        'documentsNote',
      ]);
      expect(manifest).toMatchObject({
        format: 'chatexhibit-evidence-manifest/6',
        tool: {
          name: 'ChatExhibit',
          version: '1.4.2',
          sourceRevision: { commit: '0123456789abcdef0123456789abcdef01234567', dirty: false },
          sourceUrl: 'https://code.example.org/chatexhibit',
          components: { node: '22.0.0', tz: '2025a' },
        },
        generatedAt: '2025-03-04T05:06:07.000Z',
        verifyUrl: facts.verifyUrl,
        hashAlgorithm: 'SHA-256',
      });
      // What a third party needs to make the documents again, and with which version.
      expect(manifest.reproductionNote).toContain('npm run -s convert -- --reproduce evidence.zip');
      expect(manifest.reproductionNote).toContain('ChatExhibit 1.4.2');
      expect(manifest.export).toEqual({
        reference: EXPORT_REFERENCE,
        originalFilename: 'WhatsApp Chat with Zoë Müller.zip',
        sha256: fixture.facts.fileHash,
        sizeBytes: fixture.upload.length,
        receivedAt: '2025-03-04T05:00:00.000Z',
        receivedThrough: 'web',
        timeZone: 'Europe/Berlin',
        timeZoneSource: 'declared',
        timeZoneStatement:
          'Times are read in Europe/Berlin, the time zone chosen when the transcript was made.',
        timestampsNote: TIMESTAMPS_NOTE,
        chatFile: CHAT_FILE,
        participants: ['Zoë Müller', 'Bob'],
        firstMessageAt: '2023-06-07T15:14:00',
        lastMessageAt: '2023-06-07T15:16:00',
        counts: fixture.evidenceFacts.counts,
        processingOptions: fixture.facts.options,
        batesPrefix: 'SMITH',
        batesStart: 1,
        examination: {
          note: expect.any(String),
          caseNumber: '2:25-cv-01234',
          exhibitNumber: null,
          preparedBy: 'J. Doe, paralegal',
          exportingAccount: 'Bob (+1 555 0100)',
        },
        warnings: ['The export names 1 attachment the ZIP does not contain.'],
        zipEntriesNote: ZIP_ENTRIES_NOTE,
        zipEntries: expect.any(Array),
      });
      // The upload's entries as its central directory wrote them: archiver dates each one with
      // entryTime's wall-clock fields and records no UTC time.
      expect(manifest.export.zipEntries[0]).toEqual({
        order: 0,
        path: CHAT_FILE,
        kind: 'file',
        sizeBytes: ENTRY_CONTENTS[CHAT_FILE].length,
        compressedSizeBytes: expect.any(Number),
        compression: 'deflated',
        crc32: crc32(ENTRY_CONTENTS[CHAT_FILE]).toString(16).padStart(8, '0'),
        modified: '2023-06-07T15:20:00',
        modifiedUtc: null,
        creatorSystem: 'Unix',
        creatorSystemId: 3,
      });
      expect(manifest.export.zipEntries.map((entry: { path: string }) => entry.path)).toEqual(
        Object.keys(ENTRY_CONTENTS),
      );
      expect(manifest.files).toEqual(
        files.map((file) => ({
          path: file.path,
          role: file.role,
          sizeBytes: file.sizeBytes,
          sha256: file.sha256,
          md5: file.md5,
          sha1: file.sha1,
          sourcePath: file.sourcePath,
          derivedFrom: file.derivedFrom,
          mediaType: file.mediaType,
          ...(file.role === 'derived-audio' ? { durationSeconds: 4.2 } : {}),
        })),
      );
      expect(Object.keys(manifest.files[0])).toEqual([
        'path',
        'role',
        'sizeBytes',
        'sha256',
        'md5',
        'sha1',
        'sourcePath',
        'derivedFrom',
        'mediaType',
      ]);
      expect(manifest.documents).toEqual([
        { path: 'README.txt', role: 'readme' },
        { path: 'declaration-template.txt', role: 'declaration' },
        { path: 'declaration-template.docx', role: 'declaration-docx' },
        { path: 'notice-of-902-certification.txt', role: 'certification-notice' },
        { path: 'notice-of-902-certification.docx', role: 'certification-notice-docx' },
        { path: 'notice-of-conventional-filing.txt', role: 'conventional-filing-notice' },
        { path: 'notice-of-conventional-filing.docx', role: 'conventional-filing-notice-docx' },
        { path: 'processing-record.txt', role: 'processing-record' },
        { path: 'processing-record.pdf', role: 'processing-record-pdf' },
        { path: 'transcript.pdf', role: 'transcript' },
        { path: 'transcript-filing.pdf', role: 'filing-transcript' },
        { path: 'messages.csv', role: 'messages-csv' },
        { path: 'SHA256SUMS', role: 'checksums' },
      ]);
      expect(manifest.documentsNote).toContain('SHA256SUMS');
      expect(text).not.toContain('"key"');
    });

    it("is what proto's EvidenceManifestSchema says a verifier may rely on", () => {
      const manifest = EvidenceManifestSchema.parse(JSON.parse(buildManifest(facts, files).toString('utf8')));
      expect(manifest.export.sha256).toBe(fixture.facts.fileHash);
      expect(manifest.files.map(({ path, sha256 }) => ({ path, sha256 }))).toEqual(
        files.map(({ path, sha256 }) => ({ path, sha256 })),
      );
    });

    it('is still read by a verifier when a package was made under format 1 or 2, and not under an unknown one', () => {
      const json = JSON.parse(buildManifest(facts, files).toString('utf8')) as Record<string, unknown>;
      for (const format of ['chatexhibit-evidence-manifest/1', 'chatexhibit-evidence-manifest/2']) {
        expect(EvidenceManifestSchema.safeParse({ ...json, format }).success).toBe(true);
      }
      expect(
        EvidenceManifestSchema.safeParse({ ...json, format: 'chatexhibit-evidence-manifest/9' }).success,
      ).toBe(false);
    });

    it('is the same bytes for the same inputs, whatever order the options arrived in', () => {
      const reordered = {
        ...facts,
        facts: { ...facts.facts, options: Object.fromEntries(Object.entries(facts.facts.options).reverse()) },
      } as EvidenceFacts;
      expect(buildManifest(reordered, files).equals(buildManifest(facts, files))).toBe(true);
    });
  });

  describe('README.txt', () => {
    it('gives, beside the time zone, a time that zone never had', () => {
      const timeNotes = {
        earlierExplained: null,
        skipped: 'Message 0036 records a local time that did not exist.',
      };
      const text = buildReadme({ ...facts, timeNotes }, TRANSCRIPT_PAGES)
        .toString('utf8')
        .replace(/\s+/g, ' ');
      expect(text).toMatch(/Time zone: .* Message 0036 records a local time that did not exist\./);
      expect(buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8')).not.toContain('did not exist');
    });
    it("lists messages.csv, says what its ' mark is, and that MD5 and SHA-1 are for lab tools", () => {
      const text = buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8').replace(/\s+/g, ' ');
      expect(text).toContain('messages.csv The messages of the transcript as a table');
      expect(text).toContain("has a ' put in front of it");
      expect(text).toContain('that mark is not part of the message');
      expect(text).toContain('MD5 and SHA-1 hash values');
      expect(text).toContain('rely on SHA-256 to check the files');
    });
    it('explains the package and how to verify it, wrapped at 80 columns', () => {
      const text = buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8');
      expect(layoutProblems(text)).toEqual([]);
      const flatText = flat(text);
      expect(text).toContain('shasum -a 256 -c SHA256SUMS');
      expect(text).toContain('sha256sum -c SHA256SUMS');
      expect(text).toContain('Get-FileHash -Algorithm SHA256 <file>');
      expect(text).toContain(fixture.facts.fileHash);
      expect(text).toContain('original/upload/WhatsApp Chat with Zoë Müller.zip');
      expect(flatText).toContain('cover page of the transcript');
      expect(flatText).toContain('The court-filing copy: transcript-filing.pdf');
      expect(flatText).toContain('To listen to the voice notes: transcript.pdf');
      expect(flatText).toContain('by its attachment number (Attachment 1, Attachment 2, and so on)');
      expect(flatText).toContain('What the check proves');
      expect(flatText).toContain('What it does not prove');
      expect(flatText).toContain('original/');
      expect(flatText).toContain('derived/audio/');
      expect(text).toContain('Open this page:\n\n         https://chatexhibit.example.com/verify\n');
      expect(flatText).toContain('Drop the package ZIP file, as it is, onto the page.');
    });

    it('says the check proves only that the package agrees with itself, anchored by the filed declaration', () => {
      const text = flat(buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8'));
      expect(text).not.toContain('identical to the file ChatExhibit received');
      expect(text).toContain(
        'What the check proves: that every file of the package is, bit for bit, the file listed for it in SHA256SUMS. That shows the package agrees with itself, and nothing more',
      );
      expect(text).toContain(
        'Compare the hash value of manifest.json (its line in SHA256SUMS, or the value the check in a web browser shows) with the one in the signed and filed declaration.',
      );
      expect(text).toContain('(or in a timestamp from an outside service)');
      expect(text).not.toContain('and so is every file whose hash value it lists');
      expect(text).toContain(
        "the check above compares files with SHA256SUMS, not with manifest.json, so compare each file's hash value with its manifest.json value as well.",
      );
      expect(text).toContain('What it does not prove: when the package was made');
      expect(text).toContain('https://chatexhibit.example.com/verify');
    });

    it('lists the processing record as written by ChatExhibit, and in PDF', () => {
      const text = flat(buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8'));
      expect(text).toContain(
        'processing-record.txt What ChatExhibit did with this export, written by ChatExhibit (not by a person)',
      );
      // Nothing gives the PDF's hash and it has no case header or Bates number: not "for filing".
      expect(text).toContain(
        'processing-record.pdf A PDF/A rendering of processing-record.txt, for reading and printing. The .txt is the record the declaration names by its SHA-256 hash value.',
      );
      expect(text).not.toMatch(/processing-record\.pdf[^.]*for filing/);
      expect(text).toContain('the declaration that of manifest.json and of processing-record.txt');
    });

    it('says where the source code is published when the operator set SOURCE_URL, and nothing when not', () => {
      const text = buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8');
      expect(text).toContain('THE SOFTWARE THAT MADE THIS PACKAGE');
      expect(text).toContain('    https://code.example.org/chatexhibit\n');
      expect(layoutProblems(text)).toEqual([]);
      const unset = buildReadme({ ...facts, sourceUrl: null }, TRANSCRIPT_PAGES).toString('utf8');
      expect(unset).not.toContain('THE SOFTWARE THAT MADE THIS PACKAGE');
    });

    it('leaves the browser check out when no site made the package', () => {
      const text = buildReadme({ ...facts, verifyUrl: null }, TRANSCRIPT_PAGES).toString('utf8');
      expect(flat(text)).toContain(
        'Compare the hash value of manifest.json (its line in SHA256SUMS) with the one in the signed and filed declaration.',
      );
      expect(layoutProblems(text)).toEqual([]);
      expect(text).not.toContain('/verify');
      expect(text).not.toContain('In a web browser');
      expect(text).toContain('sha256sum -c SHA256SUMS');
    });

    it("states both transcripts' Bates ranges, which share no number, and none without a prefix", () => {
      const text = flat(buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8'));
      expect(text).toContain(
        'transcript-filing.pdf, the court-filing copy, is numbered SMITH000001 to SMITH000012, one number per page.',
      );
      expect(text).toContain('"-N" (native copy), SMITH000001-N to SMITH000012-N. No number is on both');
      const unnumbered = buildReadme(
        { ...facts, facts: { ...facts.facts, batesPrefix: null } },
        TRANSCRIPT_PAGES,
      );
      expect(unnumbered.toString('utf8')).not.toContain('Bates');
    });

    it('does not promise playable voice notes when the chat has none', () => {
      const text = buildReadme(
        { ...facts, counts: { ...facts.counts, mp3Copies: 0 } },
        TRANSCRIPT_PAGES,
      ).toString('utf8');
      expect(flat(text)).not.toContain('To listen to the voice notes');
      expect(flat(text)).toContain('this chat has no voice notes');
      expect(flat(text)).toContain(
        'transcript.pdf The same transcript as an ordinary PDF, for reading on screen.',
      );
      expect(flat(text)).not.toContain('voice notes attached inside it');
    });

    it('names derived/ only in a package that has it (MP3 copies)', () => {
      const withCopies = flat(buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8'));
      expect(withCopies).toContain(
        'this file, the other documents listed above and the folders original/ and derived/.',
      );
      expect(withCopies).toContain('Everything in derived/ was made by ChatExhibit');
      const text = buildReadme(
        { ...facts, counts: { ...facts.counts, mp3Copies: 0 } },
        TRANSCRIPT_PAGES,
      ).toString('utf8');
      expect(flat(text)).toContain('this file, the other documents listed above and the folder original/.');
      expect(text).not.toContain('derived/');
      expect(layoutProblems(text)).toEqual([]);
    });

    it('says where Bates numbers pass six digits', () => {
      const text = flat(
        buildReadme({ ...facts, facts: { ...facts.facts, batesStart: 999_998 } }, 5).toString('utf8'),
      );
      expect(text).toContain(
        'is numbered SMITH999998 to SMITH1000002, one number per page, in six digits up to SMITH999999 and in more from there.',
      );
      expect(flat(buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8'))).not.toContain(
        'in six digits up to',
      );
    });
  });
});

describe('attachmentReference', () => {
  it.each([
    [1, 'Attachment 1'],
    [42, 'Attachment 42'],
    [10000, 'Attachment 10000'],
  ])('%d → %s', (n, reference) => {
    expect(attachmentReference(n)).toBe(reference);
  });
  it.each([0, -1, 1.5, Number.NaN])('refuses %d', (n) => {
    expect(() => attachmentReference(n)).toThrow(RangeError);
  });
});

describe('formatSha256Sums', () => {
  it('writes sha256sum lines sorted by the bytes of their paths', () => {
    const a = sha256('a');
    const text = formatSha256Sums([
      { path: 'original/Zoë.jpg', sha256: a },
      { path: 'README.txt', sha256: a },
      { path: 'original/Zoe.jpg', sha256: a },
      { path: 'SHA256SUMS-not', sha256: a },
      { path: 'original/\u{1F600}.jpg', sha256: a },
      { path: 'original/\uFF21.jpg', sha256: a },
    ]).toString('utf8');
    expect(text).toBe(
      [
        `${a}  README.txt`,
        `${a}  SHA256SUMS-not`,
        `${a}  original/Zoe.jpg`,
        `${a}  original/Zoë.jpg`,
        `${a}  original/\uFF21.jpg`,
        `${a}  original/\u{1F600}.jpg`,
        '',
      ].join('\n'),
    );
  });

  it('refuses paths sha256sum would escape, and duplicates', () => {
    expect(() => formatSha256Sums([{ path: 'a\nb', sha256: sha256('') }])).toThrow('unsafe path');
    expect(() => formatSha256Sums([{ path: 'a\\b', sha256: sha256('') }])).toThrow('unsafe path');
    expect(() =>
      formatSha256Sums([
        { path: 'a', sha256: sha256('') },
        { path: 'a', sha256: sha256('') },
      ]),
    ).toThrow('twice');
  });
});

describe('wrap and wrapPath', () => {
  it('never exceeds the width and keeps every word', () => {
    const words = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor';
    const text = `${words} ${'x'.repeat(130)} ${words} 漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字`;
    for (const width of [20, 40, 80]) {
      const lines = wrap(text, { firstIndent: '1.  ', indent: '    ', width });
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      expect(
        lines
          .map((line) => line.slice(4))
          .join('')
          .replace(/ /g, ''),
      ).toBe(text.replace(/ /g, ''));
    }
  });

  it('cuts a path after a slash, never at a space, and loses nothing', () => {
    const value = 'original/Some folder/Another folder with spaces/and a file name with spaces.jpg';
    const lines = wrapPath(value, '    1. ', '       ', 40);
    for (const line of lines) {
      expect(displayWidth(line)).toBeLessThanOrEqual(40);
      expect(line.endsWith(' ')).toBe(false);
    }
    expect(lines.map((line) => line.slice(7)).join('')).toBe(value);
  });
});
