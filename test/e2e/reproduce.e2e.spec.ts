import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { downloadAndVerifyEvidence } from '../support/evidence-package';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { copyBuild } from '../support/build-copy';
import { type FinishedProcess, REPO_ROOT, runToEnd } from '../support/child-process';
import { useStandalone } from '../support/standalone';
import { type WhatsAppExport, writeWhatsAppExport } from '../support/whatsapp-export';

const run = promisify(execFile);

/** 2023-11-14T22:13:20Z */
const EPOCH = '1700000000';

/**
 * The built CLI as `npm run convert` runs it, with `env` on top of PATH and HOME (node itself:
 * npm adds an error object of its own to stdout when a command fails).
 */
const convert = (args: string[], env: Record<string, string> = {}): Promise<FinishedProcess> =>
  runToEnd(process.execPath, ['standalone/dist/cli/convert-cli.js', ...args], env);

const reproduce = (zip: string, out: string): Promise<FinishedProcess> =>
  convert(['--reproduce', zip, '--out', out]);

/** The files a reproduction compares: the manifest, every document it lists, the derived files, the ZIP. */
async function comparedFiles(packageZip: string): Promise<string[]> {
  const manifest = JSON.parse((await run('unzip', ['-p', packageZip, PACKAGE_PATHS.manifest])).stdout) as {
    documents: { path: string }[];
    files: { path: string; role: string }[];
  };
  return [
    PACKAGE_PATHS.manifest,
    ...manifest.documents.map((d) => d.path),
    ...manifest.files.filter((f) => f.role === 'derived-audio').map((f) => f.path),
    path.basename(packageZip),
  ];
}

/** Unzips `zip`, lets `change` edit the files, and zips them again as `target`. */
async function repack(zip: string, target: string, change: (folder: string) => Promise<void>): Promise<void> {
  const folder = await mkdtemp(path.join(path.dirname(target), 'repack-'));
  await run('unzip', ['-q', zip, '-d', folder]);
  await change(folder);
  await run('zip', ['-q', '-X', '-r', target, '.'], { cwd: folder });
}

/**
 * Anyone with a package and the public code can make its documents again from `original/upload/`
 * and the settings its manifest records, and see that they are the same bytes.
 */
