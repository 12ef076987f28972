import type { TextRange } from './text-range';

// A name or number removed "everywhere" must go in every spelling a reader sees as the same:
// "Zoë" typed as one character or as "e" and a combining diaeresis, "STRAUSS" for "Strauß",
// "İLAYDA" for "Ilayda", full-width "５５５" and Arabic-Indic "٥٥٥" for "555". Matching runs on a
// folded copy of the text and maps what it finds back to the original's indices.

/** A folded text, and for each of its UTF-16 units the span of the original's character it came from. */
export interface FoldedText {
  folded: string;
  /** The original's indices of the character each unit of `folded` came from. */
  sources: TextRange[];
}

/** Unicode decimal digits come in runs of ten, 0 to 9: a digit's value is its place in its run. */
function decimalDigitValue(codePoint: number): number {
  let zero = codePoint;
  while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
  return (codePoint - zero) % 10;
}

const foldedCharacters = new Map<string, string>();

/**
 * One character folded: compatibility decomposition (full-width forms, ligatures, precomposed
 * letters into letter and mark), any decimal digit as its ASCII digit, any dash as "-", and full
 * case folding (upper then lower case, so "ß" is "ss").
 */
function foldCharacter(character: string): string {
  let folded = foldedCharacters.get(character);
  if (folded === undefined) {
    folded = [...character.normalize('NFKD')]
      .map((part) =>
        /\p{Nd}/u.test(part)
          ? String(decimalDigitValue(part.codePointAt(0)!))
          : /\p{Pd}/u.test(part)
            ? '-'
            : part.toUpperCase().toLowerCase(),
      )
      .join('');
    foldedCharacters.set(character, folded);
  }
  return folded;
}

/** COMBINING DOT ABOVE, which "İ" (Turkish capital dotted I) leaves after an "i" when folded. */
const DOT_ABOVE = '\u0307';

/**
 * `text` folded for matching, character by character, each unit knowing the character it came
 * from; with `ignoreAccents`, combining marks are left out too ("Chloé" reads "chloe"), to find
 * spellings that differ only by them.
 */
export function foldText(text: string, { ignoreAccents = false } = {}): FoldedText {
  // Each exhibit-wide redaction folds the same text in turn (and its own phrase or number between):
  // the last few texts folded are kept.
  const recent = recentlyFolded[ignoreAccents ? 1 : 0];
  const kept = recent.find((entry) => entry.text === text);
  if (kept !== undefined) return kept.result;
  const result = foldUncached(text, ignoreAccents);
  recent.unshift({ text, result });
  if (recent.length > KEPT_FOLDS) recent.pop();
  return result;
}

const KEPT_FOLDS = 4;
const recentlyFolded: Array<Array<{ text: string; result: FoldedText }>> = [[], []];

function foldUncached(text: string, ignoreAccents: boolean): FoldedText {
  let folded = '';
  const sources: TextRange[] = [];
  let at = 0;
  for (const character of text) {
    const source = { start: at, end: at + character.length };
    at = source.end;
    for (const part of foldCharacter(character)) {
      // Left out: the dot of Turkish "İ" ("i" to a reader), any mark when accents are ignored,
      // and an invisible format character (a zero-width space, a soft hyphen, a direction mark)
      // always: "Em\u200Bma" shows "Emma". A match around one still spans it in the original.
      const dropped =
        /^\p{Cf}$/u.test(part) ||
        (ignoreAccents ? /^\p{M}$/u.test(part) : part === DOT_ABOVE && folded.endsWith('i'));
      if (dropped) continue;
      folded += part;
      for (let unit = 0; unit < part.length; unit++) sources.push(source);
    }
  }
  return { folded, sources };
}

/** Where in the original text a span of its folded copy lies (whole characters). */
export const originalRange = ({ sources }: FoldedText, range: TextRange): TextRange => ({
  start: sources[range.start]!.start,
  end: sources[range.end - 1]!.end,
});

/** Every match of `pattern` (global) in `text` folded, as ranges of the original `text`. */
export function foldedMatches(
  text: string,
  pattern: RegExp,
  options: { ignoreAccents?: boolean } = {},
): TextRange[] {
  const folded = foldText(text, options);
  return [...folded.folded.matchAll(pattern)]
    .filter((match) => match[0] !== '')
    .map((match) => originalRange(folded, { start: match.index, end: match.index + match[0].length }));
}
