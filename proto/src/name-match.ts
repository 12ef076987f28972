import { characterUnits, foldText, foldUnits, originalRange, type TextUnit } from './text-fold';
import type { TextRange } from './text-range';

// How a name removed "everywhere" (a text-everywhere redaction) is found, the one rule of the
// exhibit, the spec's checks and the web app. The text and the name are compared folded
// (`foldText`: any case, composed or not, any script's digits, invisible characters read through)
// and letter by letter by their UTS #39 confusable skeletons (Cyrillic "Еmmа" and Greek "Εmma" are
// "Emma"). A name is removed where it is a whole word ("Emma's", never "Emmanuel"), and inside an
// email address, @handle, #hashtag or URL (percent-decoded: "Emma%20Carter") where it starts and
// ends at a token boundary: the token's ends, a case change, a change between letters and digits,
// punctuation, or another name found there ("emmacarter2010@gmail.com", "@EmmaCarter"). A name
// inside any other word ("Dan" in "Danger") is not removed: it is reported, for a warning that
// never quotes it.

/** A place a text writes one of the names: a range of the original text, and which name (its index). */
export interface NameOccurrence extends TextRange {
  name: number;
}

/** Where a text writes the names. */
export interface NamesInText {
  /** What is removed: whole words, and names at token boundaries inside emails, handles, hashtags and URLs; in order of start. */
  found: NameOccurrence[];
  /** A name inside another word (not removed: the filer is warned), in order of start. */
  insideWords: NameOccurrence[];
}