describe('npm run convert -- --reproduce', () => {
  let workDir: string;
  let whatsAppExport: WhatsAppExport;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-reproduce-'));
    whatsAppExport = await writeWhatsAppExport(workDir, { textMessages: 8, voiceNotes: 1, photos: 1 });
  }, 60_000);
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  const makePackage = async (name: string, env: Record<string, string> = {}): Promise<string> => {
    const out = path.join(workDir, name);
    const made = await convert(
      [
        whatsAppExport.zipPath,
        '--out',
        out,
        '--tz',
        'Europe/Berlin',
        '--images',
        '--bates',
        'DOE',
        '--case',
        '24-cv-1',
      ],
      env,
    );
    expect({ code: made.code, stderr: made.stderr }).toEqual({ code: 0, stderr: '' });
    return out;
  };

  it('with SOURCE_DATE_EPOCH, two conversions of one export give the same bytes', async () => {
    const [first, second] = [
      await makePackage('epoch-1', { SOURCE_DATE_EPOCH: EPOCH }),
      await makePackage('epoch-2', { SOURCE_DATE_EPOCH: EPOCH }),
    ];
    const files = ['transcript.pdf', 'transcript-filing.pdf', 'messages.csv', 'evidence.zip', 'chat.json'];
    for (const file of files) {
      expect(await readFile(path.join(second, file))).toEqual(await readFile(path.join(first, file)));
    }
    const manifest = JSON.parse(
      (await run('unzip', ['-p', path.join(first, 'evidence.zip'), 'manifest.json'])).stdout,
    ) as {
      generatedAt: string;
      export: { receivedAt: string };
    };
    expect(manifest.generatedAt).toBe('2023-11-14T22:13:20.000Z');
    expect(manifest.export.receivedAt).toBe('2023-11-14T22:13:20.000Z');
  }, 120_000);

  it('refuses a SOURCE_DATE_EPOCH that is not a number of seconds, in one sentence', async () => {
    const refused = await convert([whatsAppExport.zipPath, '--out', path.join(workDir, 'bad-epoch')], {
      SOURCE_DATE_EPOCH: '2023-11-14',
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      'convert: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC, got "2023-11-14".',
    );
    expect(await readdir(workDir)).not.toContain('bad-epoch');
  }, 60_000);

  it('makes every document of a CLI package again, byte for byte, and says so file by file', async () => {
    const packageZip = path.join(await makePackage('made-now'), 'evidence.zip');
    const out = path.join(workDir, 'reproduced');
    const result = await runToEnd('npm', [
      'run',
      '--silent',
      'convert',
      '--',
      '--reproduce',
      packageZip,
      '--out',
      out,
    ]);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const expected = await comparedFiles(packageZip);
    expect(expected).toEqual(
      expect.arrayContaining(['transcript.pdf', 'transcript-filing.pdf', 'declaration-template.txt']),
    );
    expect(result.stdout).toBe(expected.map((file) => `match    ${file}\n`).join(''));
    expect(await readFile(path.join(out, 'transcript.pdf'))).toEqual(
      await readFile(path.join(path.dirname(packageZip), 'transcript.pdf')),
    );
  }, 120_000);

  it('reports an upload changed by one byte, and documents made at another time, with a non-zero exit', async () => {
    const packageZip = path.join(
      await makePackage('to-tamper', { SOURCE_DATE_EPOCH: EPOCH }),
      'evidence.zip',
    );
    const uploadPath = `original/upload/${path.basename(whatsAppExport.zipPath)}`;

    const changedUpload = path.join(workDir, 'changed-upload.zip');
    await repack(packageZip, changedUpload, async (folder) => {
      const file = path.join(folder, uploadPath);
      const bytes = await readFile(file);
      bytes[bytes.length - 1] ^= 0xff;
      await writeFile(file, bytes);
    });
    const upload = await reproduce(changedUpload, path.join(workDir, 'out-changed-upload'));
    expect(upload.code).toBe(1);
    expect(upload.stdout).toBe(`differs  ${uploadPath}\n`);
    expect(upload.stderr).toMatch(/is not the upload manifest\.json records/);

    const changedTime = path.join(workDir, 'changed-time.zip');
    await repack(packageZip, changedTime, async (folder) => {
      const file = path.join(folder, 'manifest.json');
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace('"2023-11-14T22:13:20.000Z"', '"2023-11-14T22:13:21.000Z"'),
      );
    });
    const time = await reproduce(changedTime, path.join(workDir, 'out-changed-time'));
    expect(time.code).toBe(1);
    expect(time.stdout).toContain('differs  transcript.pdf\n');
    expect(time.stdout).toContain('differs  declaration-template.txt\n');

    // Made with another ffmpeg: each file that differs says which version.
    const changedFfmpeg = path.join(workDir, 'changed-ffmpeg.zip');
    await repack(packageZip, changedFfmpeg, async (folder) => {
      const file = path.join(folder, 'manifest.json');
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace(/"ffmpeg": "[^"]*"/, '"ffmpeg": "0.0-other"'),
      );
    });
    const ffmpeg = await reproduce(changedFfmpeg, path.join(workDir, 'out-changed-ffmpeg'));
    expect(ffmpeg.code).toBe(1);
    expect(ffmpeg.stdout).toMatch(
      /^differs {2}manifest\.json \(the package was made with ffmpeg 0\.0-other, this run used [^)]+\)$/m,
    );
  }, 180_000);

  it('refuses a ZIP that is not an evidence package, and a missing one, in one sentence', async () => {
    const notPackage = await reproduce(whatsAppExport.zipPath, path.join(workDir, 'out-not-package'));
    expect(notPackage).toEqual({
      code: 1,
      stdout: '',
      stderr: `convert: ${whatsAppExport.zipPath} is not a ChatExhibit evidence package: it holds no manifest.json.\n`,
    });
    const missing = await reproduce(path.join(workDir, 'nothing.zip'), path.join(workDir, 'out-missing'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^convert: cannot read .*nothing\.zip: no such file\n$/);
  }, 60_000);
});

/**
 * The build stamps the source revision it was made from, the documents name it, and the build
 * gives its source code: SOURCE_COMMIT stamps a given value, so two builds compare byte for byte.
 * The builds stamped here are copies of this one (the repository's own stamp stays as it is).
 */
