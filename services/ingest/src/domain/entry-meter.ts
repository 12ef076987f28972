// Sits between an entry's decompressed bytes and whoever stores them: hashes and counts the bytes as
// they pass, and fails the stream as soon as the entry turns out to be longer than the archive
// declared (a lying ZIP bomb is stopped here, after at most one chunk too many) or, at its end,
// shorter or with a different CRC-32 (yauzl checks neither when validateEntrySizes is off).

import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { unsafeArchive } from './unsafe-archive-error';

export class EntryMeter extends Transform {
  private readonly hash = createHash('sha256');
  private crc = 0;
  private byteCount = 0;

  constructor(
    private readonly path: string,
    private readonly declaredSize: number,
    private readonly declaredCrc32: number,
  ) {
    super();
  }

  get size(): number {
    return this.byteCount;
  }

  /** Hex SHA-256 of everything that passed; only meaningful once the stream has ended. */
  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.byteCount += chunk.length;
    if (this.byteCount > this.declaredSize) {
      callback(unsafeArchive.sizeMismatch(this.path));
      return;
    }
    this.hash.update(chunk);
    this.crc = crc32(chunk, this.crc);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.byteCount !== this.declaredSize) callback(unsafeArchive.sizeMismatch(this.path));
    else if (this.crc !== this.declaredCrc32) callback(unsafeArchive.checksumMismatch(this.path));
    else callback();
  }
}
