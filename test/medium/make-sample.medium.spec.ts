// `npm run make-sample` writes README's free sample byte for byte as committed, and with
// `--messages N` a larger chat of N messages (a paid-size one) beside it, under its own name.

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import unzipper from 'unzipper';
import { REPO_ROOT, runToEnd } from '../support/child-process';

const SAMPLE = 'WhatsApp Chat - Sam Carter.zip';

/** The sample script run with `args`, writing into a fresh folder: its output and the files it wrote. */
async function makeSample(out: string, ...args: string[]) {
  const run = await runToEnd(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    ['--tsconfig', 'tsconfig.spec.json', 'scripts/make-sample-export.ts', ...args, '--out', out],
    {},
    120_000,
  );
  return { ...run, files: await readdir(out) };
}

const chatLines = async (zipPath: string): Promise<string[]> => {
  const chat = (await unzipper.Open.file(zipPath)).files.find((entry) => entry.path === '_chat.txt')!;
  return (await chat.buffer())
    .toString('utf8')
    .split('\n')
    .filter((line) => line.startsWith('['));
};

describe('npm run make-sample', () => {
  let out: string;
  beforeEach(async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-make-sample-'));
  });
  afterEach(() => rm(out, { recursive: true, force: true }));

  it('writes the free sample as committed, by default', async () => {
    const run = await makeSample(out);
    expect({ code: run.code, stdout: run.stdout, files: run.files }).toEqual({
      code: 0,
      stdout: `${path.relative(REPO_ROOT, path.join(out, SAMPLE))}: 14 messages\n`,
      files: [SAMPLE],
    });
    expect(
      (await readFile(path.join(out, SAMPLE))).equals(
        await readFile(path.join(REPO_ROOT, 'samples', SAMPLE)),
      ),
    ).toBe(true);
  }, 120_000);

  it('writes a chat of --messages 120, over the free tier, under a name of its own', async () => {
    const run = await makeSample(out, '--messages', '120');
    const name = 'WhatsApp Chat - Sam Carter (120 messages).zip';
    expect({ code: run.code, stdout: run.stdout, files: run.files }).toEqual({
      code: 0,
      stdout: `${path.relative(REPO_ROOT, path.join(out, name))}: 120 messages\n`,
      files: [name],
    });
    expect(await chatLines(path.join(out, name))).toHaveLength(120);
  }, 120_000);

  it('refuses a count it cannot make', async () => {
    const run = await makeSample(out, '--messages', '2');
    expect({ code: run.code, files: run.files }).toEqual({ code: 1, files: [] });
    expect(run.stderr).toBe(
      'make-sample: --messages takes a whole number from 4 (the chat has a notice, a voice note and a photo)\n',
    );
  }, 120_000);
});
