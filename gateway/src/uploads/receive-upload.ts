import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { Sha256Meter } from '@chatexhibit/kit/streams/sha256-meter';
import { MAX_UPLOAD_BYTES, UPLOAD_FILE_EXTENSION } from '@chatexhibit/proto/constants';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { UPLOAD_REFUSALS, type UploadPace } from '@chatexhibit/proto/upload-refusals';
import type { UploadSlot } from './uploads-in-flight';

/** An upload spooled to a private temp folder, hashed on the way; `discard()` removes it. */
export interface ReceivedUpload {
  filePath: string;
  originalFilename: string;
  sizeBytes: number;
  sha256: string;
  /** The `options` field as sent (a JSON string), if any. */
  options: string | undefined;
  discard(): Promise<void>;
}

/** Why an upload was refused, with the HTTP status it answers and a sentence for the uploader. */
export class UploadRefusedError extends Error {
  constructor(
    readonly status: 400 | 408 | 413 | 415 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefusedError';
  }
}

/** Room for the multipart framing and the options field around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** HTTP_LIMITS' pace; the gateway's configuration may set the minimum rate and its grace. */
export const DEFAULT_UPLOAD_PACE: UploadPace = {
  idleTimeoutMs: HTTP_LIMITS.uploadIdleTimeoutMs,
  graceMs: HTTP_LIMITS.uploadPaceGraceMs,
  minBytesPerSecond: HTTP_LIMITS.uploadMinBytesPerSecond,
  maxDurationMs: HTTP_LIMITS.uploadMaxDurationMs,
};

/** How often an upload's pace is checked once its grace is over. */
const PACE_CHECK_INTERVAL_MS = 1000;

/**
 * The name as the uploader's system had it: no folders, no control characters, at most 255
 * characters (whole code points: an emoji is never cut in half).
 */
const cleanFileName = (name: string): string =>
  Array.from(
    // eslint-disable-next-line no-control-regex
    (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, ''),
  )
    .slice(0, 255)
    .join('');

/**
 * Reads a multipart upload (`file`, `options`) with busboy, streaming the file to disk while
 * its SHA-256 is computed: never held whole in memory. SPEC limits are enforced here: a .zip
 * name (any case) and at most 100 MB. A request that is refused, fails, is cut off midway,
 * stalls, arrives slower than `pace` allows, takes longer than it allows or is evicted from its
 * `slot` leaves nothing behind.
 */
