import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { MediaConversionError } from './media-conversion-error';

/** What music-metadata tells of an audio file; a field it cannot tell is undefined. */
export interface AudioFormat {
  durationSeconds?: number;
  codec?: string;
  numberOfChannels?: number;
  sampleRate?: number;
}

export interface ReadAudioFormatOptions {
  /** The worker is stopped after this long and the file reported as damaged. */
  timeoutMs?: number;
  /** Aborting stops the worker; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The worker script; tests pass one that misbehaves on purpose. */
  workerFile?: string;
}

export const DAMAGED_AUDIO = 'The audio file is damaged or not in a known format.';

/** A voice note's format is read in milliseconds; a whole-file scan of a long MP3 in a second or two. */
const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The worker's own V8 heap, far above what music-metadata needs for one file. Buffers live
 * outside it, but the parser reads through fixed-size windows of the file.
 */
export const AUDIO_FORMAT_WORKER_LIMITS = {
  maxOldGenerationSizeMb: 128,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
} as const;
const WORKER_FILE = path.join(__dirname, 'audio-format.worker.cjs');

/**
 * The format of an audio file, or undefined when music-metadata cannot read it (damaged or of a
 * format it does not know). The file comes from an upload, so music-metadata runs in a worker
 * thread with its own heap limit and a time limit: a parser that loops or grows without end
 * costs that one file, which is then reported as damaged (MediaConversionError), never the process.
 */
export function readAudioFormat(
  filePath: string,
  { timeoutMs = DEFAULT_TIMEOUT_MS, signal, workerFile = WORKER_FILE }: ReadAudioFormatOptions = {},
): Promise<AudioFormat | undefined> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, {
      workerData: { filePath },
      resourceLimits: AUDIO_FORMAT_WORKER_LIMITS,
      // Nothing of this process's environment (credentials) is the parser's business, nor its
      // command-line flags (a preload such as `npm run convert`'s --require would run again).
      env: {},
      execArgv: [],
    });
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
      // Terminating a worker that has finished is harmless; one that has not is the point.
      void worker.terminate();
    };
    const onAbort = (): void => settle(() => reject(signal?.reason));
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new MediaConversionError(DAMAGED_AUDIO, `music-metadata was stopped after ${timeoutMs} ms`)),
        ),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (format: AudioFormat | null) => settle(() => resolve(format ?? undefined)));
    // ERR_WORKER_OUT_OF_MEMORY when the heap limit is hit, or an error the script did not catch.
    worker.once('error', (error) =>
      settle(() =>
        reject(new MediaConversionError(DAMAGED_AUDIO, `music-metadata failed: ${error.message}`)),
      ),
    );
    worker.once('exit', (code) =>
      settle(() =>
        reject(
          new MediaConversionError(
            DAMAGED_AUDIO,
            `music-metadata exited with code ${code} without an answer`,
          ),
        ),
      ),
    );
  });
}
