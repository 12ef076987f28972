// Audio in every format a chat export holds, generated at test time with npm's static ffmpeg: it
// has an AMR-NB encoder, which Debian's ffmpeg (what media runs where installed) lacks; Debian's
// decodes AMR natively. Fixtures are our own bytes, so the old build is harmless here.

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

const NPM_FFMPEG: string = require('@ffmpeg-installer/ffmpeg').path;

export const TONE_SECONDS = 1.5;

/** Encoder arguments per extension; the container follows from the extension or `-f`. */
const ENCODINGS: Record<string, string[]> = {
  opus: ['-c:a', 'libopus', '-b:a', '24k'],
  ogg: ['-c:a', 'libvorbis'],
  m4a: ['-c:a', 'aac'],
  aac: ['-c:a', 'aac', '-f', 'adts'],
  amr: ['-ar', '8000', '-ac', '1', '-c:a', 'libopencore_amrnb', '-b:a', '12.2k'],
  mp3: ['-c:a', 'libmp3lame'],
  wav: ['-c:a', 'pcm_s16le'],
};

export const AUDIO_EXTENSIONS = Object.keys(ENCODINGS);

/** Writes a 440 Hz tone as `tone.<extension>` into `dir` and returns its path. */
export async function writeTone(dir: string, extension: string, extraArgs: string[] = []): Promise<string> {
  const outputPath = path.join(dir, `tone.${extension}`);
  await execFileAsync(NPM_FFMPEG, [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${TONE_SECONDS}`,
    ...ENCODINGS[extension],
    ...extraArgs,
    '-y',
    outputPath,
  ]);
  return outputPath;
}

/** The same bytes on every run, so a test cannot pass or fail by luck. */
export function pseudoRandomBytes(length: number, seed = 0x2f6b1d3): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}
