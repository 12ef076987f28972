import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import {
  PUBLIC_COPY_DIR,
  PUBLIC_COPY_HOW,
  PUBLIC_COPY_LABEL,
  PUBLIC_COPY_PATHS,
  PUBLIC_COPY_SEALED_FILES,
  publicCompanionName,
} from '@chatexhibit/proto/public-copy';
import { REPO_ROOT } from '../support/child-process';
import { runToEnd } from '../support/child-process';
import { writeWhatsAppExport } from '../support/whatsapp-export';

const run = promisify(execFile);
const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');
const flat = (text: string): string => text.replace(/\s+/g, ' ');

const SSN = '123-45-6789';
const CARD = '4111 1111 1111 1111';
const BIRTH = '04/07/2015';
const MINOR = 'Emma';
/** The upload's name holds others: the package's documents print it, the transcript's pages do not. */
const UPLOAD_SSN = '219-09-9999';
const UPLOAD_CARD = '5555 5555 5555 4444';
const SECRETS = [
  SSN,
  '123-45-',
  CARD,
  '4111 1111 1111 ',
  BIRTH,
  '04/07/',
  MINOR,
  UPLOAD_SSN,
  '219-09-',
  UPLOAD_CARD,
];

/**
 * `npm run convert -- <zip> --out <dir> --public-copy [--exhibit-spec <spec.json>]`: the package as
 * always, and its public copy in <dir>/public-copy/, which `sha256sum -c` verifies, each public
 * companion citing its original in evidence.zip by the original's SHA-256.
 */
