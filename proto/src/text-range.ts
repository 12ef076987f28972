/**
 * A span of a text by JavaScript string indices (UTF-16 code units, as `String.prototype.slice`
 * and the PDF text engine's offsets count them): `start` inclusive, `end` exclusive. An emoji
 * outside the Basic Multilingual Plane takes two units.
 */
export interface TextRange {
  start: number;
  end: number;
}

/** The ranges in order of start, overlapping and touching ones joined into one. */
export function joinRanges(ranges: readonly TextRange[]): TextRange[] {
  const joined: TextRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const last = joined[joined.length - 1];
    if (last !== undefined && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else joined.push({ start: range.start, end: range.end });
  }
  return joined;
}

/**
 * Where `text` occurs in `content`, left to right, never overlapping: how a `text` redaction's
 * `occurrence` counts (the web app that picks one and the pdf service that applies it).
 */
export function textOccurrences(content: string, text: string): TextRange[] {
  const found: TextRange[] = [];
  for (let at = content.indexOf(text); at !== -1; at = content.indexOf(text, at + text.length))
    found.push({ start: at, end: at + text.length });
  return found;
}

/**
 * Which occurrence (1-based, as a `text` redaction counts them: left to right, never overlapping)
 * of `text` starts at `start` in `content`; null when none does (a span inside an overlapping run,
 * which a redaction cannot name).
 */
export function occurrenceAt(content: string, text: string, start: number): number | null {
  const index = textOccurrences(content, text).findIndex((range) => range.start === start);
  return index === -1 ? null : index + 1;
}