describe('the source revision of the build', () => {
  const COMMIT = '0123456789abcdef0123456789abcdef01234567';
  const OTHER = `${'f'.repeat(40)}-dirty`;
  const SOURCE_URL = 'https://code.example.org/chatexhibit';
  let workDir: string;
  let whatsAppExport: WhatsAppExport;

  /** A copy of this build, stamped by its own build step with SOURCE_COMMIT `commit`; its root. */
  const stampedBuild = async (name: string, commit: string): Promise<string> => {
    const root = path.join(workDir, name);
    await copyBuild(root);
    const stamped = await runToEnd(
      process.execPath,
      [path.join(root, 'services/kit/dist/cli/stamp-source-cli.js')],
      {
        SOURCE_COMMIT: commit,
      },
    );
    expect(stamped).toEqual({ code: 0, stdout: '', stderr: '' });
    return root;
  };
  const convertWith = (
    build: string,
    args: string[],
    env: Record<string, string> = {},
  ): Promise<FinishedProcess> =>
    runToEnd(process.execPath, [path.join(build, 'standalone/dist/cli/convert-cli.js'), ...args], env);
  const makePackage = async (build: string, name: string): Promise<string> => {
    const out = path.join(workDir, name);
    const made = await convertWith(build, [whatsAppExport.zipPath, '--out', out, '--tz', 'Europe/Berlin'], {
      SOURCE_DATE_EPOCH: EPOCH,
      SOURCE_URL,
    });
    expect({ code: made.code, stderr: made.stderr }).toEqual({ code: 0, stderr: '' });
    return out;
  };
  const packageFile = async (out: string, file: string): Promise<string> =>
    (await run('unzip', ['-p', path.join(out, 'evidence.zip'), file])).stdout;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-source-revision-'));
    whatsAppExport = await writeWhatsAppExport(workDir, { textMessages: 4, voiceNotes: 1, photos: 0 });
  }, 60_000);
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('is recorded in manifest.json and the processing record, and two builds of one revision make the same bytes', async () => {
    const first = await makePackage(await stampedBuild('build-1', COMMIT), 'made-by-build-1');
    const second = await makePackage(await stampedBuild('build-2', COMMIT), 'made-by-build-2');
    for (const file of ['transcript.pdf', 'transcript-filing.pdf', 'evidence.zip', 'chat.json']) {
      expect(await readFile(path.join(second, file))).toEqual(await readFile(path.join(first, file)));
    }
    const manifest = JSON.parse(await packageFile(first, PACKAGE_PATHS.manifest)) as {
      format: string;
      tool: { sourceRevision: unknown; sourceUrl: unknown };
    };
    expect(manifest.format).toBe('chatexhibit-evidence-manifest/6');
    expect(manifest.tool).toMatchObject({
      sourceRevision: { commit: COMMIT, dirty: false },
      sourceUrl: SOURCE_URL,
    });
    const record = await packageFile(first, PACKAGE_PATHS.processingRecord);
    expect(record).toMatch(new RegExp(`^Source revision: +${COMMIT}$`, 'm'));
    expect(record).toContain(`Source code published at:\n    ${SOURCE_URL}\n`);
    expect(await packageFile(first, PACKAGE_PATHS.readme)).toContain(`    ${SOURCE_URL}\n`);

    // Reproduced by a build of another revision: every file matches or says which revision made it.
    const other = await convertWith(await stampedBuild('build-other', OTHER), [
      '--reproduce',
      path.join(first, 'evidence.zip'),
      '--out',
      path.join(workDir, 'reproduced-other'),
    ]);
    expect(other.code).toBe(1);
    expect(other.stdout).toContain(
      `differs  manifest.json (the package was made with the ChatExhibit source revision ${COMMIT}, ` +
        `this run used ${'f'.repeat(40)} with changes not committed)\n`,
    );
    const same = await convertWith(path.join(workDir, 'build-2'), [
      '--reproduce',
      path.join(first, 'evidence.zip'),
      '--out',
      path.join(workDir, 'reproduced-same'),
    ]);
    expect({ code: same.code, stderr: same.stderr }).toEqual({ code: 0, stderr: '' });
  }, 240_000);

  it('refuses a SOURCE_COMMIT that is not a commit id, and a SOURCE_URL that is not a URL', async () => {
    const refused = await runToEnd(process.execPath, ['services/kit/dist/cli/stamp-source-cli.js'], {
      SOURCE_COMMIT: 'main',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('SOURCE_COMMIT must be a git commit id');
    const badUrl = await convert([whatsAppExport.zipPath, '--out', path.join(workDir, 'bad-url')], {
      SOURCE_URL: 'not a url',
    });
    expect(badUrl).toEqual({
      code: 1,
      stdout: '',
      stderr: 'convert: SOURCE_URL must be an http or https URL, got "not a url".\n',
    });
  }, 60_000);

  it('--source-archive writes the source code of the stamped revision', async () => {
    const builtStamp = await readFile(path.join(REPO_ROOT, 'source-revision.json'));
    const revision = JSON.parse(builtStamp.toString('utf8')) as { commit: string };
    const archive = path.join(workDir, 'source.tar.gz');
    const written = await convert(['--source-archive', archive]);
    expect(written.code).toBe(0);
    const folder = `chatexhibit-${revision.commit.slice(0, 12)}`;
    const paths = (await run('tar', ['-tzf', archive], { maxBuffer: 16 * 1024 * 1024 })).stdout.split('\n');
    expect(paths).toEqual(
      expect.arrayContaining([`${folder}/package.json`, `${folder}/source-revision.json`]),
    );
    const stamped = (await run('tar', ['-xzOf', archive, `${folder}/source-revision.json`])).stdout;
    expect(JSON.parse(stamped)).toEqual(JSON.parse(builtStamp.toString('utf8')));
    const packageJson = (await run('tar', ['-xzOf', archive, `${folder}/package.json`])).stdout;
    expect(packageJson).toBe((await run('git', ['show', `${revision.commit}:package.json`])).stdout);
  }, 60_000);
});

