import { existsSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findExecutable, NPM_FFMPEG_WARNING, resolveFfmpegPath } from '../src/domain/ffmpeg-path';
import { NO_PRLIMIT_WARNING, resolveMediaTools } from '../src/domain/media-tools';
import { makeTempDir } from './support/temp-dir';

describe('resolveFfmpegPath', () => {
  let dir: string;
  /** Folders of a PATH: one with an ffmpeg in it, one without, and ones with impostors. */
  let withFfmpeg: string;
  let alsoWithFfmpeg: string;
  let empty: string;
  let plainFile: string;
  let folderNamedFfmpeg: string;
  let configured: string;

  const executable = async (filePath: string) => {
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(filePath, '#!/bin/sh\n');
    await chmod(filePath, 0o755);
    return filePath;
  };

  beforeAll(async () => {
    dir = await makeTempDir();
    withFfmpeg = path.dirname(await executable(path.join(dir, 'usr-bin', 'ffmpeg')));
    alsoWithFfmpeg = path.dirname(await executable(path.join(dir, 'opt-bin', 'ffmpeg')));
    empty = path.join(dir, 'empty');
    await mkdir(empty);
    plainFile = path.join(dir, 'not-executable');
    await mkdir(plainFile);
    await writeFile(path.join(plainFile, 'ffmpeg'), '#!/bin/sh\n', { mode: 0o644 });
    folderNamedFfmpeg = path.join(dir, 'folder');
    await mkdir(path.join(folderNamedFfmpeg, 'ffmpeg'), { recursive: true });
    configured = await executable(path.join(dir, 'configured', 'my-ffmpeg'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const searchPath = (...folders: string[]) => folders.join(path.delimiter);

  it('uses FFMPEG_PATH first, even with an ffmpeg on PATH', () => {
    expect(resolveFfmpegPath({ FFMPEG_PATH: configured, PATH: searchPath(withFfmpeg) })).toEqual({
      path: configured,
      warning: null,
    });
  });

  it('otherwise uses the first executable ffmpeg on PATH, skipping what is not one', () => {
    const env = { PATH: searchPath(empty, plainFile, folderNamedFfmpeg, withFfmpeg, alsoWithFfmpeg) };
    expect(resolveFfmpegPath(env)).toEqual({ path: path.join(withFfmpeg, 'ffmpeg'), warning: null });
    expect(resolveFfmpegPath({ ...env, FFMPEG_PATH: '' })).toEqual(resolveFfmpegPath(env));
  });

  it('ignores relative PATH entries, which would depend on the working directory', () => {
    const relative = path.relative(process.cwd(), withFfmpeg);
    expect(existsSync(path.join(relative, 'ffmpeg'))).toBe(true);
    expect(findExecutable('ffmpeg', searchPath(relative, alsoWithFfmpeg))).toBe(
      path.join(alsoWithFfmpeg, 'ffmpeg'),
    );
  });

  it('falls back to the npm static build only when there is no other, with a warning saying why', () => {
    for (const env of [{}, { PATH: searchPath(empty, plainFile, folderNamedFfmpeg) }]) {
      const resolved = resolveFfmpegPath(env);
      expect(resolved.path).toBe(require('@ffmpeg-installer/ffmpeg').path);
      expect(resolved.path).toMatch(/node_modules\/@ffmpeg-installer\/.+\/ffmpeg$/);
      expect(existsSync(resolved.path)).toBe(true);
      expect(resolved.warning).toBe(NPM_FFMPEG_WARNING);
    }
    expect(NPM_FFMPEG_WARNING).toMatch(/2018 build that gets no security fixes/);
  });

  it('rejects a relative FFMPEG_PATH', () => {
    expect(() => resolveFfmpegPath({ FFMPEG_PATH: 'ffmpeg' })).toThrow(
      'FFMPEG_PATH must be an absolute path, got "ffmpeg".',
    );
  });

  it('rejects an FFMPEG_PATH that is missing, not executable or a directory, whatever PATH holds', () => {
    for (const candidate of [
      path.join(dir, 'missing'),
      path.join(plainFile, 'ffmpeg'),
      path.join(folderNamedFfmpeg, 'ffmpeg'),
    ]) {
      expect(() => resolveFfmpegPath({ FFMPEG_PATH: candidate, PATH: searchPath(withFfmpeg) })).toThrow(
        `FFMPEG_PATH "${candidate}" is not an executable file`,
      );
    }
  });

  describe('resolveMediaTools', () => {
    it('finds ffmpeg and prlimit on PATH and has nothing to warn of', async () => {
      const prlimit = await executable(path.join(dir, 'sbin', 'prlimit'));
      expect(resolveMediaTools({ PATH: searchPath(withFfmpeg, path.dirname(prlimit)) })).toEqual({
        tools: { ffmpegPath: path.join(withFfmpeg, 'ffmpeg'), prlimitPath: prlimit },
        warnings: [],
      });
    });

    it('warns at start of the npm ffmpeg and of a missing prlimit', () => {
      expect(resolveMediaTools({ PATH: searchPath(empty) })).toEqual({
        tools: { ffmpegPath: require('@ffmpeg-installer/ffmpeg').path, prlimitPath: null },
        warnings: [NPM_FFMPEG_WARNING, NO_PRLIMIT_WARNING],
      });
    });
  });
});
