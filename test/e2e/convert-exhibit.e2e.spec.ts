import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { IDENTIFIERS_FILING_ADVICE } from '@chatexhibit/proto/identifier-scan';
import { runToEnd } from '../support/child-process';
import { type WhatsAppExport, writeWhatsAppExport } from '../support/whatsapp-export';

const run = promisify(execFile);

const SSN = '123-45-6789';
const CARD = '4111 1111 1111 1111';
const BIRTH = '04/07/1989';
const PHONE = '+1 555 010 4477';
/** The texts in turn: message 1 is the encryption notice, so the SSN is in message 4, the card in 6, the birth date in 8. */
const TEXTS = [
  'Hi, I moved out today and left the keys in the mailbox as agreed.',
  'Thanks. I will check the flat on Saturday.',
  `For the landlord form: my SSN is ${SSN}, please keep it private.`,
  'Can you confirm when the deposit of $1,200 will be returned?',
  `I paid the first month with my card ${CARD} remember.`,
  'After the inspection. There is a stain on the carpet in the bedroom.',
  `The form also wants my date of birth: born ${BIRTH}.`,
  'That stain was there when I moved in, it is in the check-in report.',
];

/**
 * `npm run convert -- <zip> --out <dir> --exhibit-spec <spec.json>` as a lawyer runs it: the
 * transcripts as always, and the exhibit's files in <dir>/exhibit/; a spec that does not fit gets
 * one line naming its field, exit code 1 and no files. `--reproduce <evidence.zip> --exhibit-spec`
 * cuts exhibits from a package's own transcript.
 */
