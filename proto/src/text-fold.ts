import anyAscii from 'any-ascii';
import { asLatinLetter, capitalsAsLatin, confusablePrototype } from './confusables';
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

/** A compatibility decomposition that is one letter or digit in a frame of punctuation: "⒠" is "(e)", "⒈" is "1.". */
const FRAMED = /^[\p{P}\p{S}\p{Z}]*([\p{L}\p{N}])[\p{P}\p{S}\p{Z}]*$/u;

/**
 * One character folded: compatibility decomposition (full-width forms, ligatures, precomposed
 * letters into letter and mark, a letter or digit in a frame as itself), any decimal digit as its
 * ASCII digit, any dash as "-", and full case folding (upper then lower case, so "ß" is "ss").
 */
function foldCharacter(character: string): string {
  let folded = foldedCharacters.get(character);
  if (folded === undefined) {
    const decomposed = character.normalize('NFKD');
    const framed = decomposed === character ? null : FRAMED.exec(decomposed);
    folded = [...(framed?.[1] ?? decomposed)]
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

/** How a text is folded: `ignoreAccents` leaves out accents too (`foldText`); `confusables` compares letters by their look (below). */
export interface FoldOptions {
  ignoreAccents?: boolean;
  confusables?: boolean;
}

/** A character of a text to fold, and the span of the original it stands for (a percent-escape stands for several). */
export interface TextUnit {
  character: string;
  source: TextRange;
}

/** Each character of `text` as a unit of itself. */
export function* characterUnits(text: string): Generator<TextUnit> {
  let at = 0;
  for (const character of text) {
    yield { character, source: { start: at, end: at + character.length } };
    at += character.length;
  }
}

/**
 * `text` folded for matching, character by character, each unit knowing the character it came
 * from; with `ignoreAccents`, accents are left out too, to find spellings that differ only by
 * them: combining marks ("Chloé" reads "chloe"), and a stroke, bar or hook that is part of a Latin
 * letter (`withoutBuiltInAccent`: "Łukasz" reads "lukasz"); with `confusables`, each letter as its
 * UTS #39 skeleton (`confusableSkeleton`).
 */
export function foldText(text: string, options: FoldOptions = {}): FoldedText {
  // Each exhibit-wide redaction folds the same text in turn (and its own phrase or number between):
  // the last few texts folded are kept.
  const key = `${options.ignoreAccents === true}/${options.confusables === true}`;
  let recent = recentlyFolded.get(key);
  if (recent === undefined) recentlyFolded.set(key, (recent = []));
  const kept = recent.find((entry) => entry.text === text);
  if (kept !== undefined) return kept.result;
  const result = foldUnits(characterUnits(text), options);
  recent.unshift({ text, result });
  if (recent.length > KEPT_FOLDS) recent.pop();
  return result;
}

const KEPT_FOLDS = 4;
const recentlyFolded = new Map<string, Array<{ text: string; result: FoldedText }>>();

const MARK = /^\p{M}$/u;
const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
const INHERITED = /^\p{Script=Inherited}$/u;
/** Below it no character is a mark or invisible (the soft hyphen, U+00AD, is the first): most text skips the tests. */
const FIRST_SPECIAL = 0xad;

const ENCLOSING = /^\p{Me}$/u;

/**
 * Whether `mark`, after `letter` (a character with the marks kept on it), decorates it rather than
 * accents it: an enclosing mark ("E⃝", "E҉") always; a combining mark any script may use
 * (Script=Inherited) unless it composes with its letter into one character ("e" and U+0301 are
 * "é", an accent): a strikethrough, an overlay, an underline ("E̶m̶m̶a̶"). A decoration is read through.
 */
const decorates = (letter: string, mark: string): boolean =>
  ENCLOSING.test(mark) ||
  (MARK.test(mark) &&
    INHERITED.test(mark) &&
    [...(letter + mark).normalize('NFC')].length > [...letter.normalize('NFC')].length);

/** A folded code point's UTS #39 skeleton, letters drawn as small capitals or symbols read as Latin first, in lower case. */
function skeletonOf(part: string): string {
  let skeleton = skeletons.get(part);
  if (skeleton === undefined) {
    skeleton = [...confusablePrototype(asLatinLetter(part))].map(asLatinLetter).join('');
    // Case is folded before: a caseless letter drawn as a Latin capital (Lisu "ꓰ") is that letter.
    if (/^\p{Lo}$/u.test(part) && /^[A-Z]+$/.test(skeleton)) skeleton = skeleton.toLowerCase();
    skeletons.set(part, skeleton);
  }
  return skeleton;
}

const skeletons = new Map<string, string>();

/** A cased letter of the Latin script; not a modifier letter, which is drawn as a mark. */
const CASED_LATIN = /^(?=\p{Script=Latin})[\p{Lu}\p{Ll}\p{Lt}]$/u;

/**
 * A folded code point with its accent left out where it is part of the letter: a Latin letter
 * with a stroke, a bar, a slash or a hook, which no decomposition parts from it ("ɇ", "ł", "ø",
 * "đ", "ꞓ", "ꞥ"), as the one ASCII letter any-ascii transliterates it to ("e", "l", "o", "d", "c",
 * "n"); any other code point as it is. any-ascii reads a few letters by their sound ("ɛ" as "e"):
 * accents are ignored only to warn of another spelling, where such a letter is one too.
 */
function withoutBuiltInAccent(part: string): string {
  let base = baseLetters.get(part);
  if (base === undefined) {
    // any-ascii marks a medieval abbreviation by a period after its letter: "ꝋ" (o with a long stroke) is "o.".
    const ascii = CASED_LATIN.test(part) ? /^([A-Za-z])\.?$/.exec(anyAscii(part)) : null;
    base = ascii === null ? part : ascii[1]!.toLowerCase();
    baseLetters.set(part, base);
  }
  return base;
}

const baseLetters = new Map<string, string>();

/** Units of a text (`characterUnits`, or a URL's characters percent-decoded) folded as `foldText` folds characters. */
export function foldUnits(
  units: Iterable<TextUnit>,
  { ignoreAccents = false, confusables = false }: FoldOptions = {},
): FoldedText {
  let folded = '';
  const sources: TextRange[] = [];
  /** The last character with the marks kept on it: what a mark after it composes with or not. */
  let letter = '';
  for (const { character, source } of units) {
    const plain = character.charCodeAt(0) < FIRST_SPECIAL;
    const decoration = !plain && decorates(letter, character);
    if (!decoration) letter = !plain && MARK.test(character) ? letter + character : character;
    for (const part of foldCharacter(confusables ? capitalsAsLatin(character) : character)) {
      // Left out: the dot of Turkish "İ" ("i" to a reader), any mark when accents are ignored, a
      // decoration, and an invisible character always: a format character (a zero-width space, a
      // soft hyphen, a direction mark) or another default-ignorable one (a variation selector,
      // the combining grapheme joiner): "Em\u200Bma" and "Em\u034Fma" show "Emma". A match
      // around one still spans it in the original, and a mark left out goes with the character
      // before it, so that a match ending there takes it in ("E̶m̶m̶a̶", a keycap "7️⃣").
      const mark = part.charCodeAt(0) >= FIRST_SPECIAL && MARK.test(part);
      const dropped =
        decoration ||
        (part.charCodeAt(0) >= FIRST_SPECIAL && INVISIBLE.test(part)) ||
        (ignoreAccents ? mark : part === DOT_ABOVE && folded.endsWith('i'));
      if (dropped) {
        if (mark) extendLast(sources, source.end);
        continue;
      }
      const letter = ignoreAccents && part.charCodeAt(0) >= FIRST_SPECIAL ? withoutBuiltInAccent(part) : part;
      const unit = confusables ? skeletonOf(letter) : letter;
      folded += unit;
      for (let at = 0; at < unit.length; at++) sources.push(source);
    }
  }
  return { folded, sources };
}

/** The last character's span (every unit folded from it) extended to `end`. */
function extendLast(sources: TextRange[], end: number): void {
  const last = sources.at(-1);
  if (last === undefined || last.end >= end) return;
  const extended = { start: last.start, end };
  for (let at = sources.length - 1; at >= 0 && sources[at] === last; at--) sources[at] = extended;
}

/** Where in the original text a span of its folded copy lies (whole characters). */
export const originalRange = ({ sources }: FoldedText, range: TextRange): TextRange => ({
  start: sources[range.start]!.start,
  end: sources[range.end - 1]!.end,
});
