import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The ffmpeg to run: `FFMPEG_PATH` when set (a newer or system build), otherwise the static
 * binary shipped in @ffmpeg-installer. An empty `FFMPEG_PATH` counts as unset.
 */
export function resolveFfmpegPath(env: Readonly<Record<string, string | undefined>>): string {
  const configured = env.FFMPEG_PATH;
  if (configured === undefined || configured === '') return bundledFfmpegPath();
  if (!path.isAbsolute(configured)) {
    throw new Error(`FFMPEG_PATH must be an absolute path, got "${configured}".`);
  }
  try {
    if (!statSync(configured).isFile()) throw new Error('not a regular file');
    accessSync(configured, constants.X_OK);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`FFMPEG_PATH "${configured}" is not an executable file: ${reason}`, { cause: error });
  }
  return configured;
}

function bundledFfmpegPath(): string {
  // Required only here: the installer throws on load on platforms it has no binary for, where
  // FFMPEG_PATH must still work. It throws strings, hence the wrapping.
  try {
    const installer: typeof import('@ffmpeg-installer/ffmpeg') = require('@ffmpeg-installer/ffmpeg');
    return installer.path;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`No bundled ffmpeg for this platform (${reason}); set FFMPEG_PATH.`, { cause: error });
  }
}
