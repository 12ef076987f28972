import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export interface ResolvedFfmpeg {
  path: string;
  /** Why the operator should replace this ffmpeg, to be logged at start; null when nothing is wrong. */
  warning: string | null;
}

export const NPM_FFMPEG_WARNING =
  'ffmpeg: neither FFMPEG_PATH nor an ffmpeg on PATH, so voice notes are decoded by the static ffmpeg ' +
  'from npm (@ffmpeg-installer/ffmpeg), a 2018 build that gets no security fixes, run on files anyone ' +
  'can upload. Install the system ffmpeg (e.g. apt-get install ffmpeg) or set FFMPEG_PATH.';

/**
 * The ffmpeg to run: `FFMPEG_PATH` when set (an absolute path; empty counts as unset), otherwise
 * the first `ffmpeg` on `PATH` (the system's, e.g. Debian's /usr/bin/ffmpeg, which gets security
 * updates), and only as the last resort the static binary of the npm package
 * @ffmpeg-installer/ffmpeg, with a warning, so that `npm start` works on a machine without ffmpeg.
 */
export function resolveFfmpegPath(env: Readonly<Record<string, string | undefined>>): ResolvedFfmpeg {
  const configured = env.FFMPEG_PATH;
  if (configured !== undefined && configured !== '') {
    if (!path.isAbsolute(configured)) {
      throw new Error(`FFMPEG_PATH must be an absolute path, got "${configured}".`);
    }
    try {
      assertExecutableFile(configured);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`FFMPEG_PATH "${configured}" is not an executable file: ${reason}`, { cause: error });
    }
    return { path: configured, warning: null };
  }
  const onPath = findExecutable('ffmpeg', env.PATH);
  if (onPath !== null) return { path: onPath, warning: null };
  return { path: npmFfmpegPath(), warning: NPM_FFMPEG_WARNING };
}

/**
 * The first executable file called `name` in the absolute folders of `searchPath` (a PATH value),
 * or null. Relative entries are skipped: they would depend on the working directory.
 */
export function findExecutable(name: string, searchPath: string | undefined): string | null {
  for (const folder of (searchPath ?? '').split(path.delimiter)) {
    if (!path.isAbsolute(folder)) continue;
    const candidate = path.join(folder, name);
    try {
      assertExecutableFile(candidate);
      return candidate;
    } catch {
      // Not here: the next folder.
    }
  }
  return null;
}

function assertExecutableFile(filePath: string): void {
  if (!statSync(filePath).isFile()) throw new Error('not a regular file');
  accessSync(filePath, constants.X_OK);
}

function npmFfmpegPath(): string {
  // Required only here: the package is optional (the image leaves it out) and throws on load on
  // platforms it has no binary for. It throws strings, hence the wrapping.
  try {
    const installer: typeof import('@ffmpeg-installer/ffmpeg') = require('@ffmpeg-installer/ffmpeg');
    return installer.path;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `No ffmpeg: none on PATH, FFMPEG_PATH unset, and no npm build for this platform (${reason}). ` +
        'Install ffmpeg (e.g. apt-get install ffmpeg) or set FFMPEG_PATH.',
      { cause: error },
    );
  }
}