/** A letter, digit or combining mark: what a whole word does not have right before or after it. */
const WORD_CHARACTER = /^[\p{L}\p{N}\p{M}]$/u;
/** What makes a run without spaces an email address, handle, hashtag or URL: "@", "#", "://" or "www.". */
const TOKEN_MARK = /[@#]|:\/\/|\bwww\./iu;

/** The emails, handles, hashtags and URLs of `text`, in order. */
const tokensOf = (text: string): TextRange[] =>
  [...text.matchAll(/\S+/gu)]
    .filter((run) => TOKEN_MARK.test(run[0]))
    .map((run) => ({ start: run.index, end: run.index + run[0].length }));

/** How many UTF-8 bytes a character whose first byte is `lead` has; 0 when `lead` starts none. */
const utf8Length = (lead: number): number =>
  lead < 0x80
    ? 1
    : lead >= 0xc2 && lead < 0xe0
      ? 2
      : lead >= 0xe0 && lead < 0xf0
        ? 3
        : lead >= 0xf0 && lead < 0xf5
          ? 4
          : 0;

const PERCENT_ESCAPE = /^%[0-9a-f]{2}$/i;

/** The characters of a token, percent-escapes decoded ("%20" a space, "%C3%A9" "é"), each knowing what of the original it stands for. */
function* tokenUnits(text: string, token: TextRange): Generator<TextUnit> {
  let at = token.start;
  while (at < token.end) {
    const escape = text.slice(at, at + 3);
    if (PERCENT_ESCAPE.test(escape)) {
      const bytes = utf8Length(parseInt(escape.slice(1), 16));
      const end = at + 3 * bytes;
      const escapes = text.slice(at, end);
      if (bytes > 0 && end <= token.end && /^(?:%[0-9a-f]{2})+$/i.test(escapes)) {
        let character: string | null = null;
        try {
          character = decodeURIComponent(escapes);
        } catch {
          // Not UTF-8: read as written.
        }
        if (character !== null) {
          yield { character, source: { start: at, end } };
          at = end;
          continue;
        }
      }
    }
    const character = String.fromCodePoint(text.codePointAt(at)!);
    yield { character, source: { start: at, end: at + character.length } };
    at += character.length;
  }
}

/** The text's characters, those of its tokens percent-decoded. */
function* textUnits(text: string, tokens: readonly TextRange[]): Generator<TextUnit> {
  let at = 0;
  for (const token of tokens) {
    for (const unit of characterUnits(text.slice(at, token.start)))
      yield {
        character: unit.character,
        source: { start: at + unit.source.start, end: at + unit.source.end },
      };
    yield* tokenUnits(text, token);
    at = token.end;
  }
  for (const unit of characterUnits(text.slice(at)))
    yield { character: unit.character, source: { start: at + unit.source.start, end: at + unit.source.end } };
}

type CharacterClass = 'upper' | 'lower' | 'digit' | 'mark' | 'other';

const classOf = (character: string): CharacterClass =>
  /^[\p{Lu}\p{Lt}]$/u.test(character)
    ? 'upper'
    : /^\p{L}$/u.test(character)
      ? 'lower'
      : /^\p{N}$/u.test(character)
        ? 'digit'
        : /^\p{M}$/u.test(character)
          ? 'mark'
          : 'other';

/**
 * The token boundaries of the units of one token, as offsets of the original text: its ends, and
 * between two characters where one is punctuation (or a space, or invisible), where letters and
 * digits meet, where a lower-case letter meets a capital, and before the last capital of a run
 * followed by a lower-case letter ("EMMACarter").
 */
function tokenBoundaries(units: readonly TextUnit[], boundaries: Set<number>): void {
  if (units.length === 0) return;
  boundaries.add(units[0]!.source.start);
  boundaries.add(units[units.length - 1]!.source.end);
  // A mark goes with the letter before it.
  const classes = units.map((unit) => classOf(unit.character.normalize('NFC')));
  // The class of the next character that is no mark, from each unit on.
  const nextClasses: Array<CharacterClass | undefined> = [];
  for (let at = units.length - 1, next: CharacterClass | undefined; at >= 0; at--) {
    nextClasses[at] = next;
    if (classes[at] !== 'mark') next = classes[at];
  }
  let before: CharacterClass = 'other';
  for (let at = 1; at < units.length; at++) {
    if (classes[at - 1] !== 'mark') before = classes[at - 1]!;
    const here = classes[at]!;
    if (here === 'mark') continue;
    const next = nextClasses[at];
    const letters = (found: CharacterClass) => found === 'upper' || found === 'lower';
    const boundary =
      before === 'other' ||
      here === 'other' ||
      (letters(before) && here === 'digit') ||
      (before === 'digit' && letters(here)) ||
      (before === 'lower' && here === 'upper') ||
      (before === 'upper' && here === 'upper' && next === 'lower');
    if (boundary) boundaries.add(units[at]!.source.start);
  }
}

/** The patterns a name is found by, in text (its words apart) and inside a token (run together or joined by punctuation). */
interface NamePatterns {
  inText: RegExp;
  inToken: RegExp;
}

/** Each name's patterns, kept: every text of an exhibit is searched for the same names. */
const patternsByName = new Map<string, NamePatterns | null>();
const KEPT_NAMES = 1000;

/** A name's patterns (null when it has no word), in the folded, skeleton form texts are matched in. */
function namePatterns(name: string, ignoreAccents: boolean): NamePatterns | null {
  const key = `${ignoreAccents}/${name}`;
  let patterns = patternsByName.get(key);
  if (patterns === undefined) {
    const words = foldText(name, { ignoreAccents, confusables: true })
      .folded.trim()
      .split(/\s+/u)
      .filter((word) => word !== '')
      // Only what the `u` flag lets be escaped: a hyphen ("Mary-Jane") stands for itself outside a class.
      .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
    patterns =
      words.length === 0
        ? null
        : {
            inText: new RegExp(words.join(String.raw`\s+`), 'gu'),
            inToken: new RegExp(words.join(String.raw`[^\p{L}\p{N}]*`), 'gu'),
          };
    if (patternsByName.size >= KEPT_NAMES) patternsByName.clear();
    patternsByName.set(key, patterns);
  }
  return patterns;
}

/** The character of `text` right before `offset` (or at it, `after`), reading through invisible ones; undefined at an end. */
function neighbour(text: string, offset: number, after: boolean): string | undefined {
  let at = offset;
  for (;;) {
    const character = after
      ? text.codePointAt(at) === undefined
        ? undefined
        : String.fromCodePoint(text.codePointAt(at)!)
      : [...text.slice(Math.max(0, at - 2), at)].at(-1);
    if (character === undefined || !/^\p{Cf}$/u.test(character)) return character;
    at += after ? character.length : -character.length;
  }
}

/** Every match of `pattern` (global) in `folded`, overlapping ones too, as ranges of the original. */
function* everyMatch(
  pattern: RegExp,
  folded: { folded: string; sources: TextRange[] },
): Generator<TextRange> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(folded.folded); match !== null; match = pattern.exec(folded.folded)) {
    pattern.lastIndex = match.index + 1;
    if (match[0] !== '')
      yield originalRange(folded, { start: match.index, end: match.index + match[0].length });
  }
}

