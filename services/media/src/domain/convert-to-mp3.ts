import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { MediaConversionError } from './media-conversion-error';
import type { MediaTools } from './media-tools';
import { DAMAGED_AUDIO, readAudioFormat } from './read-audio-format';
import { type ChildLimits, spawnConfined } from './spawn-confined';

export interface ConvertToMp3Options {
  tools: MediaTools;
  inputPath: string;
  outputPath: string;
  /** Aborting kills ffmpeg; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** ffmpeg is killed after this long and the file is reported as unconvertible. */
  timeoutMs?: number;
}

export interface Mp3Conversion {
  durationSeconds: number;
}

/** Far above what a voice note needs (ffmpeg converts them at hundreds of times real time). */
const DEFAULT_TIMEOUT_MS = 10 * 60_000;
/**
 * ffmpeg's address space: Debian's 5.1 maps about 300 MB (its libraries; it cannot start under
 * 256 MB) and converts a voice note in 60 MB resident. A file that makes it allocate without end
 * fails here.
 */
export const FFMPEG_MEMORY_BYTES = 1024 ** 3;
/** ffmpeg's stderr kept for the error detail; a damaged file can make it write without end. */
const STDERR_TAIL_CHARS = 8192;
/**
 * The only demuxers ffmpeg may pick (it guesses from the content, not the name). Playlist-like
 * formats (HLS, concat) would make it open other files or URLs named inside an uploaded file.
 */
const AUDIO_DEMUXERS = 'ogg,mov,aac,amr,mp3,wav';
const TOO_LONG = 'The audio file took too long to convert.';

/**
 * Converts one audio attachment to a mono MP3 for playback in the transcript. The MP3 appears at
 * `outputPath` complete or not at all; the original is only read.
 */
export async function convertToMp3(options: ConvertToMp3Options): Promise<Mp3Conversion> {
  const inputPath = path.resolve(options.inputPath);
  const outputPath = path.resolve(options.outputPath);
  if (inputPath === outputPath) {
    throw new Error(`convertToMp3 would overwrite its input ${inputPath}.`);
  }
  options.signal?.throwIfAborted();
  const partialPath = `${outputPath}.${randomUUID()}.part`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    await runFfmpeg(options.tools, ffmpegArguments(inputPath, partialPath), timeoutMs, options.signal);
    const durationSeconds =
      (await durationOf(partialPath, options.signal)) ?? (await durationOf(inputPath, options.signal));
    if (durationSeconds === undefined || !(durationSeconds > 0)) {
      throw new MediaConversionError(DAMAGED_AUDIO, 'the converted audio has no measurable duration');
    }
    await rename(partialPath, outputPath);
    return { durationSeconds };
  } catch (error) {
    await rm(partialPath, { force: true });
    throw error;
  }
}

function ffmpegArguments(inputPath: string, outputPath: string): string[] {
  return [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    // A decoding error fails the conversion: a silently shortened recording is worse than none.
    '-xerror',
    // Local files only: nothing in an upload may make ffmpeg reach the network.
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    AUDIO_DEMUXERS,
    // Absolute (convertToMp3 resolves them), so never read as a protocol such as `pipe:0`.
    '-i',
    inputPath,
    '-map',
    '0:a:0',
    '-map_metadata',
    '-1',
    // A listening copy of speech (the original stays in the evidence untouched): mono, 22.05 kHz
    // (above the band a voice note's Opus carries), 48 kbit/s, and LAME's fastest setting, which
    // makes the conversion about 2.3 times faster than 44.1 kHz at 64 kbit/s.
    '-ac',
    '1',
    '-ar',
    '22050',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    '-compression_level',
    '9',
    '-f',
    'mp3',
    '-y',
    outputPath,
  ];
}

async function runFfmpeg(
  { ffmpegPath, prlimitPath }: MediaTools,
  args: string[],
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  // Checked here because prlimit, not spawn, would otherwise be the one to find it missing, and
  // its failure would read as a damaged file rather than a setup problem.
  await access(ffmpegPath, constants.X_OK).catch((error: Error) => {
    throw new Error(`Could not run ffmpeg at ${ffmpegPath}: ${error.message}`, { cause: error });
  });
  // The CPU limit also stops an ffmpeg whose parent died and with it the timer below.
  const limits: ChildLimits = { memoryBytes: FFMPEG_MEMORY_BYTES, cpuSeconds: Math.ceil(timeoutMs / 1000) };
  return new Promise((resolve, reject) => {
    const child = spawnConfined(ffmpegPath, args, prlimitPath, limits);
    let stderrTail = '';
    let stopReason: unknown;
    let stopped = false;
    const stop = (reason: unknown): void => {
      if (stopped) return;
      stopped = true;
      stopReason = reason;
      child.kill('SIGKILL');
    };
    const onAbort = (): void => stop(signal?.reason);
    const timer = setTimeout(
      () => stop(new MediaConversionError(TOO_LONG, `ffmpeg was stopped after ${timeoutMs} ms`)),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    const cleanUp = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };

    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    // ffmpeg could not be started (no signal is passed to spawn, so this is never an abort).
    child.once('error', (error) => {
      cleanUp();
      reject(new Error(`Could not run ffmpeg at ${ffmpegPath}: ${error.message}`, { cause: error }));
    });
    // 'close' comes after the process has been reaped, so a killed ffmpeg leaves no zombie.
    child.once('close', (code, exitSignal) => {
      cleanUp();
      if (stopped) reject(stopReason);
      else if (code === 0) resolve();
      else reject(exitFailure(code, exitSignal, stderrTail, limits));
    });
  });
}

function exitFailure(
  code: number | null,
  exitSignal: NodeJS.Signals | null,
  stderrTail: string,
  limits: ChildLimits,
): MediaConversionError {
  if (exitSignal === 'SIGXCPU') {
    return new MediaConversionError(TOO_LONG, `ffmpeg used up its ${limits.cpuSeconds} s of CPU time`);
  }
  // Killed from outside for another reason: that says nothing about the file.
  if (code === null) {
    return new MediaConversionError(
      'The audio file could not be converted.',
      `ffmpeg was killed by ${exitSignal}`,
    );
  }
  return new MediaConversionError(DAMAGED_AUDIO, lastLine(stderrTail) ?? `ffmpeg exited with code ${code}`);
}

function lastLine(text: string): string | undefined {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  return lines.at(-1)?.trim();
}

/**
 * Seconds of audio in a file, or undefined where music-metadata cannot tell (e.g. AMR): not
 * knowing is an answer here, the caller falls back or reports the file as damaged.
 */
async function durationOf(filePath: string, signal: AbortSignal | undefined): Promise<number | undefined> {
  return (await readAudioFormat(filePath, { signal }))?.durationSeconds;
}
