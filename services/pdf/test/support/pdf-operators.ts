import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';

/** Every compressed stream of a PDF, inflated: the pages' drawing operators among them. */
export async function drawingOperators(file: string): Promise<string> {
  const raw = await readFile(file);
  const parts: string[] = [];
  for (let at = raw.indexOf('stream\n'); at >= 0; at = raw.indexOf('stream\n', at + 1)) {
    const end = raw.indexOf('\nendstream', at);
    try {
      parts.push(inflateSync(raw.subarray(at + 'stream\n'.length, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (an embedded file stored as is, an image).
    }
  }
  return parts.join('\n');
}
