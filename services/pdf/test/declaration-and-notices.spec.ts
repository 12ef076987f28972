import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { countRows } from '@chatexhibit/pdf/domain/export-counts';
import {
  buildDeclaration,
  buildDeclarationDocx,
  type DeclarationHashes,
  TOOL_INTERNALS_NOT_SWORN,
} from '@chatexhibit/pdf/domain/evidence/declaration';
import { buildNotices } from '@chatexhibit/pdf/domain/evidence/notices';
import { displayWidth, showInvisible } from '@chatexhibit/pdf/domain/evidence/plain-text';
import type { EvidenceFacts, EvidenceFile } from '@chatexhibit/pdf/domain/evidence/types';
import {
  type EvidenceFixture,
  FILING_PDF,
  sha256,
  TRANSCRIPT_PDF,
  writeEvidenceFixture,
} from './support/evidence-fixture';

const HASHES: DeclarationHashes = {
  manifest: sha256('manifest.json of the fixture'),
  transcript: sha256(TRANSCRIPT_PDF),
  filingTranscript: sha256(FILING_PDF),
  processingRecord: sha256('processing-record.txt of the fixture'),
};

/** Lines wider than 80 columns, CRs, and a missing final LF. */
function layoutProblems(text: string): string[] {
  const problems: string[] = [];
  if (text.includes('\r')) problems.push('contains CR');
  if (!text.endsWith('\n')) problems.push('no final LF');
  for (const line of text.split('\n')) if (displayWidth(line) > 80) problems.push(`too wide: ${line}`);
  return problems;
}

