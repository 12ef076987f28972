import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';

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
  /** Stores `value` as a JSON document (the manifests other services read by their keys). */
  putJson(key: string, value: unknown): Promise<void> {
    return this.put(key, Buffer.from(JSON.stringify(value)), { contentType: 'application/json' });
  }
  /** Reads a JSON document stored with putJson and checks it against its contract (a zod schema). */
  async getJson<T>(key: string, schema: { parse(value: unknown): T }): Promise<T> {
    return schema.parse(JSON.parse(await text(await this.get(key))));
  }
  /** The object's size in bytes, or null when there is none. */
  abstract size(key: string): Promise<number | null>;
  abstract delete(key: string): Promise<void>;
  /** Every key under `prefix`, for sweeps and packaging. */
  abstract list(prefix: string): AsyncIterable<string>;
  /** Deletes `key`, or every key under it when it ends in '/'; what is not there is no error. */
  async deleteAll(key: string): Promise<void> {
    if (!key.endsWith('/')) return this.delete(key);
    const keys: string[] = [];
    for await (const found of this.list(key)) keys.push(found);
    for (const found of keys) await this.delete(found);
  }
  abstract check(): Promise<void>;
}

/** Keys are relative, '/'-separated and free of '.', '..' and empty segments. */
export function isValidKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 1024 &&
    !key.includes('\\') &&
    !key.includes('\0') &&
    key.split('/').every((s) => s !== '' && s !== '.' && s !== '..')
  );
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
}
