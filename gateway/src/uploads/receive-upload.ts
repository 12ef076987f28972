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
    readonly status: 400 | 408 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefusedError';
  }
}

export const NOT_A_ZIP_NAME = 'Please upload a WhatsApp export ZIP file.';
export const TOO_LARGE = 'Please upload a file smaller than 100MB.';
/** Room for the multipart framing and the options field around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
/** How long an upload's body may take: its idle timeout and its minimum rate. */
export interface UploadPace {
  idleTimeoutMs: number;
  rateWindowMs: number;
  minBytesPerWindow: number;
}

export const UPLOAD_PACE: UploadPace = {
  idleTimeoutMs: HTTP_LIMITS.uploadIdleTimeoutMs,
  rateWindowMs: HTTP_LIMITS.uploadRateWindowMs,
  minBytesPerWindow: HTTP_LIMITS.uploadMinBytesPerWindow,
};

export const stalledUpload = (idleTimeoutMs: number): string =>
  `The upload stalled: nothing arrived for ${idleTimeoutMs / 1000} seconds. Please check your connection and try again.`;

export const tooSlowUpload = ({ rateWindowMs, minBytesPerWindow }: UploadPace): string =>
  `The upload was too slow: less than ${minBytesPerWindow / 1024} KB arrived in ${rateWindowMs / 1000} seconds. Please check your connection and try again.`;

/** The name as the uploader's system had it: no folders, no control characters, bounded. */
const cleanFileName = (name: string): string =>
  // eslint-disable-next-line no-control-regex
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);

/**
 * Reads a multipart upload (`file`, `options`) with busboy, streaming the file to disk while
 * its SHA-256 is computed: never held whole in memory. SPEC limits are enforced here: a .zip
 * name (any case) and at most 100 MB. A request that is refused, fails, is cut off midway,
 * stalls or arrives slower than `pace` allows leaves nothing behind.
 */
export async function receiveUpload(
  request: IncomingMessage,
  pace: UploadPace = UPLOAD_PACE,
): Promise<ReceivedUpload> {
  if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? ''))
    throw new UploadRefusedError(415, NOT_A_ZIP_NAME);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES)
    throw new UploadRefusedError(413, TOO_LARGE);

  const folder = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-upload-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  try {
    return { ...(await readParts(request, path.join(folder, 'upload.zip'), pace)), discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

function readParts(
  request: IncomingMessage,
  filePath: string,
  pace: UploadPace,
): Promise<Omit<ReceivedUpload, 'discard'>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 5, fieldSize: 64 * 1024, parts: 6 },
      });
    } catch {
      reject(new UploadRefusedError(400, 'The upload is not a valid multipart form.'));
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
        refuse(new UploadRefusedError(415, NOT_A_ZIP_NAME));
        file.resume();
        return;
      }
      file.on('limit', () => refuse(new UploadRefusedError(413, TOO_LARGE)));
      const meter = new Sha256Meter();
      stored = pipeline(file, meter, createWriteStream(filePath)).then(() => ({
        originalFilename,
        sizeBytes: meter.size,
        sha256: meter.sha256,
      }));
      // Settled below; a failure here must not surface as an unhandled rejection meanwhile.
      stored.catch(() => undefined);
    });
    parser.on('filesLimit', () => refuse(new UploadRefusedError(400, 'Upload one ZIP file at a time.')));
    parser.on('error', (error: Error) =>
      reject(new UploadRefusedError(400, `The upload could not be read: ${error.message}`)),
    );
    parser.on('close', () => {
      if (refusal) return reject(refusal);
      if (!stored)
        return reject(
          new UploadRefusedError(400, 'The upload has no file: send the ZIP as the "file" field.'),
        );
      stored.then((file) => resolve({ filePath, options, ...file }), reject);
    });
    // A browser that goes away midway (also while the spool folder was being made), or a body
    // that stops arriving or trickles: the parser never closes, so end here.
    const stopTimers = () => {
      clearTimeout(idle);
      clearInterval(rate);
    };
    const cutOff = (error: UploadRefusedError) => {
      stopTimers();
      if (request.complete) return;
      request.unpipe(parser);
      parser.destroy();
      reject(error);
    };
    const idle = setTimeout(
      () => cutOff(new UploadRefusedError(408, stalledUpload(pace.idleTimeoutMs))),
      pace.idleTimeoutMs,
    );
    let bytesInWindow = 0;
    const rate = setInterval(() => {
      if (bytesInWindow < pace.minBytesPerWindow) cutOff(new UploadRefusedError(408, tooSlowUpload(pace)));
      bytesInWindow = 0;
    }, pace.rateWindowMs);
    const goneAway = () => cutOff(new UploadRefusedError(400, 'The upload was cut off before it finished.'));
    if (request.destroyed) return goneAway();
    request.on('close', goneAway);
    request.pipe(parser);
    request.on('data', (chunk: Buffer) => {
      bytesInWindow += chunk.length;
      idle.refresh();
    });
    request.on('end', stopTimers);
  });
}
