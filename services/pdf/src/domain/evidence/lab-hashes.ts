import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** What one pass over a file's bytes gives: its first bytes, size and three hashes (lower-case hex). */
export interface FileDigest {
  head: Buffer;
  sizeBytes: number;
  md5: string;
  sha1: string;
  sha256: string;
}

/**
 * Reads `stream` to its end once, keeping its first `headBytes` bytes and computing MD5, SHA-1
 * and SHA-256 of every byte. SHA-256 is the package's integrity hash; MD5 and SHA-1 are given
 * beside it because many lab tools match files on them.
 */
export async function readAndDigest(stream: Readable, headBytes: number): Promise<FileDigest> {
  const hashes = { md5: createHash('md5'), sha1: createHash('sha1'), sha256: createHash('sha256') };
  const head: Buffer[] = [];
  let headLength = 0;
  let sizeBytes = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      sizeBytes += buffer.length;
      hashes.md5.update(buffer);
      hashes.sha1.update(buffer);
      hashes.sha256.update(buffer);
      if (headLength < headBytes) {
        head.push(buffer.subarray(0, headBytes - headLength));
        headLength += Math.min(buffer.length, headBytes - headLength);
      }
    }
  } finally {
    stream.destroy();
  }
  return {
    head: Buffer.concat(head),
    sizeBytes,
    md5: hashes.md5.digest('hex'),
    sha1: hashes.sha1.digest('hex'),
    sha256: hashes.sha256.digest('hex'),
  };
}
