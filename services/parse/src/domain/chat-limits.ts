// CHAT_LIMITS held while a chat text is read and parsed: a line's length before the text is
// decoded (so that no more than one line's allowance of it is ever held), and again, exactly,
// on the decoded text; the decoded text's length; the number of entries as the parser finds them.

import { type ChatLimitReason, CHAT_LIMIT_SENTENCES } from '@chatexhibit/proto/chat-limits';
import { CHAT_LIMITS } from '@chatexhibit/proto/constants';
import type { TextEncodingName } from './decode';

/** A chat text over one of CHAT_LIMITS, in words for the person who uploaded it. */
export class ChatLimitError extends Error {
  override readonly name = 'ChatLimitError';

  constructor(readonly reason: ChatLimitReason) {
    super(CHAT_LIMIT_SENTENCES[reason]);
  }
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * A text file's bytes, read whole, refused as soon as a run of bytes without a line break passes
 * `CHAT_LIMITS.maxLineBytes`: a 50 MB line is given up after its first megabyte. A line-break
 * byte is exact for UTF-8; in UTF-16 a character whose byte is 0x0A or 0x0D ends a run early,
 * and `refuseLongLines` then measures the decoded text.
 */
export async function readWithinLineLimit(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const kept: Uint8Array[] = [];
  let total = 0;
  let run = 0;
  for await (const chunk of chunks) {
    let from = 0;
    let lf = chunk.indexOf(LF);
    let cr = chunk.indexOf(CR);
    while (from < chunk.length) {
      if (lf !== -1 && lf < from) lf = chunk.indexOf(LF, from);
      if (cr !== -1 && cr < from) cr = chunk.indexOf(CR, from);
      const lineBreak = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      run += (lineBreak === -1 ? chunk.length : lineBreak) - from;
      if (run > CHAT_LIMITS.maxLineBytes) throw new ChatLimitError('line_too_long');
      if (lineBreak === -1) break;
      run = 0;
      from = lineBreak + 1;
    }
    kept.push(chunk);
    total += chunk.length;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of kept) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Refuses a decoded text with a line longer than `CHAT_LIMITS.maxLineBytes` as `encoding` stores
 * it (UTF-8 for text given as a string), before anything slower than a scan looks at it.
 */
export function refuseLongLines(text: string, encoding: TextEncodingName | null): void {
  const utf16 = encoding === 'utf-16le' || encoding === 'utf-16be';
  const max = CHAT_LIMITS.maxLineBytes;
  // Each search is repeated only once passed, as a file may hold few of either break.
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  let start = 0;
  while (start < text.length) {
    if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
    if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
    const lineBreak = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
    const end = lineBreak === -1 ? text.length : lineBreak;
    // UTF-8 takes at most 3 bytes per UTF-16 unit: only a long line needs counting.
    const units = end - start;
    const bytes = utf16 ? 2 * units : units > max / 3 ? utf8Length(text, start, end) : 0;
    if (bytes > max) throw new ChatLimitError('line_too_long');
    start = end + 1;
  }
}

function utf8Length(text: string, start: number, end: number): number {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is 4 bytes, 2 for each half.
    bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}

/** Refuses a decoded text longer than `CHAT_LIMITS.maxTextCharacters`, before anything reads it. */
export function refuseLongText(text: string): void {
  if (text.length > CHAT_LIMITS.maxTextCharacters) throw new ChatLimitError('too_much_text');
}

/** Refuses the entry that would pass `CHAT_LIMITS.maxEntries` (`count` the entries so far). */
export function refuseEntryPast(count: number): void {
  if (count >= CHAT_LIMITS.maxEntries) throw new ChatLimitError('too_many_entries');
}
