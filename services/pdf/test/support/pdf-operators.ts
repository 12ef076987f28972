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

/** How a text can sit in a PDF's objects: as bytes, as UTF-16BE in a literal or hex string (ActualText, metadata). */
export function pdfForms(text: string): string[] {
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  const literal = utf16.toString('latin1').replace(/[()\\]/g, (c) => `\\${c}`);
  const hex = utf16.toString('hex');
  return [Buffer.from(text, 'utf8').toString('latin1'), literal, hex, hex.toUpperCase()];
}

/** The PDF's bytes and every deflated stream inflated: where a leak of text would show. */
export async function pdfObjects(file: string): Promise<string> {
  return `${(await readFile(file)).toString('latin1')}\n${await drawingOperators(file)}`;
}