/** Whitespace runs made one space, and every blank reduced to its [label], for text and Word alike. */
const flat = (text: string): string =>
  text
    .replace(/[_\u00a0]{3,} ?\[/g, '[')
    .replace(/\s+/g, ' ')
    .trim();

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of each paragraph of a Word file's document.xml (tables' cell paragraphs included). */
async function docxParagraphs(bytes: Buffer): Promise<string[]> {
  const xml = await (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map(([paragraph]) =>
      [...paragraph.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
        .map(([, text]) => text!.replace(/&(\w+);/g, (_m, name: string) => XML_ENTITIES[name] ?? `&${name};`))
        .join(''),
    )
    .filter((text) => text.trim() !== '');
}

describe('the declaration and the notices', () => {
  let root: string;
  let fixture: EvidenceFixture;
  let facts: EvidenceFacts;
  let files: EvidenceFile[];
  let text: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-declaration-'));
    fixture = await writeEvidenceFixture(root);
    ({ evidenceFacts: facts, files } = fixture);
    text = buildDeclaration(facts, files, HASHES).toString('utf8');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  describe('declaration-template.txt', () => {
    it("has the declarant swear to no step of ChatExhibit's: those are the processing record's", () => {
      for (const phrase of TOOL_INTERNALS_NOT_SWORN) expect(flat(text)).not.toContain(phrase);
      expect(flat(text)).not.toMatch(/ChatExhibit did the following/);
      expect(flat(text)).toContain(
        'I did not watch those steps and do not state them from personal knowledge',
      );
      expect(flat(text)).toContain('The file was not altered, to my knowledge.');
      expect(flat(text)).toContain('[who held it, where, and whether it was opened, copied or re-saved]');
    });

    it('incorporates the processing record and manifest.json by their SHA-256, and lists no file inline', () => {
      const flatText = flat(text);
      expect(flatText).toContain(
        `processing-record.txt, whose SHA-256 hash value is: ${HASHES.processingRecord} A true copy of the processing record is attached as Exhibit [exhibit letter]`,
      );
      expect(flatText).toContain(
        `Its SHA-256 hash value is: ${HASHES.manifest} A true copy of manifest.json is attached as Exhibit [exhibit letter]`,
      );
      for (const hash of [fixture.facts.fileHash, HASHES.transcript, HASHES.filingTranscript]) {
        expect(text).toContain(hash);
      }
      for (const file of files.filter((file) => file.role !== 'original-upload')) {
        expect(text).not.toContain(file.sha256);
      }
    });

    it('stays the same length however many files the export holds', () => {
      const many: EvidenceFile[] = Array.from({ length: 1500 }, (_, i) => ({
        ...files[3]!,
        path: `original/IMG-${String(i).padStart(5, '0')}.jpg`,
        sha256: sha256(String(i)),
      }));
      const declaration = buildDeclaration(facts, many, HASHES).toString('utf8');
      expect(declaration.split('\n').length).toBeLessThan(text.split('\n').length + 5);
      expect(flat(declaration)).toContain('list of the 1,500 evidence files');
    });

    it('states every count row of export-counts as "Label: value"', () => {
      for (const [label, value] of countRows(facts.counts))
        expect(flat(text)).toContain(`${label}: ${value}`);
      expect(flat(text)).toContain('3 numbered entries: 3 messages from people and 0 system events');
    });

    it('keeps the five Browne elements, the authorship section and the strike instruction', () => {
      for (const heading of [
        'WHO I AM',
        'HOW AND WHEN THE EXPORT WAS MADE',
        'THE TOOL AND ITS RECORD',
        'VERIFICATION',
        'THE FILING COPY OF THE TRANSCRIPT',
        'HASH VALUES',
        'AUTHORSHIP (FEDERAL RULE OF EVIDENCE 901)',
        'WHAT THIS CERTIFICATION DOES NOT SHOW',
      ]) {
        expect(text).toContain(`\n${heading}\n`);
      }
      const flatText = flat(text);
      expect(flatText).toContain('Strike any statement that is not true for that person.');
      expect(flatText).toContain('United States v. Browne, 834 F.3d 403');
      expect(flatText).toContain('[evidence tying this person to these messages]');
      expect(flatText).toContain('ChatExhibit version 1.4.2');
      expect(text).toContain('Case No. 2:25-cv-01234');
    });

    it('words the receipt by how the package was made: uploaded to the web service, or read by the convert command', () => {
      const web = flat(text);
      expect(web).toContain(
        'moved from the device to the computer it was uploaded from by [how: e.g. e-mail to self, AirDrop, USB cable] and uploaded to ChatExhibit by [name of the person who uploaded it] on [date of upload]',
      );
      expect(web).toContain('The export file uploaded to ChatExhibit is:');
      expect(web).toContain(
        'ChatExhibit version 1.4.2, a web service, received the export file as an upload, and on',
      );
      const cli = flat(
        buildDeclaration(
          { ...facts, facts: { ...facts.facts, receivedThrough: 'cli' } },
          files,
          HASHES,
        ).toString('utf8'),
      );
      expect(cli).toContain(
        'moved from the device to the computer on which ChatExhibit was run by [how: e.g. e-mail to self, AirDrop, USB cable], where ChatExhibit was run on it by [name of the person who ran ChatExhibit] on [date ChatExhibit was run]. Between its creation and that day',
      );
      expect(cli).toContain('The export file ChatExhibit read is:');
      expect(cli).toContain(
        'ChatExhibit version 1.4.2, a program run on that computer (its "convert" command), read the export file, and on',
      );
      // Only the count rows, shared with the cover and the record, call the ZIP "the upload".
      expect(cli).not.toMatch(/\buploaded\b|\buploader\b|upload's|service/);
    });

    it('has the declarant compare the files under original/ with the export file, a step she performs, not a conclusion', () => {
      expect(flat(text)).not.toContain('therefore true and accurate copies');
      expect(flat(text)).toContain(
        '[Strike this paragraph if you did not make this comparison.] On [date of comparison] I unzipped the export file (original/upload/',
      );
      expect(flat(text)).toContain('. Every file was identical.');
      // Part A says what striking the kept file's hash costs.
      expect(flat(text)).toContain('which is not a basis for a Rule 902(14) certification by this declarant');
    });

    it('prints the first and last message as the export recorded them: no seconds the export did not record', () => {
      expect(flat(text)).toContain(
        'the first dated 2023-06-07 15:14 and the last 2023-06-07 15:16, as recorded',
      );
      expect(text).not.toContain('15:14:00');
      const withSeconds = buildDeclaration({ ...facts, timesHaveSeconds: true }, files, HASHES).toString(
        'utf8',
      );
      expect(flat(withSeconds)).toContain(
        'the first dated 2023-06-07 15:14:00 and the last 2023-06-07 15:16:00',
      );
    });

    it('has the declarant attest the comparison of the filing copy with the chat, or strike it', () => {
      expect(flat(text)).toContain(
        `[Strike this paragraph if you did not make this comparison.] On [date of comparison] I compared transcript-filing.pdf (SHA-256 ${HASHES.filingTranscript}) with [what you compared it with`,
      );
      expect(flat(text)).toContain('except: [differences, or "none"]');
    });

    it('says when 902(11) and when 902(14) applies, and that counsel should not be the declarant', () => {
      const flatText = flat(text);
      expect(flatText).toContain('Rule 902(14) covers data copied from an electronic device');
      expect(flatText).toContain('Rule 902(11) covers records of a regularly conducted activity');
      expect(flatText).toContain(
        "Rule 902(14) borrows Rule 902(11)'s certification requirements and its written-notice requirement",
      );
      expect(flatText).toContain('Counsel should not be the declarant');
    });

    it('closes with both § 1746 forms and a country line', () => {
      const flatText = flat(text);
      expect(flatText).toContain(
        '(Signed within the United States:) I declare under penalty of perjury that the foregoing is true and correct.',
      );
      expect(flatText).toContain(
        '(Signed outside the United States:) I declare under penalty of perjury under the laws of the United States of America that the foregoing is true and correct.',
      );
      expect(flatText).toContain('Executed on [date] at [city, state or province, country].');
      expect(flatText).toContain('live in [city, state or province, country]');
      expect(text.trimEnd().endsWith('[printed name]')).toBe(true);
    });

    it('calls only a chosen time zone chosen, never a statement; a default is the blank for the phone’s zone', () => {
      expect(flat(text)).toContain(
        'Times are read in Europe/Berlin, the time zone chosen when the transcript was made.',
      );
      expect(flat(text)).not.toContain('stated that');
      const defaulted = flat(
        buildDeclaration(
          { ...facts, facts: { ...facts.facts, timeZone: 'UTC', timeZoneSource: 'default' } },
          files,
          HASHES,
        ).toString('utf8'),
      );
      expect(defaulted).not.toContain('stated that');
      expect(defaulted).not.toMatch(/declared/i);
      expect(defaulted).toContain('No time zone was chosen; ChatExhibit assumed UTC.');
      // The paragraph says once that the times are the phone's own local times.
      expect(defaulted).toContain(
        "The times are as recorded by the exporting device, in local time without a time zone. No time zone was chosen; ChatExhibit assumed UTC. The phone's time zone may not be UTC.",
      );
      expect(defaulted).not.toContain('The times are as the phone recorded them');
      expect(defaulted).toContain("[the phone's time zone, or strike this sentence]");
    });

    it('puts what the clocks say before the zone is sworn to, and after the parser note they qualify', () => {
      const timeNotes = {
        earlierExplained: 'EARLIER EXPLAINED.',
        skipped: 'Message 0036 records a local time that did not exist.',
      };
      const declaration = flat(
        buildDeclaration({ ...facts, warnings: ['A parser note.'], timeNotes }, files, HASHES).toString(
          'utf8',
        ),
      );
      expect(declaration).toContain(
        "zone. [Before you state the zone: Message 0036 records a local time that did not exist.] The phone's time zone when the export was made was",
      );
      expect(declaration.indexOf('EARLIER EXPLAINED.')).toBeGreaterThan(
        declaration.indexOf('A parser note.'),
      );
      expect(flat(text)).not.toContain('Before you state the zone');
    });

    it('shows names exactly, invisible marks (also around phone numbers) as <U+XXXX>', () => {
      const phone = '\u202A+49 151 2345678\u202C';
      const spoof = 'Bob\u202Egpj.exe';
      const declaration = buildDeclaration(
        { ...facts, participants: [...facts.participants, phone, spoof] },
        files,
        HASHES,
      ).toString('utf8');
      expect(showInvisible(phone)).toBe('<U+202A>+49 151 2345678<U+202C>');
      expect(declaration).toContain('"<U+202A>+49 151 2345678<U+202C>"');
      expect(declaration).toContain('"Bob<U+202E>gpj.exe"');
      expect(declaration).not.toMatch(/[\u202A-\u202E]/);
      expect(declaration).toMatch(/^ +"Zoë Müller"$/m);
    });

    it('points to the provenance findings, and flags a ZIP re-made by a person in Part A and Part B', () => {
      const note =
        "[Strike or correct if the ZIP was re-made by a person: ChatExhibit's cover reports it probably was.]";
      // The fixture's upload has folders: its cover says a person probably made the ZIP.
      expect(facts.provenance.departsFromWhatsAppExport).toBe(true);
      const flatText = flat(text);
      expect(flatText).toContain(
        'in the PROVENANCE section of processing-record.txt, as on the cover of the transcript.',
      );
      expect(flatText).toContain("The export file does not look like WhatsApp's own export");
      expect(flatText).toContain(`${note} On [date and time of the export]`);
      expect(flatText).toContain(`${note} The export file uploaded to ChatExhibit is:`);
      const asWhatsAppMadeIt = flat(
        buildDeclaration(
          { ...facts, provenance: { ...facts.provenance, departsFromWhatsAppExport: false } },
          files,
          HASHES,
        ).toString('utf8'),
      );
      expect(asWhatsAppMadeIt).not.toContain('Strike or correct if the ZIP');
      expect(asWhatsAppMadeIt).not.toContain("The export file does not look like WhatsApp's own export");
      expect(asWhatsAppMadeIt).toContain('PROVENANCE section of processing-record.txt');
    });

    it('sets the authorship blanks under each quoted participant name, as in the .docx', () => {
      expect(text).toMatch(
        /^ {8}"Zoë Müller"\n {8}_+ \[phone number or WhatsApp account\]\n {8}_+ \[who uses it: full name, relation to the case\]\n {8}_+ \[evidence tying this person to these messages\]\n {8}_+ \[witness who can testify to it\]\n/m,
      );
    });

    it("says names are read as the processing record's step 5 states, not exactly as written", () => {
      const flatText = flat(text);
      expect(flatText).not.toContain('exactly as written');
      expect(flatText).toContain(
        'read as step 5 of the processing record states: invisible direction marks left out',
      );
    });

    it('is plain text wrapped at 80 columns with LF endings', () => {
      expect(layoutProblems(text)).toEqual([]);
      expect(text).not.toContain('\ue000');
    });

    it('refuses hashes that are not SHA-256', () => {
      expect(() => buildDeclaration(facts, files, { ...HASHES, processingRecord: 'abc' })).toThrow(
        'processingRecord',
      );
    });
  });

  describe('declaration-template.docx', () => {
    it('holds the same paragraphs as the .txt, numbered by Word', async () => {
      const paragraphs = await docxParagraphs(await buildDeclarationDocx(facts, files, HASHES));
      expect(paragraphs.length).toBeGreaterThan(60);
      const flatText = flat(text);
      for (const paragraph of paragraphs) expect(flatText).toContain(flat(paragraph.replace(/^\u2610 /, '')));
      // Real paragraphs: none is a hard-wrapped line of the text.
      expect(paragraphs.some((paragraph) => paragraph.length > 400)).toBe(true);
      const xml = await (
        await JSZip.loadAsync(await buildDeclarationDocx(facts, files, HASHES))
      )
        .file('word/document.xml')!
        .async('string');
      expect(xml).toContain('<w:numPr>');
      expect(xml).toContain('Courier New');
      expect(xml).toContain('<w:u w:val="single"/>');
    });

    it('is the same bytes for the same input and generatedAt, whatever the clock says', async () => {
      jest.useFakeTimers({
        now: new Date('2031-01-01T00:00:00Z'),
        doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'],
      });
      let first: Buffer;
      try {
        first = await buildDeclarationDocx(facts, files, HASHES);
        jest.setSystemTime(new Date('2032-06-15T13:14:15Z'));
        const second = await buildDeclarationDocx(facts, files, HASHES);
        expect(second.equals(first)).toBe(true);
      } finally {
        jest.useRealTimers();
      }
      const third = await buildDeclarationDocx(facts, files, HASHES);
      expect(third.equals(first)).toBe(true);
      const core = await (await JSZip.loadAsync(first)).file('docProps/core.xml')!.async('string');
      expect(core).toContain('2025-03-04T05:06:07Z');
      expect(core).not.toContain('2031');
    });
  });

  describe('the notices', () => {
    const noticeText = (notices: { path: string; bytes: Buffer }[], file: string): string =>
      notices.find((notice) => notice.path === file)!.bytes.toString('utf8');

    it('give the 902 notice pre-filled with the case, the reference and the hashes', async () => {
      const notices = await buildNotices(facts, files, HASHES);
      expect(notices.map((notice) => notice.path)).toEqual([
        'notice-of-902-certification.txt',
        'notice-of-902-certification.docx',
        'notice-of-conventional-filing.txt',
        'notice-of-conventional-filing.docx',
      ]);
      const notice = noticeText(notices, 'notice-of-902-certification.txt');
      expect(layoutProblems(notice)).toEqual([]);
      expect(notice).toContain('Case No. 2:25-cv-01234');
      expect(notice).toContain(facts.exportReference);
      for (const hash of [fixture.facts.fileHash, ...Object.values(HASHES)]) expect(notice).toContain(hash);
      expect(flat(notice)).toContain('available for inspection [where and how');
      expect(flat(notice)).toContain('CERTIFICATE OF SERVICE');
      // Titled by the rule the record relies on; 902(11) lends only its notice and certification rules.
      expect(flat(notice)).toContain('CERTIFIED UNDER FEDERAL RULE OF EVIDENCE 902(14)');
      expect(flat(notice)).not.toMatch(/902\(11\) AND/);
    });

    it("list every voice note's name, duration and SHA-256 for conventional filing, in text and Word", async () => {
      const notices = await buildNotices(facts, files, HASHES);
      const notice = noticeText(notices, 'notice-of-conventional-filing.txt');
      expect(layoutProblems(notice)).toEqual([]);
      const cells = (
        await docxParagraphs(notices.find((n) => n.path === 'notice-of-conventional-filing.docx')!.bytes)
      ).join('\n');
      const audio = files.filter((file) => file.role === 'derived-audio' || file.path.endsWith('.opus'));
      expect(audio.length).toBe(2);
      for (const file of audio) {
        for (const document of [notice, cells]) {
          expect(document).toContain(file.path);
          expect(document).toContain(file.sha256);
          expect(document).toContain('0:04');
        }
      }
      expect(flat(notice)).toContain('NOTICE OF CONVENTIONAL (MANUAL) FILING');
    });

    it('keep a table of bounded size for 500 voice notes, and leave out the audio notice without audio', async () => {
      const [, , opus, mp3] = [
        files[0],
        files[1],
        files.find((f) => f.path.endsWith('.opus'))!,
        files.find((f) => f.role === 'derived-audio')!,
      ];
      const many: EvidenceFile[] = Array.from({ length: 500 }, (_, i) => [
        { ...opus, path: `original/PTT-${i}.opus`, sha256: sha256(`o${i}`) },
        {
          ...mp3,
          path: `derived/audio/PTT-${i}.mp3`,
          derivedFrom: `original/PTT-${i}.opus`,
          sha256: sha256(`m${i}`),
        },
      ]).flat();
      const notice = noticeText(await buildNotices(facts, many, HASHES), 'notice-of-conventional-filing.txt');
      expect(notice.split('\n').length).toBeLessThan(1000 * 7);
      expect(notice).toContain(sha256('m499'));
      const silent = files.filter((file) => file.role !== 'derived-audio' && !file.path.endsWith('.opus'));
      const paths = (await buildNotices(facts, silent, HASHES)).map((notice) => notice.path);
      expect(paths).toEqual(['notice-of-902-certification.txt', 'notice-of-902-certification.docx']);
      expect(buildDeclaration(facts, silent, HASHES).toString('utf8')).not.toContain('conventional');
    });
  });
});
