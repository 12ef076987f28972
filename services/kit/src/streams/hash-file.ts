import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Sha256Meter } from './sha256-meter';

/** SHA-256 (hex) and size of a local file, read as a stream. */
export async function hashFile(file: string): Promise<{ sha256: string; sizeBytes: number }> {
  const meter = new Sha256Meter();
  const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  await pipeline(createReadStream(file), meter, discard);
  return { sha256: meter.sha256, sizeBytes: meter.size };
}
