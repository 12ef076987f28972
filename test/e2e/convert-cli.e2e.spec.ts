import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ChatDataSchema } from '@chatexhibit/proto/chat';
import { CHAT_LIMIT_SENTENCES } from '@chatexhibit/proto/chat-limits';
import { CHAT_LIMITS } from '@chatexhibit/proto/constants';
import { EXPORT_AGAIN } from '@chatexhibit/proto/upload-refusals';
import { zipArchive } from '../../services/parse/test/support/zip-writer';
import { runToEnd } from '../support/child-process';
import { type WhatsAppExport, writeWhatsAppExport } from '../support/whatsapp-export';

const run = promisify(execFile);

/**
 * `npm run convert` as a user runs it, on the built JavaScript: an export in, the transcripts,
 * the evidence package, the chat data and MP3s out, with no server; bad input gets one line and exit code 1. Each run gets
 * its own TMPDIR, so the test sees that the command's temporary folder is gone afterwards.
 */
describe('convert CLI', () => {
  let workDir: string;
  let whatsAppExport: WhatsAppExport;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-convert-cli-'));
    whatsAppExport = await writeWhatsAppExport(workDir, { textMessages: 30, voiceNotes: 3, photos: 2 });
  }, 60_000);
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  async function freshFolder(name: string): Promise<string> {
    const folder = path.join(workDir, name);
    await mkdir(folder);
    return folder;
  }

  it('run through npm, writes both transcripts, the evidence package, the SPEC chat data and the MP3s, and prints nothing on stdout', async () => {
    const [out, tmp] = [path.join(workDir, 'out'), await freshFolder('tmp-ok')];
    const { code, stdout, stderr } = await runToEnd(
      'npm',
      [
        'run',
        '-s',
        'convert',
        '--',
        whatsAppExport.zipPath,
        '--out',
        out,
        '--tz',
        'Europe/Berlin',
        '--images',
        '--bates',
        'DOE',
        '--bates-start',
        '1001',
        '--case',
        '24-cv-1',
        '--exhibit',
        'P-7',
      ],
      { TMPDIR: tmp },
    );
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    expect(stderr).not.toMatch(/convert:/);
    // Nothing in its messages looks like a Rule 5.2(a) identifier: nothing to warn of.
    expect(stderr).not.toMatch(/^warning: /m);
    expect(await readdir(tmp)).toEqual([]);

    expect((await readdir(out)).sort()).toEqual([
      'audio',
      'chat.json',
      'evidence.zip',
      'messages.csv',
      'processing-record.pdf',
      'processing-record.txt',
      'transcript-filing.pdf',
      'transcript.pdf',
    ]);
    // messages.csv beside the package: UTF-8 with a BOM, so spreadsheets read it as such.
    const csv = await readFile(path.join(out, 'messages.csv'));
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const transcript = (await run('pdftotext', [path.join(out, 'transcript.pdf'), '-'])).stdout;
    expect(transcript).toContain('Europe/Berlin');
    // Each MP3 is embedded once; pdfdetach lists it from the attachment list and from its
    // message's paperclip, both pointing to the same stream.
    const attached = (await run('pdfdetach', ['-list', path.join(out, 'transcript.pdf')])).stdout;
    const names = new Set(
      attached.split('\n').flatMap((line) => /^\d+: Attachment \d+ (.+)$/.exec(line)?.[1] ?? []),
    );
    expect([...names].sort()).toEqual(whatsAppExport.voiceNotes.map((name) => `${name}.mp3`).sort());
    // The filing copy: the same pages, no attachments, marked PDF/A.
    const filing = (await run('pdftotext', [path.join(out, 'transcript-filing.pdf'), '-'])).stdout;
    // --bates-start 1001: the filing copy is numbered DOE001001 on, transcript.pdf's page N carries
    // the filing page's number with -N, and no number is in both.
    const bates = (text: string) => text.match(/DOE\d{6}(?:-N)?/g) ?? [];
    const [nativePages, filingPages] = [transcript, filing].map((pdf) => pdf.split('\f').slice(0, -1));
    const numbers = filingPages!.map((_, i) => `DOE${String(1001 + i).padStart(6, '0')}`);
    // The footer's number is the last on its page.
    expect(filingPages!.map((page) => bates(page).at(-1))).toEqual(numbers);
    expect(nativePages!.map((page) => bates(page).at(-1))).toEqual(numbers.map((number) => `${number}-N`));
    const nativeNumbers = new Set(bates(transcript));
    expect(bates(filing).filter((number) => nativeNumbers.has(number))).toEqual([]);
    // Every page of both says whose case and exhibit it is.
    for (const page of [...nativePages!, ...filingPages!]) {
      expect(page.replace(/\s+/g, ' ').trim()).toMatch(
        /^Case no\. 24-cv-1 · Exhibit P-7 · Transcript of WhatsApp chat export · /,
      );
    }
    // Each photo's thumbnail is captioned as the reduced copy it is, under the line naming the original.
    for (const photo of whatsAppExport.photos) {
      const at = filing.indexOf(photo);
      expect(at).toBeGreaterThan(0);
      expect(filing.slice(at).replace(/\s+/g, ' ')).toMatch(
        /^[^·]+ · [\d,]+ bytes? SHA-256 [0-9a-f]{64} Display copy of Attachment \d+: re-encoded as a JPEG of \d+ × \d+ pixels for this document\. Not the original/,
      );
    }
    expect((await run('pdfdetach', ['-list', path.join(out, 'transcript-filing.pdf')])).stdout.trim()).toBe(
      '0 embedded files',
    );
    expect((await readFile(path.join(out, 'transcript-filing.pdf'))).toString('latin1')).toContain(
      '<pdfaid:part>2</pdfaid:part>',
    );
    const pdfText = (await readFile(path.join(out, 'transcript.pdf'))).toString('latin1');
    expect(pdfText.match(/\/Type \/EmbeddedFile\b/g)).toHaveLength(whatsAppExport.voiceNotes.length);
    const chat = ChatDataSchema.parse(JSON.parse(await readFile(path.join(out, 'chat.json'), 'utf8')));
    const zipHash = createHash('sha256')
      .update(await readFile(whatsAppExport.zipPath))
      .digest('hex');
    expect(chat).toMatchObject({
      originalFilename: path.basename(whatsAppExport.zipPath),
      fileHash: zipHash,
      participants: whatsAppExport.participants,
      processingOptions: { includeImages: true },
    });
    expect(chat.messages).toHaveLength(whatsAppExport.messageCount);

    const voice = chat.messages.filter((m) => m.type === 'voice');
    expect(voice.map((m) => m.content)).toEqual(whatsAppExport.voiceNotes.map((name) => `audio/${name}.mp3`));
    for (const message of voice) {
      expect(message.duration).toBeCloseTo(2, 0);
      const mp3 = await readFile(path.join(out, message.content));
      // An MP3 starts with an ID3 tag or an MPEG frame sync.
      expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || mp3[0] === 0xff).toBe(true);
    }
    // The package verifies, and its MP3s are the ones chat.json links to.
    const unzipped = path.join(workDir, 'unzipped');
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', unzipped]);
    await run('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: unzipped });
    for (const name of whatsAppExport.voiceNotes) {
      expect(await readFile(path.join(unzipped, 'derived', 'audio', `${name}.mp3`))).toEqual(
        await readFile(path.join(out, 'audio', `${name}.mp3`)),
      );
    }
    for (const photo of whatsAppExport.photos) {
      expect(existsSync(path.join(unzipped, 'original', photo))).toBe(true);
    }
    // --tz is the user's statement.
    const manifest = JSON.parse(await readFile(path.join(unzipped, 'manifest.json'), 'utf8')) as {
      export: Record<string, unknown>;
    };
    expect(manifest.export).toMatchObject({
      timeZone: 'Europe/Berlin',
      timeZoneSource: 'declared',
      batesPrefix: 'DOE',
      batesStart: 1001,
    });
  }, 90_000);

  it("without --tz uses this machine's zone and calls it a default, never a statement", async () => {
    const zipPath = path.join(workDir, 'no-tz.zip');
    await writeFile(
      zipPath,
      zipArchive([{ path: '_chat.txt', data: '[07/09/2023, 08:01:12] Hannah: hi\n' }]),
    );
    const out = path.join(workDir, 'out-no-tz');
    const tmp = await freshFolder('tmp-no-tz');
    const { code } = await runToEnd(
      process.execPath,
      ['standalone/dist/cli/convert-cli.js', zipPath, '--out', out],
      { TMPDIR: tmp, TZ: 'Asia/Tokyo' },
    );
    expect(code).toBe(0);
    const unzipped = path.join(workDir, 'unzipped-no-tz');
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', unzipped]);
    const manifest = JSON.parse(await readFile(path.join(unzipped, 'manifest.json'), 'utf8')) as {
      export: Record<string, unknown>;
    };
    expect(manifest.export).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneSource: 'default' });
    const transcript = (await run('pdftotext', [path.join(out, 'transcript.pdf'), '-'])).stdout;
    const texts = [
      transcript,
      await readFile(path.join(unzipped, 'README.txt'), 'utf8'),
      await readFile(path.join(unzipped, 'declaration-template.txt'), 'utf8'),
    ].map((text) => text.replace(/\s+/g, ' '));
    for (const text of texts) {
      expect(text).toContain('No time zone was chosen; ChatExhibit assumed Asia/Tokyo.');
      expect(text).not.toMatch(/declared the time zone|uploader stated/);
    }
    // Nothing was uploaded and no service took part: the sworn and recorded texts say so.
    expect(manifest.export).toMatchObject({ receivedThrough: 'cli' });
    const [readme, declaration] = texts.slice(1);
    expect(declaration).toContain(
      'a program run on that computer (its "convert" command), read the export file',
    );
    expect(declaration).not.toMatch(/\buploaded\b|service/);
    expect(readme).toContain('exactly as ChatExhibit read it');
    const record = (await readFile(path.join(unzipped, 'processing-record.txt'), 'utf8')).replace(
      /\s+/g,
      ' ',
    );
    expect(record).toContain('run by its convert command on the computer that holds the export file');
    expect(record).not.toContain('The web service refuses');
  }, 90_000);

  it('with --court-profile, splits a filing copy over the limit into volumes under it and lists their SHA-256 values', async () => {
    const big = await writeWhatsAppExport(await freshFolder('big'), {
      textMessages: 4000,
      voiceNotes: 0,
      photos: 0,
    });
    const out = path.join(workDir, 'out-volumes');
    const limit = 250_000;
    const { code, stdout, stderr } = await convert(
      'volumes',
      big.zipPath,
      '--out',
      out,
      '--bates',
      'DOE',
      '--court-profile',
      String(limit),
    );
    expect({ code, stderr: stderr.match(/convert:.*/g) }).toEqual({ code: 0, stderr: null });
    const [heading, ...lines] = stdout.trim().split('\n');
    const volumesDir = path.join(out, 'filing-volumes');
    const names = (await readdir(volumesDir)).filter((name) => name.endsWith('.pdf')).sort();
    expect(names.length).toBeGreaterThan(1);
    expect(heading).toBe(
      `transcript-filing.pdf is over the limit of 250,000 bytes per file: its pages split into ${names.length} volumes ` +
        'in filing-volumes/, each page with its page and Bates numbers of transcript-filing.pdf, after two pages ' +
        'of front matter; their SHA-256 values in filing-volumes/SHA256SUMS.txt:',
    );
    expect((await readdir(volumesDir)).sort()).toEqual([...names, 'SHA256SUMS.txt'].sort());
    // The list is what sha256sum checks.
    const checked = await run('sha256sum', ['-c', 'SHA256SUMS.txt'], { cwd: volumesDir });
    expect(checked.stdout.trim().split('\n')).toEqual(names.map((name) => `${name}: OK`));

    const pagesOf = async (file: string) =>
      (await run('pdftotext', ['-layout', file, '-'])).stdout.split('\f').slice(0, -1);
    const unsplit = await pagesOf(path.join(out, 'transcript-filing.pdf'));
    const doe = (page: number) => `DOE${String(page).padStart(6, '0')}`;
    let nextPage = 1;
    let lastMessage = 0;
    for (const [i, name] of names.entries()) {
      const file = path.join(volumesDir, name);
      const size = (await readFile(file)).length;
      expect(size).toBeLessThan(limit);
      expect(name).toBe(`transcript-filing-volume-0${i + 1}-of-0${names.length}.pdf`);
      const all = await pagesOf(file);
      const [front, pages] = [all.slice(0, 2), all.slice(2)];
      const last = nextPage + pages.length - 1;
      const [from, to] = /messages (\d{4})–(\d{4})/.exec(lines[i]!)!.slice(1).map(Number) as [number, number];
      // A row that runs over from the volume before is named by both.
      expect([lastMessage, lastMessage + 1]).toContain(from);
      expect(lines[i]).toBe(
        `filing-volumes/${name}  ${size.toLocaleString('en-US')} bytes  pages ${nextPage}–${last} of ${unsplit.length}  ` +
          `${doe(nextPage)}–${doe(last)}  messages ${String(from).padStart(4, '0')}–${String(to).padStart(4, '0')}`,
      );
      expect(front[0]).toContain(`Volume ${i + 1} of ${names.length}`);
      for (const page of front)
        expect(page).toContain('front matter, not part of the Bates-numbered transcript');
      // The unsplit copy's own pages, as pdftotext reads them.
      expect(pages).toEqual(unsplit.slice(nextPage - 1, last));
      nextPage = last + 1;
      lastMessage = to;
    }
    expect(nextPage - 1).toBe(unsplit.length);
    // The one message past the chat's 4,000 is WhatsApp's encryption notice, when the export has one.
    expect(lastMessage).toBeGreaterThanOrEqual(4000);
    // The evidence package is as it was: the volumes are beside it, not in it.
    const listing = (await run('unzip', ['-Z1', path.join(out, 'evidence.zip')])).stdout;
    expect(listing).not.toMatch(/volume/);
  }, 180_000);

  it('with --court-profile, says a filing copy under the limit is filed as it is and writes no volumes', async () => {
    const out = path.join(workDir, 'out-under-limit');
    const { code, stdout } = await convert(
      'under-limit',
      whatsAppExport.zipPath,
      '--out',
      out,
      '--court-profile',
      'sdny',
    );
    expect({ code, stdout }).toEqual({
      code: 0,
      stdout:
        'transcript-filing.pdf is under the limit of 35,000,000 bytes per file (U.S. District Court, ' +
        'Southern District of New York): it is filed as it is, and no volumes were written.\n',
    });
    expect(existsSync(path.join(out, 'filing-volumes'))).toBe(false);
  }, 90_000);

  /** `node standalone/dist/cli/convert-cli.js …` with its own TMPDIR, which must be left empty. */
  async function convert(name: string, ...args: string[]) {
    const tmp = await freshFolder(`tmp-${name}`);
    const result = await runToEnd(process.execPath, ['standalone/dist/cli/convert-cli.js', ...args], {
      TMPDIR: tmp,
    });
    expect(await readdir(tmp)).toEqual([]);
    return result;
  }

  it.each([
    ['a file that is no ZIP', 'not-a-zip', `convert: This file is not a ZIP archive. ${EXPORT_AGAIN}`],
    [
      'a ZIP with a path out of the archive',
      'traversal',
      'convert: This ZIP archive contains a file path that points outside the archive (../_chat.txt). It cannot be processed.',
    ],
    [
      'a ZIP without a chat',
      'no-chat',
      'convert: This ZIP has no WhatsApp chat file. In WhatsApp, open the chat, choose "Export chat", and upload the ZIP it makes.',
    ],
    ['a missing file', 'missing', /^convert: cannot read .*missing\.zip: no such file$/],
    ['a chat over the entry limit', 'too-many-entries', `convert: ${CHAT_LIMIT_SENTENCES.too_many_entries}`],
  ])('refuses %s with one line on stderr and exit code 1', async (_, name, message) => {
    const contents: Record<string, Buffer | undefined> = {
      'not-a-zip': Buffer.from('%PDF-1.7 renamed to .zip'),
      traversal: zipArchive([{ path: '../_chat.txt', data: '[07/09/2023, 08:01:12] Hannah: hi\n' }]),
      'no-chat': zipArchive([{ path: 'a.jpg', data: 'x' }]),
      'too-many-entries': zipArchive([
        {
          path: '_chat.txt',
          data: Array.from(
            { length: CHAT_LIMITS.maxEntries + 1 },
            (_, i) => `[07/09/2023, 08:01:12] Hannah: ${i}\n`,
          ).join(''),
        },
      ]),
    };
    const zipPath = path.join(workDir, `${name}.zip`);
    if (contents[name] !== undefined) await writeFile(zipPath, contents[name]);
    const out = path.join(workDir, `out-${name}`);
    const { code, stdout, stderr } = await convert(name, zipPath, '--out', out);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr.split('\n')).toEqual([
      typeof message === 'string' ? message : expect.stringMatching(message),
      '',
    ]);
    // Nothing is left behind, not even the folder the run made for its output.
    expect(existsSync(out)).toBe(false);
  });

  it('prints the usage for an unknown option, and refuses a missing or non-empty --out or an unknown time zone', async () => {
    expect(await convert('usage', whatsAppExport.zipPath, '--out', workDir, '--pdf-a')).toEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(
        /^usage: npm run convert -- <export\.zip> --out <dir> .*--no-images.*\n {7}npm run convert -- --reproduce <evidence\.zip> --out <dir> \[--exhibit-spec <spec\.json>\]\n {7}npm run convert -- --source-archive <file\.tar\.gz>\n$/,
      ),
    });
    expect(await convert('no-out', whatsAppExport.zipPath)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'convert: --out <dir> is required.\n',
    });
    // A folder that holds something (here: the export itself) could mix two exports' files.
    expect(await convert('not-empty', whatsAppExport.zipPath, '--out', workDir)).toEqual({
      code: 1,
      stdout: '',
      stderr: `convert: ${workDir} is not empty: choose a new or empty folder for --out.\n`,
    });
    expect(await convert('tz', whatsAppExport.zipPath, '--out', workDir, '--tz', 'Mars/Olympus')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'convert: --tz must be an IANA time-zone name such as "Europe/London", got "Mars/Olympus".\n',
    });
    expect(
      await convert('contradiction', whatsAppExport.zipPath, '--out', workDir, '--images', '--no-images'),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: 'convert: --images and --no-images contradict each other.\n',
    });
    expect(
      await convert('case', whatsAppExport.zipPath, '--out', workDir, '--case', 'x'.repeat(101)),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: 'convert: --case must be at most 100 characters\n',
    });
    expect(await convert('bates', whatsAppExport.zipPath, '--out', workDir, '--bates', '../x')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'convert: --bates must be 1-20 letters, digits, spaces, ".", "_" or "-", starting with a letter or digit.\n',
    });
    for (const [i, start] of ['0', '1.5', 'ten', '1000000'].entries()) {
      expect(
        await convert(
          `bates-start-${i}`,
          whatsAppExport.zipPath,
          '--out',
          workDir,
          '--bates',
          'DOE',
          '--bates-start',
          start,
        ),
      ).toEqual({
        code: 1,
        stdout: '',
        stderr: 'convert: --bates-start must be a whole number from 1 to 999999\n',
      });
    }
    for (const [name, value] of [
      ['court-small', '1000'],
      ['court-unknown', 'moon'],
    ]) {
      expect(
        await convert(name!, whatsAppExport.zipPath, '--out', workDir, '--court-profile', value!),
      ).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'convert: --court-profile must be one of d-utah-bankruptcy (8 MB), nd-georgia (15 MB), ' +
          'efile-texas (25 MB), sdny (35 MB), cd-california (35 MB), nd-illinois (35 MB), ' +
          `ed-pennsylvania (50 MB), or a limit of at least 250000 bytes, got "${value}".\n`,
      });
    }
    expect(
      await convert('bates-start-alone', whatsAppExport.zipPath, '--out', workDir, '--bates-start', '5'),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: 'convert: --bates-start is given without --bates: it numbers the pages that carry the prefix\n',
    });
  }, 90_000);
});