/** The real case: a package the web service made, reproduced with the CLI from the public code. */
describe('reproducing a package the web service made', () => {
  const standalone = useStandalone({ PUBLIC_URL: 'https://chatexhibit.example' });
  let workDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-reproduce-service-'));
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('gives the same bytes for every document', async () => {
    const exported = await writeWhatsAppExport(workDir, { textMessages: 8, voiceNotes: 1, photos: 1 });
    // A second text file: the service says which one it took as the chat, and so must the CLI.
    await run('zip', ['-q', '-X', exported.zipPath, '-j', await writeNotes(workDir)]);
    const upload = await uploadExport(standalone.baseUrl, exported.zipPath, {
      includeImages: true,
      timeZone: 'Asia/Tokyo',
      batesPrefix: 'ACME',
      batesStart: 1001,
      caseNumber: '1:26-cv-00042',
      preparedBy: 'J. Doe',
    });
    expect(upload.status).toBe(201);
    const { ended } = await readProgress(standalone.baseUrl, upload.body.clientId!);
    expect(ended).toBe(true);
    const unzipped = await downloadAndVerifyEvidence(standalone.baseUrl, upload.body.clientId!, workDir);
    const manifest = JSON.parse(await readFile(path.join(unzipped, 'manifest.json'), 'utf8')) as {
      verifyUrl: string;
      export: { warnings: string[] };
    };
    expect(manifest.verifyUrl).toBe('https://chatexhibit.example/verify');
    expect(manifest.export.warnings.join('\n')).toMatch(/notes\.txt|_chat\.txt/);

    const packageZip = path.join(workDir, 'evidence.zip');
    const result = await reproduce(packageZip, path.join(workDir, 'reproduced'));
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      (await comparedFiles(packageZip)).map((file) => `match    ${file}\n`).join(''),
    );
  }, 180_000);

  it('serves the source code of its build, the revision its packages name, at GET /api/source', async () => {
    const stamp = JSON.parse(await readFile(path.join(process.cwd(), 'source-revision.json'), 'utf8')) as {
      commit: string;
    };
    const response = await fetch(`${standalone.baseUrl}/api/source`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    const folder = `chatexhibit-${stamp.commit.slice(0, 12)}`;
    expect(response.headers.get('content-disposition')).toContain(`${folder}.tar.gz`);
    const archive = path.join(workDir, 'served-source.tar.gz');
    await writeFile(archive, Buffer.from(await response.arrayBuffer()));
    const paths = (await run('tar', ['-tzf', archive], { maxBuffer: 16 * 1024 * 1024 })).stdout.split('\n');
    expect(paths).toEqual(
      expect.arrayContaining([`${folder}/package.json`, `${folder}/source-revision.json`]),
    );
    expect(
      JSON.parse((await run('tar', ['-xzOf', archive, `${folder}/source-revision.json`])).stdout),
    ).toEqual(stamp);
  }, 60_000);
});

async function writeNotes(dir: string): Promise<string> {
  const file = path.join(dir, 'notes.txt');
  await writeFile(file, 'Questions for the lawyer\n');
  return file;
}
