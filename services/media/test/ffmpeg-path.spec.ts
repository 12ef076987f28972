import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { resolveFfmpegPath } from '../src/domain/ffmpeg-path';
import { makeTempDir } from './support/temp-dir';

describe('resolveFfmpegPath', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await makeTempDir();
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uses the bundled binary when FFMPEG_PATH is unset or empty', () => {
    const bundled = resolveFfmpegPath({});
    expect(bundled).toBe(require('@ffmpeg-installer/ffmpeg').path);
    expect(bundled).toMatch(/node_modules\/@ffmpeg-installer\/.+\/ffmpeg$/);
    expect(existsSync(bundled)).toBe(true);
    expect(resolveFfmpegPath({ FFMPEG_PATH: '' })).toBe(bundled);
  });

  it('uses FFMPEG_PATH when it names an executable file', async () => {
    const executable = path.join(dir, 'my-ffmpeg');
    await writeFile(executable, '#!/bin/sh\n');
    await chmod(executable, 0o755);
    expect(resolveFfmpegPath({ FFMPEG_PATH: executable })).toBe(executable);
  });

  it('rejects a relative FFMPEG_PATH', () => {
    expect(() => resolveFfmpegPath({ FFMPEG_PATH: 'ffmpeg' })).toThrow(
      'FFMPEG_PATH must be an absolute path, got "ffmpeg".',
    );
  });

  it('rejects an FFMPEG_PATH that is missing, not executable or a directory', async () => {
    const plain = path.join(dir, 'plain-file');
    await writeFile(plain, '');
    await chmod(plain, 0o644);
    const folder = path.join(dir, 'folder');
    await mkdir(folder);
    for (const candidate of [path.join(dir, 'missing'), plain, folder]) {
      expect(() => resolveFfmpegPath({ FFMPEG_PATH: candidate })).toThrow(
        `FFMPEG_PATH "${candidate}" is not an executable file`,
      );
    }
  });
});
