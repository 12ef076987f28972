import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no object stored at ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/**
 * Where files live: uploads, extracted originals, derived audio, PDFs, evidence ZIPs. Keys are
 * relative paths such as `exports/<id>/upload.zip`; implementations refuse keys that could
 * escape their root.
 */
export abstract class ObjectStorage {
  abstract put(key: string, body: Buffer | Readable, options?: { contentType?: string }): Promise<void>;
  /** Stores the local file at `filePath` as `key`; the file stays where it is. */
  putFile(key: string, filePath: string, options?: { contentType?: string }): Promise<void> {
    return this.put(key, createReadStream(filePath), options);
  }
  abstract get(key: string): Promise<Readable>;
  /** The object's size in bytes, or null when there is none. */
  abstract size(key: string): Promise<number | null>;
  abstract delete(key: string): Promise<void>;
  /** Every key under `prefix`, for sweeps and packaging. */
  abstract list(prefix: string): AsyncIterable<string>;
  abstract check(): Promise<void>;
}

/** Keys are relative, '/'-separated and free of '.', '..' and empty segments. */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  const valid =
    key.length > 0 &&
    key.length <= 1024 &&
    !key.includes('\\') &&
    !key.includes('\0') &&
    segments.every((s) => s !== '' && s !== '.' && s !== '..');
  if (!valid) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
}