export async function receiveUpload(
  request: IncomingMessage,
  pace: UploadPace = DEFAULT_UPLOAD_PACE,
  slot?: Pick<UploadSlot, 'signal' | 'arrived'>,
): Promise<ReceivedUpload> {
  if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? ''))
    throw new UploadRefusedError(415, UPLOAD_REFUSALS.notAZip);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES)
    throw new UploadRefusedError(413, UPLOAD_REFUSALS.tooLarge);

  const folder = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-upload-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  try {
    return { ...(await readParts(request, path.join(folder, 'upload.zip'), pace, declared, slot)), discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

function readParts(
  request: IncomingMessage,
  filePath: string,
  pace: UploadPace,
  declared: number,
  slot: Pick<UploadSlot, 'signal' | 'arrived'> | undefined,
): Promise<Omit<ReceivedUpload, 'discard'>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        // Browsers and curl send the file name as UTF-8 bytes; busboy's default (Latin-1) garbles
        // every accent, curly apostrophe and non-Latin group name.
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 5, fieldSize: 64 * 1024, parts: 6 },
      });
    } catch {
      reject(new UploadRefusedError(400, UPLOAD_REFUSALS.notAForm));
      return;
    }
    let refusal: UploadRefusedError | undefined;
    let options: string | undefined;
    let stored: Promise<{ originalFilename: string; sizeBytes: number; sha256: string }> | undefined;
    const refuse = (error: UploadRefusedError) => (refusal ??= error);

    parser.on('field', (name, value) => {
      if (name === 'options') options = value;
    });
    parser.on('file', (name, file, info) => {
      const originalFilename = cleanFileName(info.filename ?? '');
      if (name !== 'file' || stored) {
        file.resume();
        return;
      }
      if (!originalFilename.toLowerCase().endsWith(UPLOAD_FILE_EXTENSION)) {
        refuse(new UploadRefusedError(415, UPLOAD_REFUSALS.notAZip));
        file.resume();
        return;
      }
      file.on('limit', () => refuse(new UploadRefusedError(413, UPLOAD_REFUSALS.tooLarge)));
      const meter = new Sha256Meter();
      stored = pipeline(file, meter, createWriteStream(filePath)).then(() => ({
        originalFilename,
        sizeBytes: meter.size,
        sha256: meter.sha256,
      }));
      // Settled below; a failure here must not surface as an unhandled rejection meanwhile.
      stored.catch(() => undefined);
    });
    parser.on('filesLimit', () => refuse(new UploadRefusedError(400, UPLOAD_REFUSALS.oneFileAtATime)));
    parser.on('error', (error: Error) =>
      reject(new UploadRefusedError(400, UPLOAD_REFUSALS.unreadable(error.message))),
    );
    parser.on('close', () => {
      if (refusal) return reject(refusal);
      if (!stored) return reject(new UploadRefusedError(400, UPLOAD_REFUSALS.noFile));
      stored.then((file) => resolve({ filePath, options, ...file }), reject);
    });
    // A browser that goes away midway (also while the spool folder was being made), or a body
    // that stops arriving, trickles, takes too long or gives its slot up: the parser never
    // closes, so end here.
    const stopTimers = () => {
      clearTimeout(idle);
      clearTimeout(tooLong);
      clearInterval(paceCheck);
      slot?.signal.removeEventListener('abort', evicted);
    };
    const cutOff = (error: UploadRefusedError) => {
      stopTimers();
      if (request.complete) return;
      request.unpipe(parser);
      parser.destroy();
      reject(error);
    };
    const idle = setTimeout(
      () => cutOff(new UploadRefusedError(408, UPLOAD_REFUSALS.stalled(pace))),
      pace.idleTimeoutMs,
    );
    const tooLong = setTimeout(
      () => cutOff(new UploadRefusedError(408, UPLOAD_REFUSALS.tookTooLong(pace))),
      pace.maxDurationMs,
    );
    const started = performance.now();
    let received = 0;
    const paceCheck = setInterval(() => {
      if (isBehindPace(pace, performance.now() - started, received, declared))
        cutOff(new UploadRefusedError(408, UPLOAD_REFUSALS.tooSlow(pace)));
    }, PACE_CHECK_INTERVAL_MS);
    const evicted = () => cutOff(new UploadRefusedError(503, UPLOAD_REFUSALS.evicted));
    if (slot?.signal.aborted) return evicted();
    slot?.signal.addEventListener('abort', evicted);
    const goneAway = () => cutOff(new UploadRefusedError(400, UPLOAD_REFUSALS.cutOff));
    if (request.destroyed) return goneAway();
    request.on('close', goneAway);
    request.pipe(parser);
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      slot?.arrived(chunk.length);
      idle.refresh();
    });
    request.on('end', stopTimers);
  });
}

/**
 * Whether an upload `elapsedMs` in, `received` bytes of its `declared` length (NaN: not
 * declared) arrived, is behind `pace`: after the grace, its average rate is under the minimum,
 * or would not bring the rest of the declared length before the upload's time is up.
 */
export function isBehindPace(
  pace: UploadPace,
  elapsedMs: number,
  received: number,
  declared: number,
): boolean {
  if (elapsedMs < pace.graceMs) return false;
  const bytesPerMs = received / elapsedMs;
  if (bytesPerMs * 1000 < pace.minBytesPerSecond) return true;
  const rest = declared - received;
  return rest > 0 && bytesPerMs * (pace.maxDurationMs - elapsedMs) < rest;
}