/**
 * Where `text` writes each of `names` (by the rule above): what is removed, and the names inside
 * other words. Accents count ("Chloe" is not "Chloé") unless `ignoreAccents`.
 */
export function findNames(
  text: string,
  names: readonly string[],
  { ignoreAccents = false }: { ignoreAccents?: boolean } = {},
): NamesInText {
  const options = { ignoreAccents, confusables: true };
  const tokens = tokensOf(text);
  const boundaries = new Set<number>();
  for (const token of tokens) tokenBoundaries([...tokenUnits(text, token)], boundaries);
  const folded = tokens.length === 0 ? foldText(text, options) : foldUnits(textUnits(text, tokens), options);
  const tokenAround = (range: TextRange): TextRange | undefined => {
    // The last token starting at or before the range (tokens are in order, apart).
    let low = 0;
    let high = tokens.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tokens[middle]!.start <= range.start) low = middle + 1;
      else high = middle;
    }
    const token = tokens[low - 1];
    return token !== undefined && range.end <= token.end ? token : undefined;
  };
  const isWordAt = (offset: number, after: boolean): boolean => {
    const character = neighbour(text, offset, after);
    return character !== undefined && WORD_CHARACTER.test(character);
  };

  const found: NameOccurrence[] = [];
  const insideWords: NameOccurrence[] = [];
  const inTokens: NameOccurrence[] = [];
  names.forEach((name, index) => {
    const patterns = namePatterns(name, ignoreAccents);
    if (patterns === null) return;
    // The name first, so that the engine scans for it quickly; its neighbours are checked here.
    for (const range of everyMatch(patterns.inText, folded)) {
      if (tokenAround(range) !== undefined) continue;
      const occurrence = { ...range, name: index };
      if (isWordAt(range.start, false) || isWordAt(range.end, true)) insideWords.push(occurrence);
      else found.push(occurrence);
    }
    if (tokens.length > 0)
      // Inside a token the words may be run together or joined by any punctuation ("Emma.Carter").
      for (const range of everyMatch(patterns.inToken, folded))
        if (tokenAround(range) !== undefined) inTokens.push({ ...range, name: index });
  });

  // A name inside a token is removed where each of its ends is a boundary or touches another name
  // removed there: "emma" and "carter" of "emmacarter2010@…" for the names "Emma" and "Carter".
  // An end is good when a chain of names touching end to end reaches a boundary from it.
  const startsWell = new Set<NameOccurrence>();
  const wellEnded = new Set<number>();
  for (const occurrence of [...inTokens].sort((a, b) => a.start - b.start))
    if (boundaries.has(occurrence.start) || wellEnded.has(occurrence.start)) {
      startsWell.add(occurrence);
      wellEnded.add(occurrence.end);
    }
  const endsWell = new Set<NameOccurrence>();
  const wellStarted = new Set<number>();
  for (const occurrence of [...inTokens].sort((a, b) => b.end - a.end))
    if (boundaries.has(occurrence.end) || wellStarted.has(occurrence.end)) {
      endsWell.add(occurrence);
      wellStarted.add(occurrence.start);
    }
  for (const occurrence of inTokens)
    (startsWell.has(occurrence) && endsWell.has(occurrence) ? found : insideWords).push(occurrence);
  const byStart = (a: NameOccurrence, b: NameOccurrence) =>
    a.start - b.start || a.end - b.end || a.name - b.name;
  return { found: found.sort(byStart), insideWords: insideWords.sort(byStart) };
}

/**
 * Where `text` writes `name` to be removed, by the rule above (a whole word, or at token boundaries
 * inside an email, handle, hashtag or URL), in order.
 */
export const nameOccurrences = (
  text: string,
  name: string,
  options: { ignoreAccents?: boolean } = {},
): TextRange[] => findNames(text, [name], options).found.map(({ start, end }) => ({ start, end }));
