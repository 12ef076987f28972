import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseSourceCommit } from '@chatexhibit/proto/source-revision';
import {
  currentSourceRevision,
  readSourceRevision,
  SourceCommitError,
  writeSourceStamp,
} from '../src/source/source-revision';
import { sourceArchive, SourceArchiveUnavailableError } from '../src/source/source-archive';

const COMMIT = 'a'.repeat(40);

/** The paths a tar.gz holds, as tar lists them. */
const tarPaths = (archive: Buffer): string[] =>
  execFileSync('tar', ['-tzf', '-'], { input: archive, encoding: 'utf8' }).trim().split('\n');

describe('the source revision a build stamps', () => {
  let root: string;
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: root,
      encoding: 'utf8',
    });
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-source-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('takes SOURCE_COMMIT as given, -dirty included, and refuses what is not a commit id', () => {
    expect(currentSourceRevision({ SOURCE_COMMIT: COMMIT }, root)).toEqual({ commit: COMMIT, dirty: false });
    expect(currentSourceRevision({ SOURCE_COMMIT: `${COMMIT}-dirty` }, root)).toEqual({
      commit: COMMIT,
      dirty: true,
    });
    expect(() => currentSourceRevision({ SOURCE_COMMIT: 'main' }, root)).toThrow(SourceCommitError);
    expect(parseSourceCommit('abc123')).toBeNull();
  });

  it("reads git's HEAD and whether the tree has changes not committed; null without git", async () => {
    expect(currentSourceRevision({}, root)).toBeNull();
    git('init', '--quiet');
    await writeFile(path.join(root, 'package.json'), '{}\n');
    git('add', '.');
    git('commit', '--quiet', '-m', 'first');
    const head = git('rev-parse', 'HEAD').trim();
    expect(currentSourceRevision({}, root)).toEqual({ commit: head, dirty: false });
    await writeFile(path.join(root, 'new.ts'), 'export {};\n');
    expect(currentSourceRevision({}, root)).toEqual({ commit: head, dirty: true });
  });

  it('is written by the build and read back; an unstamped build reads as null', () => {
    expect(readSourceRevision(root)).toBeNull();
    writeSourceStamp({ commit: COMMIT, dirty: true }, root);
    expect(readSourceRevision(root)).toEqual({ commit: COMMIT, dirty: true });
    writeSourceStamp(null, root);
    expect(readSourceRevision(root)).toBeNull();
  });

  it("archives the stamped commit from git with the stamp beside its package.json, else the image's archive", async () => {
    await expect(sourceArchive({ commit: COMMIT, dirty: false }, root)).rejects.toThrow(
      SourceArchiveUnavailableError,
    );
    await writeFile(path.join(root, 'source.tar.gz'), 'the image archive');
    expect(await sourceArchive(null, root)).toEqual({
      bytes: Buffer.from('the image archive'),
      madeFrom: 'image',
    });

    git('init', '--quiet');
    await writeFile(path.join(root, 'package.json'), '{}\n');
    git('add', 'package.json');
    git('commit', '--quiet', '-m', 'first');
    const revision = { commit: git('rev-parse', 'HEAD').trim(), dirty: false };
    const { bytes: archive, madeFrom } = await sourceArchive(revision, root);
    expect(madeFrom).toBe('git');
    const folder = `chatexhibit-${revision.commit.slice(0, 12)}`;
    expect(tarPaths(archive).sort()).toEqual([
      `${folder}/`,
      `${folder}/package.json`,
      `${folder}/source-revision.json`,
    ]);
    expect(
      execFileSync('tar', ['-xzOf', '-', `${folder}/source-revision.json`], {
        input: archive,
        encoding: 'utf8',
      }),
    ).toBe(`${JSON.stringify(revision)}\n`);
  });
});
