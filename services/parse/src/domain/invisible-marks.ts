// Invisible and look-alike characters that WhatsApp writes into exports: direction marks at line
// starts and before markers, embedding/isolate marks around phone numbers, no-break spaces
// before AM/PM and in "~ Name", non-breaking hyphens inside phone numbers.

/**
 * Zero-width direction, embedding and isolate marks, and U+FEFF (a byte-order mark read as text,
 * e.g. a second one at the start of a file) (regex class body, no brackets).
 */
export const ZERO_WIDTH_MARKS = '\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\uFEFF';
/** Characters that stand for a space in headers (regex class body). */
export const SPACE_LIKE = ' \\u00A0\\u202F';

/** True for a character of ZERO_WIDTH_MARKS. */
export function isZeroWidthMark(code: number): boolean {
  return (
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

const ZERO_WIDTH_MARK_GLOBAL = new RegExp(`[${ZERO_WIDTH_MARKS}]`, 'g');
const LOOK_ALIKE_GLOBAL = /[\u00A0\u202F\u2011]/g;
const NEEDS_NAME_CLEANING = new RegExp(`[${ZERO_WIDTH_MARKS}\\u00A0\\u202F\\u2011]`);

/**
 * A person's or file's name as a reader sees it: zero-width marks removed, no-break spaces as
 * plain spaces, non-breaking hyphens as hyphens (so "+49 151‑2345" keeps every digit and its
 * visible form). Nothing else changes, not even spaces at the ends: two names written
 * differently stay two names.
 */
export function cleanName(name: string): string {
  if (!NEEDS_NAME_CLEANING.test(name)) return name;
  return name
    .replace(ZERO_WIDTH_MARK_GLOBAL, '')
    .replace(LOOK_ALIKE_GLOBAL, (c) => (c === '\u2011' ? '-' : ' '));
}

/**
 * True for whitespace (a character of the regex class `\s`) or a left-to-right / right-to-left
 * mark. Embeddings and isolates (U+202A-E, U+2066-9) come in pairs around a phone number or
 * name; trimming one of a pair would leave the other unbalanced, so text keeps them.
 */
export function isTrimmable(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Removes whitespace and direction marks from both ends; returns the same string when there is nothing to trim. */
export function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isTrimmable(text.charCodeAt(start))) start++;
  while (end > start && isTrimmable(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/**
 * Text as a reader sees it: zero-width direction, embedding and isolate marks and U+FEFF removed
 * wherever they stand (the export's `raw` keeps them). Returns the same string when there are none.
 */
export function withoutMarks(text: string): string {
  return NEEDS_MARK_REMOVAL.test(text) ? text.replace(ZERO_WIDTH_MARK_GLOBAL, '') : text;
}

const NEEDS_MARK_REMOVAL = new RegExp(`[${ZERO_WIDTH_MARKS}]`);
