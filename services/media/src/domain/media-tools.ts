import { findExecutable, resolveFfmpegPath } from './ffmpeg-path';

/** The programs media runs on uploaded files, found once at start. */
export interface MediaTools {
  ffmpegPath: string;
  /** util-linux prlimit, through which ffmpeg gets its memory and CPU limits; null where there is none. */
  prlimitPath: string | null;
}

export const NO_PRLIMIT_WARNING =
  'ffmpeg: no prlimit on PATH (util-linux), so ffmpeg runs on uploaded files without a memory or ' +
  'CPU limit of its own, stopped only by its time limit. Install util-linux.';

/** The tools, and what the operator should be warned of at start (the npm ffmpeg, no prlimit). */
export function resolveMediaTools(env: Readonly<Record<string, string | undefined>>): {
  tools: MediaTools;
  warnings: string[];
} {
  const ffmpeg = resolveFfmpegPath(env);
  const prlimitPath = findExecutable('prlimit', env.PATH);
  const warnings = [ffmpeg.warning, prlimitPath === null ? NO_PRLIMIT_WARNING : null].filter(
    (warning): warning is string => warning !== null,
  );
  return { tools: { ffmpegPath: ffmpeg.path, prlimitPath }, warnings };
}