describe('convert CLI with --exhibit-spec', () => {
  let workDir: string;
  let chat: WhatsAppExport;
  const writeSpec = async (spec: object) => {
    const file = path.join(workDir, 'spec.json');
    await writeFile(file, JSON.stringify(spec));
    return file;
  };
  const npmConvert = (args: string[]) => runToEnd('npm', ['run', '-s', 'convert', '--', ...args]);
  const convert = async (out: string, spec: object, options: string[] = []) =>
    npmConvert([
      chat.zipPath,
      '--out',
      out,
      '--tz',
      'America/New_York',
      ...options,
      '--exhibit-spec',
      await writeSpec(spec),
    ]);
  const reproduce = async (zip: string, out: string, spec: object) =>
    npmConvert(['--reproduce', zip, '--out', out, '--exhibit-spec', await writeSpec(spec)]);
  const reason = (category: string) => ({ category });
  const SPEC = {
    label: 'Exhibit P-7',
    selections: [{ from: 3, to: 8 }],
    context: 1,
    highlights: [6],
    redactions: [
      { kind: 'text', message: 4, text: SSN, reason: reason('taxpayer-id') },
      { kind: 'text', message: 6, text: CARD, reason: reason('financial-account') },
      { kind: 'text', message: 8, text: BIRTH, reason: reason('birth-date') },
      { kind: 'phone-number', number: PHONE, reason: { category: 'other', note: 'private number' } },
    ],
    batesPrefix: 'DOE',
    batesStart: 1001,
  };

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-convert-exhibit-'));
    chat = await writeWhatsAppExport(workDir, {
      textMessages: 16,
      voiceNotes: 0,
      photos: 0,
      texts: TEXTS,
      encryptionNotice: true,
      participants: ['Alex Rivera', PHONE],
    });
  }, 60_000);
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('writes the exhibit, its sealed copy, the log, the manifest and the declaration paragraph, which verify', async () => {
    const out = path.join(workDir, 'out');
    const { code, stdout, stderr } = await convert(out, SPEC);
    expect({ code, stdout, stderr }).toEqual({
      code: 0,
      stdout: '',
      stderr: expect.not.stringMatching(/convert:/),
    });
    const dir = path.join(out, 'exhibit');
    expect((await readdir(dir)).sort()).toEqual(Object.values(EXHIBIT_PATHS).sort());
    await run('sha256sum', ['-c', '--quiet', EXHIBIT_PATHS.checksums], { cwd: dir });
    // Recorded beside the package, for the Bates check of exhibits cut from it later.
    const record = JSON.parse(await readFile(path.join(out, 'evidence.exhibits.json'), 'utf8'));
    expect(record.exhibits).toEqual([
      {
        label: SPEC.label,
        exhibitSha256: (await run('sha256sum', [path.join(dir, EXHIBIT_PATHS.exhibit)])).stdout.slice(0, 64),
        bates: { prefix: 'DOE', first: 1001, last: expect.any(Number) },
      },
    ]);
    const exhibit = (await run('pdftotext', [path.join(dir, EXHIBIT_PATHS.exhibit), '-'])).stdout;
    const sealed = (await run('pdftotext', [path.join(dir, EXHIBIT_PATHS.sealed), '-'])).stdout;
    for (const secret of [SSN, CARD, BIRTH, PHONE]) {
      expect(exhibit.replace(/\s+/g, ' ')).not.toContain(secret);
      expect(sealed.replace(/\s+/g, ' ')).toContain(secret);
    }
    expect(exhibit).toContain('… 1 message omitted (0001) …');
    expect(exhibit).toContain('… 8 messages omitted (0010–0017) …');
    const pages = exhibit.split('\f').slice(0, -1);
    expect(pages.map((page) => page.match(/DOE\d{6}/g)?.at(-1))).toEqual(
      pages.map((_, i) => `DOE${String(1001 + i).padStart(6, '0')}`),
    );
    for (const page of pages) expect(page).toMatch(/^Exhibit P-7 · /);
    // The cover says the full transcript it names is not redacted, and gives the filer no advice.
    expect(pages[0]!.replace(/\s+/g, ' ')).toContain('The full transcript, transcript-filing.pdf (SHA-256 ');
    expect(exhibit).not.toContain('do not file');
    // The advice is the CLI's to give, and the declaration paragraph's note to the filer.
    expect(stderr).toContain(
      'note: transcript-filing.pdf and the evidence package hold every message unredacted, and between them everything exhibit.pdf removes: do not file them publicly with it; file them under seal, or not at all.',
    );
    const declaration = await readFile(path.join(dir, EXHIBIT_PATHS.declaration), 'utf8');
    const filingHash = (await run('sha256sum', [path.join(out, 'transcript-filing.pdf')])).stdout.split(
      ' ',
    )[0]!;
    expect(declaration).toContain(filingHash);
    expect(declaration).toContain('messages 0002–0009 of 17');
  }, 120_000);

  it('warns on stderr of each Rule 5.2(a) suggestion left unredacted, one line each, never its text', async () => {
    const out = path.join(workDir, 'warned');
    const { code, stdout, stderr } = await convert(out, {
      ...SPEC,
      redactions: SPEC.redactions.filter((redaction) => redaction.kind !== 'text' || redaction.message === 6),
    });
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    const warnings = stderr.split('\n').filter((line) => line.startsWith('warning: '));
    // The full transcript's scan comes first, with its advice (tested above); then the exhibit's own.
    expect(warnings[1]).toBe(`warning: ${IDENTIFIERS_FILING_ADVICE}`);
    expect(warnings.slice(2)).toEqual([
      'warning: message 0004 has what looks like a Social Security number, not redacted: Fed. R. Civ. P. 5.2(a)(1) lets a filing show only its last four digits.',
      'warning: message 0008 has what looks like a date of birth, not redacted: Fed. R. Civ. P. 5.2(a)(2) lets a filing show only its year.',
      // The redacted number is a participant's and in the upload's name, printed by the package's documents.
      expect.stringMatching(
        /^warning: R2 removes text from the uploaded file's name and the participants' names, which the evidence package's (.+) print unredacted: redact it in each of them you file publicly \(the package itself is the sealed original\)\.$/,
      ),
    ]);
    expect(stderr).not.toContain(SSN);
    // The documents it names are exactly those of the package that print the number.
    const named = /evidence package's (.+) print unredacted/
      .exec(warnings[warnings.length - 1]!)![1]!
      .split(/, | and /);
    const unzipped = path.join(workDir, 'warned-package');
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', unzipped]);
    const documents = (await readdir(unzipped, { withFileTypes: true })).filter((entry) => entry.isFile());
    const printing: string[] = [];
    for (const { name } of documents) {
      const file = path.join(unzipped, name);
      const text = name.endsWith('.pdf')
        ? (await run('pdftotext', ['-raw', file, '-'])).stdout
        : name.endsWith('.docx')
          ? (await run('unzip', ['-p', file, 'word/document.xml'])).stdout.replace(/<[^>]+>/g, '')
          : await readFile(file, 'utf8');
      if (text.replace(/\s+/g, ' ').includes(PHONE)) printing.push(name);
    }
    expect(named.sort()).toEqual(printing.sort());
    expect(existsSync(path.join(out, 'exhibit', EXHIBIT_PATHS.exhibit))).toBe(true);
  }, 120_000);

  it("names the Rule 5.2(a) identifiers the full transcript holds, by message, and names the export by its reference, never the chat file's name, in headers and metadata", async () => {
    // A chat file named after a child, as a custody export may be.
    const zip = path.join(workDir, "WhatsApp Chat - Sophia's Schedule.zip");
    await copyFile(chat.zipPath, zip);
    const out = path.join(workDir, 'docket');
    const { code, stdout, stderr } = await npmConvert([
      zip,
      '--out',
      out,
      '--tz',
      'America/New_York',
      '--exhibit-spec',
      await writeSpec(SPEC),
    ]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    const found =
      'found what looks like a Social Security number in messages 0004 and 0012; a card number in ' +
      'messages 0006 and 0014; and a date of birth in messages 0008 and 0016.';
    const warnings = stderr.split('\n').filter((line) => line.startsWith('warning: '));
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^warning: ChatExhibit looked through the text of every message .+, and ${escaped(found)}$`,
        ),
      ),
      `warning: ${IDENTIFIERS_FILING_ADVICE}`,
      // The exhibit's own: its redacted phone number is a participant's name.
      expect.stringMatching(/^warning: R4 removes text from the participants' names/),
    ]);
    for (const secret of [SSN, CARD, BIRTH]) expect(stderr).not.toContain(secret);

    const flat = (text: string) => text.replace(/\s+/g, ' ');
    const unzipped = path.join(workDir, 'docket-package');
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', unzipped]);
    const { reference } = (
      JSON.parse(await readFile(path.join(unzipped, 'manifest.json'), 'utf8')) as {
        export: { reference: string };
      }
    ).export;
    // The cover's Completeness section lists them by kind and message number, never their text.
    for (const [file, copy] of [
      ['transcript.pdf', 'native copy'],
      ['transcript-filing.pdf', 'court-filing copy'],
    ] as const) {
      const pages = (await run('pdftotext', [path.join(out, file), '-'])).stdout.split('\f').slice(0, -1);
      const cover = flat(pages.join(' ').split('Provenance')[0]!.split('Completeness')[1]!);
      expect(cover).toContain(found);
      // Every page's running header names the export by its reference; the file name is only the cover's Source file.
      for (const page of pages)
        expect(flat(page).trim()).toMatch(
          new RegExp(`^Transcript of WhatsApp chat export · export ${reference} · ${copy} `),
        );
      expect(flat(pages.join(' ')).match(/Sophia/g)).toEqual(['Sophia']);
      expect(flat(pages[0]!)).toContain("Source file WhatsApp Chat - Sophia's Schedule.zip");
    }
    // No document's Title, Subject or Keywords names the chat file.
    for (const file of [
      'transcript.pdf',
      'transcript-filing.pdf',
      'processing-record.pdf',
      `exhibit/${EXHIBIT_PATHS.exhibit}`,
      `exhibit/${EXHIBIT_PATHS.sealed}`,
      `exhibit/${EXHIBIT_PATHS.redactionLogPdf}`,
    ]) {
      const info = (await run('pdfinfo', [path.join(out, file)])).stdout;
      const fields = info.split('\n').filter((line) => /^(Title|Subject|Keywords):/.test(line));
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.join('\n')).not.toMatch(/Sophia|Schedule|WhatsApp Chat -/);
    }
    expect((await run('pdfinfo', [path.join(out, 'transcript-filing.pdf')])).stdout).toContain(
      `Transcript of WhatsApp chat export: export ${reference} (court-filing copy)`,
    );
    // README.txt and the declaration's notes for counsel say it, with what follows for filing.
    const readme = flat(await readFile(path.join(unzipped, 'README.txt'), 'utf8'));
    const declaration = flat(await readFile(path.join(unzipped, 'declaration-template.txt'), 'utf8'));
    for (const text of [readme, declaration.split('PART B')[0]!]) {
      expect(text).toContain(found);
      expect(text).toContain(IDENTIFIERS_FILING_ADVICE);
    }
    for (const secret of [SSN, CARD, BIRTH]) expect(readme + declaration).not.toContain(secret);
  }, 120_000);

  it('refuses a spec that does not fit, naming its field, and leaves no files', async () => {
    for (const [spec, message] of [
      [{ ...SPEC, label: '' }, 'label: must not be empty'],
      [
        {
          ...SPEC,
          redactions: [{ kind: 'text', message: 4, text: '987-65-4321', reason: reason('taxpayer-id') }],
        },
        'redactions[0].text: "987-65-4321" is not in the text of message 0004',
      ],
      [
        { ...SPEC, selections: [{ from: 3, to: 99 }] },
        'selections[0].to: the chat has 17 messages; there is no message 99',
      ],
      [
        { ...SPEC, courtProfile: { preset: 'sdnj' } },
        'courtProfile: must be a preset { "preset": "sdny" } (one of d-utah-bankruptcy (8 MB), nd-georgia (15 MB), ' +
          'efile-texas (25 MB), sdny (35 MB), cd-california (35 MB), nd-illinois (35 MB), ed-pennsylvania (50 MB)), ' +
          'a limit { "maxFileBytes": 8000000 } (at least 250000 bytes) or no limit { "none": true }',
      ],
      [{ ...SPEC, redaction: [] }, 'unknown key "redaction": did you mean "redactions"?'],
      [
        { ...SPEC, redactions: [{ kind: 'message', message: 4, reason: 'taxpayer-id' }] },
        'redactions[0].reason: must be an object such as { "category": "taxpayer-id" }, the category one of ' +
          'taxpayer-id, birth-date, minor-name, financial-account, sealed-by-order, other (with a "note" for other)',
      ],
      [
        { ...SPEC, selections: [{ fromDay: '2024-02-30', toDay: '2024-03-01' }] },
        'selections[0].fromDay: is not a day of the calendar: February 2024 has 29 days',
      ],
    ] as const) {
      const out = path.join(workDir, 'refused');
      const { code, stdout, stderr } = await convert(out, spec);
      expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
      expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(` ${escaped(message)}$`))]);
      expect(stderr).toMatch(/^convert: --exhibit-spec /);
      expect(existsSync(out)).toBe(false);
    }
  }, 120_000);

  it('refuses a size limit a page with a picture alone passes, naming the page, its messages, its size and what fits, with --reproduce too', async () => {
    // Message 0005 is a photo of noise: its display copy alone is more than 300,000 bytes. It is on
    // page 2 after messages 0001–0004 on the cover's page, or with them below a longer cover.
    const pictured = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'pictured-')), {
      textMessages: 6,
      voiceNotes: 0,
      photos: 1,
      photoPixels: 1400,
      encryptionNotice: true,
    });
    const limited = {
      label: 'Exhibit A',
      selections: [{ from: 1, to: 8 }],
      courtProfile: { maxFileBytes: 300_000 },
    };
    const refusal = new RegExp(
      '^convert: Page (\\d+) of exhibit\\.pdf \\(messages 000[15]–0008\\) alone makes a volume of ([\\d,]+) bytes, ' +
        'over the size limit of 300,000 bytes per file, so no split into volumes keeps it under\\. ' +
        'It shows the picture of message 0005: leave that message out of the exhibit \\(withholding a picture does ' +
        'not help: the sealed copy still shows it\\), or choose a limit of at least ([\\d,]+) bytes, if the court accepts one\\.$',
    );
    const options = ['--tz', 'America/New_York', '--images'];
    const withSpec = async (out: string, spec: object) =>
      npmConvert([pictured.zipPath, '--out', out, ...options, '--exhibit-spec', await writeSpec(spec)]);
    const refused = await withSpec(path.join(workDir, 'pictured-refused'), limited);
    expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 1, stdout: '' });
    expect(refused.stderr.trim()).toMatch(refusal);
    expect(existsSync(path.join(workDir, 'pictured-refused'))).toBe(false);

    // Cut from a package: the same sentence, never an unexpected error; a withheld picture does not help.
    const packaged = path.join(workDir, 'pictured-package');
    expect((await npmConvert([pictured.zipPath, '--out', packaged, ...options])).code).toBe(0);
    const withheld = {
      ...limited,
      redactions: [{ kind: 'attachment', message: 5, reason: { category: 'other', note: 'a photo' } }],
    };
    for (const spec of [limited, withheld]) {
      const out = path.join(workDir, 'pictured-reproduced');
      const cut = await reproduce(path.join(packaged, 'evidence.zip'), out, spec);
      expect(cut.code).toBe(1);
      expect(cut.stderr.trim()).toMatch(refusal);
      expect(existsSync(path.join(out, 'exhibit'))).toBe(false);
      await rm(out, { recursive: true, force: true });
    }

    // What it says fits does: the exhibit without that message, or the limit it names.
    const without = {
      ...limited,
      selections: [
        { from: 1, to: 4 },
        { from: 6, to: 8 },
      ],
    };
    const enough = Number(refusal.exec(refused.stderr.trim())![3]!.replaceAll(',', ''));
    const larger = { ...limited, courtProfile: { maxFileBytes: enough } };
    for (const [name, spec] of [
      ['without', without],
      ['larger', larger],
    ] as const) {
      const made = await withSpec(path.join(workDir, `pictured-${name}`), spec);
      expect({ code: made.code, stderr: made.stderr }).toEqual({ code: 0, stderr: '' });
    }
  }, 240_000);

  it('refuses Bates numbers the filing copy carries, naming both ranges and a start that is clear, which then works', async () => {
    // The filing copy is numbered from DOE001000, so the exhibit's DOE001001… repeat its numbers.
    const out = path.join(workDir, 'bates');
    const bates = ['--bates', 'DOE', '--bates-start', '1000'];
    const refused = await convert(out, SPEC, bates);
    expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 1, stdout: '' });
    const [line, ...more] = refused.stderr.trim().split('\n');
    expect(more).toEqual([]);
    const refusal =
      /^convert: --exhibit-spec batesStart: the exhibit's pages would be numbered DOE001001 to DOE00100\d, which repeats numbers transcript-filing\.pdf carries \(DOE001000 to DOE00100\d\); a batesStart of (\d+) \(DOE00\d{4} to DOE00\d{4}\) repeats none$/;
    expect(line).toMatch(refusal);
    const [, start] = line!.match(refusal)!;
    expect(existsSync(out)).toBe(false);
    const filingPages = Number(start) - 1000;
    const accepted = await convert(out, { ...SPEC, batesStart: Number(start) }, bates);
    expect(accepted.code).toBe(0);
    const filing = (await run('pdftotext', [path.join(out, 'transcript-filing.pdf'), '-'])).stdout;
    expect(filing.split('\f').slice(0, -1)).toHaveLength(filingPages);
    const exhibit = (await run('pdftotext', [path.join(out, 'exhibit', EXHIBIT_PATHS.exhibit), '-'])).stdout;
    const pages = exhibit.split('\f').slice(0, -1);
    expect(pages.map((page) => page.match(/DOE\d{6}/g)?.at(-1))).toEqual(
      pages.map((_, i) => `DOE${String(Number(start) + i).padStart(6, '0')}`),
    );
  }, 180_000);

  it("cuts exhibits from a package with --reproduce, each citing its filing copy by the package's hash and none repeating an earlier one's Bates numbers; a package whose filing copy is not made again is refused", async () => {
    const made = path.join(workDir, 'package');
    const first = await npmConvert([chat.zipPath, '--out', made, '--tz', 'America/New_York']);
    expect(first.code).toBe(0);
    const zip = path.join(made, 'evidence.zip');
    const packagedHash = createHash('sha256')
      .update(
        (await run('unzip', ['-p', zip, 'transcript-filing.pdf'], { encoding: 'buffer', maxBuffer: 1 << 26 }))
          .stdout,
      )
      .digest('hex');
    const specs = [
      { label: 'Exhibit P-7', selections: [{ from: 3, to: 5 }] },
      { label: 'Exhibit P-8', selections: [{ message: 12 }], batesPrefix: 'DOE-EX', batesStart: 1 },
    ];
    for (const [i, spec] of specs.entries()) {
      const out = path.join(workDir, `reproduced-${i}`);
      const { code, stdout } = await reproduce(zip, out, spec);
      expect(code).toBe(0);
      expect(stdout).toContain('match    transcript-filing.pdf');
      expect(stdout).not.toContain('differs');
      const dir = path.join(out, 'exhibit');
      await run('sha256sum', ['-c', '--quiet', EXHIBIT_PATHS.checksums], { cwd: dir });
      const manifest = JSON.parse(await readFile(path.join(dir, EXHIBIT_PATHS.manifest), 'utf8')) as {
        label: string;
        cutFrom: { sha256: string };
      };
      expect(manifest).toMatchObject({ label: spec.label, cutFrom: { sha256: packagedHash } });
    }
    // A record beside the package keeps their Bates numbers: a later exhibit may not repeat them.
    const repeating = {
      label: 'Exhibit P-9',
      selections: [{ message: 13 }],
      batesPrefix: 'doe-ex',
      batesStart: 1,
    };
    const clash = await reproduce(zip, path.join(workDir, 'reproduced-clash'), repeating);
    expect(clash.code).not.toBe(0);
    expect(clash.stderr).toContain(
      `repeats numbers exhibit "Exhibit P-8" (recorded in ${path.join(made, 'evidence.exhibits.json')}) carries (DOE-EX000001`,
    );
    expect(existsSync(path.join(workDir, 'reproduced-clash', 'exhibit'))).toBe(false);
    const start = Number(/a batesStart of (\d+)/.exec(clash.stderr)![1]);
    expect(
      (await reproduce(zip, path.join(workDir, 'reproduced-clear'), { ...repeating, batesStart: start }))
        .code,
    ).toBe(0);
    const record = JSON.parse(await readFile(path.join(made, 'evidence.exhibits.json'), 'utf8')) as {
      filingSha256: string;
      exhibits: { label: string; bates: object | null }[];
    };
    expect(record.filingSha256).toBe(packagedHash);
    expect(record.exhibits.map(({ label, bates }) => [label, bates])).toEqual([
      ['Exhibit P-7', null],
      ['Exhibit P-8', { prefix: 'DOE-EX', first: 1, last: 1 }],
      ['Exhibit P-9', { prefix: 'doe-ex', first: start, last: start }],
    ]);
    // The package's filing copy altered: the one made again differs, so no exhibit cites it.
    const altered = path.join(workDir, 'altered');
    await run('mkdir', ['-p', altered]);
    await run('cp', [zip, path.join(altered, 'evidence.zip')]);
    await writeFile(path.join(altered, 'transcript-filing.pdf'), '%PDF-1.7 not the transcript\n');
    await run('zip', ['-q', 'evidence.zip', 'transcript-filing.pdf'], { cwd: altered });
    const out = path.join(workDir, 'reproduced-altered');
    const refused = await reproduce(path.join(altered, 'evidence.zip'), out, specs[0]!);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('differs  transcript-filing.pdf');
    expect(refused.stderr).toMatch(
      /^convert: the exhibit is not cut: transcript-filing\.pdf made again differs from the package's \(SHA-256 [0-9a-f]{64}, the package's [0-9a-f]{64}\), and an exhibit must cite the filing copy of the package byte for byte\.$/m,
    );
    expect(existsSync(path.join(out, 'exhibit'))).toBe(false);
  }, 240_000);
});

/** `text` as a regular expression that matches it exactly. */
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