describe('convert CLI with --public-copy', () => {
  let workDir: string;
  const npmConvert = (args: string[]) => runToEnd('npm', ['run', '-s', 'convert', '--', ...args]);
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-convert-public-copy-'));
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  /** The package's originals, unzipped from `out`'s evidence.zip into a folder of their own. */
  const unzipPackage = async (out: string): Promise<string> => {
    const dir = `${out}-package`;
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', dir]);
    return dir;
  };
  /** Each public companion's text names its original's real hash. */
  const expectCitedOriginals = async (dir: string, packageDir: string) => {
    for (const original of [
      PACKAGE_PATHS.processingRecord,
      PACKAGE_PATHS.processingRecordPdf,
      PACKAGE_PATHS.manifest,
      PACKAGE_PATHS.certificationNotice,
      PACKAGE_PATHS.declaration,
    ]) {
      const name = publicCompanionName(original);
      const text = name.endsWith('.pdf')
        ? (await run('pdftotext', [path.join(dir, name), '-'])).stdout
        : await readFile(path.join(dir, name), 'utf8');
      const hash = sha256(await readFile(path.join(packageDir, original)));
      expect({
        name,
        cites: flat(text).includes(`Public copy of ${original}, SHA-256 ${hash}, with `),
      }).toEqual({
        name,
        cites: true,
      });
    }
  };

  it('makes the public copy of the sample export, which verifies, each companion citing its original', async () => {
    const out = path.join(workDir, 'sample');
    const { code, stdout, stderr } = await npmConvert([
      path.join(REPO_ROOT, 'samples', 'WhatsApp Chat - Sam Carter.zip'),
      '--out',
      out,
      '--tz',
      'America/New_York',
      '--public-copy',
    ]);
    // The sample holds no identifier: nothing is redacted, so nothing is for filing under seal.
    expect({ code, stdout, stderr }).toEqual({
      code: 0,
      stdout: '',
      stderr: expect.not.stringContaining('note:'),
    });
    expect(await readdir(path.join(out, PUBLIC_COPY_DIR))).not.toContain(PUBLIC_COPY_PATHS.sealed);
    const dir = path.join(out, PUBLIC_COPY_DIR);
    await run('sha256sum', ['-c', '--quiet', PUBLIC_COPY_PATHS.checksums], { cwd: dir });
    const packageDir = await unzipPackage(out);
    await expectCitedOriginals(dir, packageDir);
    // The sample has voice notes: its notice of conventional filing gets a public companion too.
    expect(await readdir(dir)).toContain(publicCompanionName(PACKAGE_PATHS.conventionalFilingNotice));
  }, 180_000);

  it("redacts the identifiers of the messages and the upload's name, and a minor's name from the spec", async () => {
    const chat = await writeWhatsAppExport(workDir, {
      textMessages: 6,
      voiceNotes: 0,
      photos: 0,
      texts: [
        'Hi, I moved out today.',
        `For the landlord form: my SSN is ${SSN}, please keep it private.`,
        `I paid the first month with my card ${CARD} remember.`,
        `${MINOR} was born ${BIRTH}, the school needs it.`,
        `Pick up ${MINOR} at three.`,
        'See you then.',
      ],
      participants: ['Alex Rivera', 'Dana Whitfield'],
    });
    const upload = path.join(workDir, `WhatsApp Chat - ${MINOR} SSN ${UPLOAD_SSN} card ${UPLOAD_CARD}.zip`);
    await rename(chat.zipPath, upload);
    const spec = path.join(workDir, 'spec.json');
    await writeFile(
      spec,
      JSON.stringify({
        label: 'Redactions',
        selections: [{ message: 1 }],
        redactions: [
          { kind: 'text-everywhere', text: MINOR, replaceWith: 'E.C.', reason: { category: 'minor-name' } },
        ],
        batesPrefix: 'PUB',
      }),
    );
    const out = path.join(workDir, 'identifiers');
    const { code, stdout, stderr } = await npmConvert([
      upload,
      '--out',
      out,
      '--tz',
      'America/New_York',
      '--public-copy',
      '--exhibit-spec',
      spec,
    ]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    expect(stderr).toContain(`note: ${PUBLIC_COPY_SEALED_FILES}`);
    // The spec's redactions are the public copy's: no exhibit is cut.
    expect(existsSync(path.join(out, 'exhibit'))).toBe(false);
    const dir = path.join(out, PUBLIC_COPY_DIR);
    await run('sha256sum', ['-c', '--quiet', PUBLIC_COPY_PATHS.checksums], { cwd: dir });
    const packageDir = await unzipPackage(out);
    await expectCitedOriginals(dir, packageDir);

    const publicFiles = (await readdir(dir)).filter(
      (name) => ![PUBLIC_COPY_PATHS.sealed, PUBLIC_COPY_PATHS.referenceList].includes(name as never),
    );
    const leaks: string[] = [];
    for (const name of publicFiles) {
      const text = name.endsWith('.pdf')
        ? (await run('pdftotext', [path.join(dir, name), '-'])).stdout
        : await readFile(path.join(dir, name), 'utf8');
      for (const secret of SECRETS)
        if (flat(text).includes(secret) || text.replace(/\s+/g, '').includes(secret.replace(/\s+/g, '')))
          leaks.push(`${secret} in ${name}`);
    }
    expect(leaks).toEqual([]);
    const list = flat(await readFile(path.join(dir, PUBLIC_COPY_PATHS.referenceList), 'utf8'));
    for (const identifier of [SSN, CARD, BIRTH, MINOR, UPLOAD_SSN, UPLOAD_CARD])
      expect(list).toContain(`Item: ${identifier}`);
    // Recorded beside the package as an exhibit is, so that no exhibit cut later repeats its numbers.
    const record = JSON.parse(await readFile(path.join(out, 'evidence.exhibits.json'), 'utf8'));
    expect(record.exhibits).toEqual([
      {
        label: PUBLIC_COPY_LABEL,
        exhibitSha256: sha256(await readFile(path.join(dir, PUBLIC_COPY_PATHS.transcript))),
        bates: { prefix: 'PUB', first: 1, last: expect.any(Number) },
      },
    ]);
    // The package tells the filer how to make what this run made.
    const readme = flat(await readFile(path.join(packageDir, PACKAGE_PATHS.readme), 'utf8'));
    expect(readme).toContain(flat(PUBLIC_COPY_HOW));
  }, 180_000);
});
