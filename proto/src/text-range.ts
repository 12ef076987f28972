import { foldText, originalRange } from './text-fold';

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

/** A letter, digit or combining mark: what a whole word does not have right before or after it. */
const WORD_CHARACTER = String.raw`[\p{L}\p{N}\p{M}]`;

/**
 * Where `phrase` occurs in `content` as whole words, left to right, in any case and any spelling a
 * reader takes for the same (`foldText`), taking any run of spaces or line breaks for a space: how
 * a `text-everywhere` redaction finds a name ("Emma" in "Emma's", never in "Emmanuel"). Accents
 * count ("Chloe" is not "Chloé"), unless `ignoreAccents`: what the plan warns of.
 */
export function wordOccurrences(
  content: string,
  phrase: string,
  options: { ignoreAccents?: boolean } = {},
): TextRange[] {
  const words = foldText(phrase, options)
    .folded.trim()
    .split(/\s+/u)
    .filter((word) => word !== '');
  if (words.length === 0) return [];
  // Only what the `u` flag lets be escaped: a hyphen ("Mary-Jane") stands for itself outside a class.
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join(String.raw`\s+`);
  // The phrase first, so that the engine scans for it quickly; the character before it is
  // checked here (a match after a letter is no word, and the search goes on from the next one).
  const pattern = new RegExp(`${escaped}(?!${WORD_CHARACTER})`, 'gu');
  const folded = foldText(content, options);
  const found: TextRange[] = [];
  for (let match = pattern.exec(folded.folded); match !== null; match = pattern.exec(folded.folded)) {
    const before = [...folded.folded.slice(Math.max(0, match.index - 2), match.index)].at(-1);
    if (before !== undefined && IS_WORD_CHARACTER.test(before)) {
      pattern.lastIndex = match.index + 1;
      continue;
    }
    if (match[0] !== '')
      found.push(originalRange(folded, { start: match.index, end: match.index + match[0].length }));
  }
  return found;
}

const IS_WORD_CHARACTER = new RegExp(`^${WORD_CHARACTER}$`, 'u');
