import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** Passes bytes through unchanged, hashing (SHA-256) and counting them on the way. */
export class Sha256Meter extends Transform {
  private readonly hash = createHash('sha256');
  private byteCount = 0;

  get size(): number {
    return this.byteCount;
  }

  /** Hex SHA-256 of everything that passed; final once the stream has ended. */
  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.byteCount += chunk.length;
    this.hash.update(chunk);
    callback(null, chunk);
  }
}
