// Plain text for the package's texts (declaration, README): lines of at most 80 columns, LF endings.

import { codePointLabel } from '../text/unicode';

export const LINE_WIDTH = 80;

/** Zero-width: combining marks, joiners, variation selectors. */
const COMBINING_MARK = /^[\p{Mn}\p{Me}]$/u;
const isZeroWidth = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (
    (code >= 0x200b && code <= 0x200d) ||
    code === 0x2060 ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    (code >= 0xe0100 && code <= 0xe01ef) ||
    COMBINING_MARK.test(char)
  );
};

/** Two columns: East Asian wide and fullwidth characters, emoji presentation. */
const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x1fa70, 0x1faff],
  [0x20000, 0x3fffd],
];
const isWide = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return WIDE_RANGES.some(([from, to]) => code >= from && code <= to);
};

/** Columns `text` takes in a monospaced terminal or editor (a close approximation). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += isZeroWidth(char) ? 0 : isWide(char) ? 2 : 1;
  return width;
}

/**
 * Characters that are invisible or reorder text (controls, bidirectional overrides, line and
 * paragraph separators), shown as <U+XXXX> so that a name or path cannot disguise itself or break
 * the layout. Everything else stays exactly as written.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ue000\ufeff]/g;

/**
 * Joins the words of a blank's label so that wrapping never splits it; toText turns it back into
 * a space. (A private-use character: showInvisible escapes it in names, so none slips through.)
 */
const GLUE = '\ue000';

export const showInvisible = (text: string): string =>
  text.replace(INVISIBLE, (c) => `<${codePointLabel(c)}>`);

/** Splits `word` into pieces of at most `width` columns. */
function splitLong(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && displayWidth(piece + char) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * Word-wraps one paragraph: the first line starts with `firstIndent`, the others with `indent`.
 * A word longer than a line is cut.
 */
export function wrap(
  paragraph: string,
  options: { indent?: string; firstIndent?: string; width?: number } = {},
): string[] {
  const indent = options.indent ?? '';
  const firstIndent = options.firstIndent ?? indent;
  const width = options.width ?? LINE_WIDTH;
  const lines: string[] = [];
  let line = firstIndent;
  let lineHasWord = false;
  const room = (): number => width - displayWidth(lines.length === 0 ? firstIndent : indent);
  for (const word of paragraph.split(/[ \t\r\n]+/).filter((w) => w !== '')) {
    const candidate = lineHasWord ? `${line} ${word}` : `${line}${word}`;
    if (displayWidth(candidate) <= width) {
      line = candidate;
      lineHasWord = true;
      continue;
    }
    if (lineHasWord) {
      lines.push(line);
      line = indent;
      lineHasWord = false;
    }
    const pieces = splitLong(word, room());
    for (const piece of pieces.slice(0, -1)) {
      lines.push(line + piece);
      line = indent;
    }
    line += pieces[pieces.length - 1];
    lineHasWord = true;
  }
  if (lineHasWord || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

/**
 * A path (or other value whose spaces matter) on as many lines as it needs, each starting with
 * `indent` after the first: it is cut after a '/' where possible, never at a space, so no
 * space of the path disappears at a line end.
 */
export function wrapPath(
  value: string,
  firstPrefix: string,
  indent: string,
  width: number = LINE_WIDTH,
): string[] {
  const lines: string[] = [];
  let prefix = firstPrefix;
  let rest = [...value];
  while (displayWidth(prefix + rest.join('')) > width) {
    const room = Math.max(1, width - displayWidth(prefix));
    let fits = 0;
    while (fits < rest.length && displayWidth(rest.slice(0, fits + 1).join('')) <= room) fits++;
    fits = Math.max(1, fits);
    let cut = rest.slice(0, fits).lastIndexOf('/') + 1;
    if (cut <= 0) cut = fits;
    while (cut > 1 && (rest[cut - 1] === ' ' || rest[cut] === ' ')) cut--;
    lines.push(prefix + rest.slice(0, cut).join(''));
    rest = rest.slice(cut);
    prefix = indent;
  }
  lines.push(prefix + rest.join(''));
  return lines;
}

/** A blank for a person to fill in: `______________________ [label]`. */
export const blank = (label: string, underscores = 22): string =>
  `${'_'.repeat(underscores)}${GLUE}[${label.replace(/ /g, GLUE)}]`;

/** `text` with the glue of keepTogether and blank made spaces again, for output that is not wrapped. */
export const unglue = (text: string): string => text.replaceAll(GLUE, ' ');

/** `text` as one word for wrap(): its spaces never become line breaks. */
export const keepTogether = (text: string): string => text.replace(/ /g, GLUE);

/** '2025-01-02T03:04:05.000Z' → '2025-01-02 03:04:05 UTC', never split across lines. */
export const formatUtc = (date: Date): string =>
  keepTogether(`${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`);

/**
 * A recorded local time 'YYYY-MM-DDTHH:mm:ss' as '2023-06-07 15:14:02', or '2023-06-07 15:14' when
 * the export recorded no seconds (its ':00' is no recorded second); 'none' for null.
 */
export const formatRecorded = (timestamp: string | null, withSeconds: boolean): string =>
  timestamp === null ? 'none' : keepTogether(timestamp.slice(0, withSeconds ? 19 : 16).replace('T', ' '));

/** Joins lines with LF, one LF at the end, no more than one empty line in a row. */
export function toText(lines: readonly string[]): Buffer {
  const cleaned: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim() === '' ? '' : line;
    if (trimmed === '' && (cleaned.length === 0 || cleaned[cleaned.length - 1] === '')) continue;
    cleaned.push(trimmed);
  }
  while (cleaned.length > 0 && cleaned[cleaned.length - 1] === '') cleaned.pop();
  return Buffer.from(`${cleaned.join('\n')}\n`.replaceAll(GLUE, ' '), 'utf8');
}
