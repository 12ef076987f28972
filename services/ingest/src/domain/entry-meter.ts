// Sits between an entry's decompressed bytes and whoever stores them: hashes and counts the bytes as
// they pass, and fails the stream as soon as the entry turns out to be longer than the archive
// declared (a lying ZIP bomb is stopped here, after at most one chunk too many) or, at its end,
// shorter or with a different CRC-32 (yauzl checks neither when validateEntrySizes is off).

import type { TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { Sha256Meter } from '@chatexhibit/kit/streams/sha256-meter';
import { unsafeArchive } from './unsafe-archive-error';

export class EntryMeter extends Sha256Meter {
  private crc = 0;

  constructor(
    private readonly path: string,
    private readonly declaredSize: number,
    private readonly declaredCrc32: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.size + chunk.length > this.declaredSize) {
      callback(unsafeArchive.sizeMismatch(this.path));
      return;
    }
    this.crc = crc32(chunk, this.crc);
    super._transform(chunk, encoding, callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.size !== this.declaredSize) callback(unsafeArchive.sizeMismatch(this.path));
    else if (this.crc !== this.declaredCrc32) callback(unsafeArchive.checksumMismatch(this.path));
    else callback();
  }
}
