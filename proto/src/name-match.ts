import { asLatinLetter } from './confusables';
import { foldText, foldUnits, originalRange, type TextUnit } from './text-fold';
import { decodedUnits } from './text-escapes';
import type { TextRange } from './text-range';

// How a name removed "everywhere" (a text-everywhere redaction) is found, the one rule of the
// exhibit, the spec's checks and the web app. The text and the name are compared folded
// (`foldText`: any case, composed or not, any script's digits, invisible characters read through)
// and letter by letter by their UTS #39 confusable skeletons (Cyrillic "Еmmа" and Greek "Εmma" are
// "Emma"). Accents count ("Émma" is not "Emma"), and so does a stroke, bar or hook that is part of
// a Latin letter ("Ɇmma", "Łukasz" for "Lukasz"), exactly as an accent: with `ignoreAccents` (the
// exhibit's warning of other accents) both are left out. The text is read as a browser or a link
// would show it: percent-escapes ("Emm%61") and HTML character references ("Em&#109;a",
// "Emm&alpha;") decoded, and what they decode to decoded again, up to four readings ("Emm%2561",
// "Em&amp;#109;a"). A name is removed where it is a whole word ("Emma's", never "Emmanuel"), read
// across one line break between two of its letters, with a hyphen before it or not ("Em\nma",
// "Em-\nma"), or one braille blank (U+2800, drawn as a space: "Em⠀ma"; between two words of a name
// it is a space: "Emma⠀Carter"); and inside an email address, @handle, #hashtag, URL or word spelled
// out letter by letter (single letters with spaces, punctuation, symbols, invisible characters or
// modifier letters between: "E m m a", "E.m.m.a", "Eーmーmーa") where it starts and ends at a token
// boundary: the run's ends, a case change, a change between letters and digits, punctuation, or
// another name found there ("emmacarter2010@gmail.com", "@EmmaCarter"). A name inside any other
// word ("Dan" in "Danger", "e m m a n u e l") is not removed: it is reported, for a warning that
// never quotes it, and so is a whole word that writes a name with a letter drawn out ("Sophiaaa").

/** A place a text writes one of the names: a range of the original text, and which name (its index). */
export interface NameOccurrence extends TextRange {
  name: number;
}

/** Where a text writes the names. */
export interface NamesInText {
  /** What is removed: whole words, and names at token boundaries inside emails, handles, hashtags, URLs and spelled-out words; in order of start. */
  found: NameOccurrence[];
  /** A name inside another word (not removed: the filer is warned), in order of start. */
  insideWords: NameOccurrence[];
  /**
   * A whole word that writes a name with a letter drawn out ("Sophiaaa", "Sooophia" for "Sophia"):
   * not removed (it may be another word), the filer is warned; in order of start.
   */
  elongated: NameOccurrence[];
}

/** A letter, digit or combining mark: what a whole word does not have right before or after it. */
const WORD_CHARACTER = /^[\p{L}\p{N}\p{M}]$/u;
/** What makes a run without spaces an email address, handle, hashtag or URL: "@", "#", "://" or "www.". */
const TOKEN_MARK = /[@#]|:\/\/|\bwww\./iu;
/**
 * Letters other than modifier letters (the body of a class): a modifier letter (Lm: "ー", "ʹ", "ˑ",
 * the Arabic tatweel) is drawn as a mark or a stroke, and between single letters it is a separator.
 */
const SPELLED_LETTERS = String.raw`\p{Lu}\p{Ll}\p{Lt}\p{Lo}`;
/**
 * Single letters (each with its marks) with one to three spaces, punctuation marks, symbols,
 * modifier letters or invisible characters between each two, and no letter or digit before or
 * after: a word spelled out ("E m m a", "E.m.m.a", "E-m-m-a", "E+m+m+a", "E|m|m|a", "Eーmーmーa").
 */
const SPELLED_OUT = new RegExp(
  String.raw`(?<![${SPELLED_LETTERS}\p{N}\p{M}])[${SPELLED_LETTERS}]\p{M}*(?:[\s\p{P}\p{S}\p{Cf}\p{Lm}]{1,3}[${SPELLED_LETTERS}]\p{M}*)+(?![${SPELLED_LETTERS}\p{N}\p{M}])`,
  'gu',
);
const IS_SPELLED_LETTER = new RegExp(`^[${SPELLED_LETTERS}]`, 'u');
/** What is not a letter of a spelled-out word (with the backslash escaping it in a pattern). */
const NOT_SPELLED_LETTER = new RegExp(String.raw`\\?[^${SPELLED_LETTERS}\p{N}\p{M}]`, 'gu');

/** The emails, handles, hashtags and URLs of `text`, in order. */
const tokensOf = (text: string): TextRange[] =>
  [...text.matchAll(/\S+/gu)]
    .filter((run) => TOKEN_MARK.test(run[0]))
    .map((run) => ({ start: run.index, end: run.index + run[0].length }));

/** Whether `text` may hold something `readText` reads otherwise than as written. */
const SPELLED_OUT_ANYWHERE = new RegExp(SPELLED_OUT.source, 'u');
const needsReading = (text: string): boolean =>
  /[%&]/.test(text) || TOKEN_MARK.test(text) || SPELLED_OUT_ANYWHERE.test(text);

/** A text read for names: its units, its runs (the units of each and the range of the original), and what a spelled-out word adds. */
interface ReadText {
  units: TextUnit[];
  runs: Array<{ units: TextUnit[]; range: TextRange; spelled: boolean }>;
  /** Token boundaries inside spelled-out words: where the separator between two letters is not the word's usual one ("E m m a, e m m a"). */
  boundaries: number[];
  /** For a letter of a spelled-out word that stands for the separators after it too: the end of that span, and where the letter itself ends. */
  letterEnds: Map<number, number>;
}

/**
 * `text` decoded (`decodedUnits`), with its tokens (found as written) and its spelled-out words
 * (found in what it decodes to). In a spelled-out word each letter stands for the separators
 * after it too, so that the word is its letters alone ("E m m a" is "Emma") and a name found in
 * it spans the separators between its letters.
 */
function readText(text: string): ReadText {
  const decoded = [...decodedUnits(text)];
  const unitByOffset: number[] = [];
  const unitByPlainOffset: number[] = [];
  decoded.forEach((unit, index) => {
    for (let at = unit.source.start; at < unit.source.end; at++) unitByOffset[at] = index;
    for (let at = 0; at < unit.character.length; at++) unitByPlainOffset.push(index);
  });
  const tokens = tokensOf(text).map((token) => ({
    first: unitByOffset[token.start]!,
    last: unitByOffset[token.end - 1]!,
    spelled: false,
  }));
  let token = 0;
  const spelled = [
    ...decoded
      .map((unit) => unit.character)
      .join('')
      .matchAll(SPELLED_OUT),
  ]
    .map((word) => ({
      first: unitByPlainOffset[word.index]!,
      last: unitByPlainOffset[word.index + word[0].length - 1]!,
      spelled: true,
    }))
    .filter((word) => {
      while (token < tokens.length && tokens[token]!.last < word.first) token++;
      return token === tokens.length || word.last < tokens[token]!.first;
    });

  const read: ReadText = { units: [], runs: [], boundaries: [], letterEnds: new Map() };
  const take = (from: number, to: number) => {
    for (let at = from; at < to; at++) read.units.push(decoded[at]!);
  };
  let next = 0;
  for (const run of [...tokens, ...spelled].sort((a, b) => a.first - b.first)) {
    take(next, run.first);
    const written = decoded.slice(run.first, run.last + 1);
    const inRun = run.spelled ? spelledLetters(written, read) : written;
    for (const unit of inRun) read.units.push(unit);
    const range = { start: inRun[0]!.source.start, end: inRun.at(-1)!.source.end };
    read.runs.push({ units: inRun, range, spelled: run.spelled });
    next = run.last + 1;
  }
  take(next, decoded.length);
  return read;
}

/**
 * The letters (with their marks) of a spelled-out word, each letter taking in the separators after
 * it; where a separator is not the word's usual one, a boundary ("E m m a, e m m a" is two words).
 */
function spelledLetters(word: readonly TextUnit[], read: ReadText): TextUnit[] {
  const letters: TextUnit[][] = [];
  const separators: TextUnit[][] = [];
  let separator: TextUnit[] = [];
  for (const unit of word)
    if (/^\p{M}/u.test(unit.character) && separator.length === 0) letters.at(-1)!.push(unit);
    else if (IS_SPELLED_LETTER.test(unit.character)) {
      if (letters.length > 0) separators.push(separator);
      separator = [];
      letters.push([unit]);
    } else separator.push(unit);
  const written = separators.map((units) => units.map((unit) => unit.character).join(''));
  const counts = new Map<string, number>();
  for (const text of written) counts.set(text, (counts.get(text) ?? 0) + 1);
  const usual = [...counts].reduce((most, entry) => (entry[1] > most[1] ? entry : most))[0];
  return letters.flatMap((letter, index) => {
    const after = separators[index];
    if (after === undefined) return letter;
    const last = letter.at(-1)!;
    const end = after.at(-1)!.source.end;
    read.letterEnds.set(end, last.source.end);
    if (written[index] !== usual) read.boundaries.push(end);
    return [...letter.slice(0, -1), { ...last, source: { start: last.source.start, end } }];
  });
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

/** The patterns a name is found by: in text (its words apart), inside a token (run together or joined by punctuation), in a spelled-out word (its letters alone). */
interface NamePatterns {
  inText: RegExp;
  inToken: RegExp;
  spelled: RegExp;
  /** Its words with each letter repeated any number of times; `letters` counts the name's own. */
  elongated: RegExp;
  letters: number;
}

/** A word's runs of one letter, in order: "Anna" is a, nn, a. */
function letterRuns(word: readonly string[]): Array<{ character: string; length: number }> {
  const runs: Array<{ character: string; length: number }> = [];
  for (const character of word)
    if (runs.at(-1)?.character === character) runs.at(-1)!.length += 1;
    else runs.push({ character, length: 1 });
  return runs;
}

/**
 * What may stand between any two letters of a name written in text: one line break, with a hyphen
 * before it or not ("Em\nma", "Em-\nma"), or one braille blank (U+2800, drawn as a space but no
 * space to Unicode).
 */
const IN_WORD = String.raw`(?:-?(?:\r\n|[\n\r\u2028\u2029])|\u2800)?`;
/** What stands between two words of a name: spaces and line breaks, and braille blanks. */
const BETWEEN_WORDS = String.raw`[\s\u2800]+`;

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
      .map((word) => [...word].map((character) => character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
    patterns =
      words.length === 0
        ? null
        : {
            // A word split over two lines ("Em\nma", "Em-\nma") is read joined.
            inText: new RegExp(words.map((word) => word.join(IN_WORD)).join(BETWEEN_WORDS), 'gu'),
            inToken: new RegExp(words.map((word) => word.join('')).join(String.raw`[^\p{L}\p{N}]*`), 'gu'),
            // Its letters alone, as a spelled-out word is read: a modifier letter is a separator
            // there ("ローラ" spelled out is "ロ", "ラ").
            spelled: new RegExp(words.flat().join('').replace(NOT_SPELLED_LETTER, ''), 'gu'),
            // Each run of one letter ("nn" of "Anna") at least as long as the name's own, starting
            // where a run starts: no two ways to match, so a long run of one letter stays linear.
            elongated: new RegExp(
              `(?<!${words[0]![0]!})${words
                .map((word) =>
                  letterRuns(word)
                    .map(({ character, length }) => `(?:${character}){${length},}`)
                    .join(''),
                )
                .join(BETWEEN_WORDS)}`,
              'gu',
            ),
            letters: words.flat().length,
          };
    if (patternsByName.size >= KEPT_NAMES) patternsByName.clear();
    patternsByName.set(key, patterns);
  }
  return patterns;
}

/** The unit of a text ending at `offset` (or starting at it, `after`); undefined at an end. */
type UnitAt = (offset: number, after: boolean) => TextUnit | undefined;

/** A text's units where each is one character of it. */
const characterAt =
  (text: string): UnitAt =>
  (offset, after) => {
    const character = after
      ? text.codePointAt(offset) === undefined
        ? undefined
        : String.fromCodePoint(text.codePointAt(offset)!)
      : [...text.slice(Math.max(0, offset - 2), offset)].at(-1);
    if (character === undefined) return undefined;
    const source = after
      ? { start: offset, end: offset + character.length }
      : { start: offset - character.length, end: offset };
    return { character, source };
  };

/** A decoded text's units by where they start and end. */
function unitsAt(units: readonly TextUnit[]): UnitAt {
  const starting = new Map(units.map((unit) => [unit.source.start, unit]));
  const ending = new Map(units.map((unit) => [unit.source.end, unit]));
  return (offset, after) => (after ? starting : ending).get(offset);
}

/** What a reader does not see: format characters and other default-ignorable ones (variation selectors, the grapheme joiner). */
const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]+$/u;

/** The character right before `offset` (or at it, `after`), reading through invisible ones; undefined at an end. */
function neighbour(unitAt: UnitAt, offset: number, after: boolean): string | undefined {
  for (let unit = unitAt(offset, after); unit !== undefined;) {
    if (!INVISIBLE.test(unit.character)) return [...unit.character].at(after ? 0 : -1);
    unit = unitAt(after ? unit.source.end : unit.source.start, after);
  }
  return undefined;
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
  // Most texts have nothing to decode and no run: they are folded as written (and the fold kept).
  const read = needsReading(text) ? readText(text) : null;
  const folded = read === null ? foldText(text, options) : foldUnits(read.units, options);
  const unitAt = read === null ? characterAt(text) : unitsAt(read.units);
  const runs = read?.runs ?? [];
  const boundaries = new Set<number>();
  for (const run of read?.runs ?? []) tokenBoundaries(run.units, boundaries);
  for (const boundary of read?.boundaries ?? []) boundaries.add(boundary);
  const runAround = (range: TextRange): ReadText['runs'][number] | undefined => {
    // The last run starting at or before the range (runs are in order, apart).
    let low = 0;
    let high = runs.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (runs[middle]!.range.start <= range.start) low = middle + 1;
      else high = middle;
    }
    const run = runs[low - 1];
    return run !== undefined && range.end <= run.range.end ? run : undefined;
  };
  const isWordAt = (offset: number, after: boolean): boolean => {
    const character = neighbour(unitAt, offset, after);
    return character !== undefined && WORD_CHARACTER.test(asLatinLetter(character));
  };

  const found: NameOccurrence[] = [];
  const insideWords: NameOccurrence[] = [];
  const elongated: NameOccurrence[] = [];
  const inTokens: NameOccurrence[] = [];
  names.forEach((name, index) => {
    const patterns = namePatterns(name, ignoreAccents);
    if (patterns === null) return;
    // A drawn-out word is a whole word (greedy runs take it whole); the name as spelled is not one.
    patterns.elongated.lastIndex = 0;
    for (
      let match = patterns.elongated.exec(folded.folded);
      match !== null;
      match = patterns.elongated.exec(folded.folded)
    ) {
      const range = originalRange(folded, { start: match.index, end: match.index + match[0].length });
      const drawnOut = [...match[0].replace(/\s+/gu, '')].length > patterns.letters;
      if (
        drawnOut &&
        runAround(range) === undefined &&
        !isWordAt(range.start, false) &&
        !isWordAt(range.end, true)
      )
        elongated.push({ ...range, name: index });
    }
    // The name first, so that the engine scans for it quickly; its neighbours are checked here.
    for (const range of everyMatch(patterns.inText, folded)) {
      if (runAround(range) !== undefined) continue;
      const occurrence = { ...range, name: index };
      if (isWordAt(range.start, false) || isWordAt(range.end, true)) insideWords.push(occurrence);
      else found.push(occurrence);
    }
    if (runs.length === 0) return;
    // Inside a token the words may be run together or joined by any punctuation ("Emma.Carter");
    // a spelled-out word is its letters alone, and so is the name there.
    for (const range of everyMatch(patterns.inToken, folded))
      if (runAround(range)?.spelled === false) inTokens.push({ ...range, name: index });
    if (runs.some((run) => run.spelled))
      for (const range of everyMatch(patterns.spelled, folded))
        if (runAround(range)?.spelled === true) inTokens.push({ ...range, name: index });
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
  // A name ending inside a spelled-out word ends with its last letter, not the separators after it.
  const letterEnd = (occurrence: NameOccurrence) => ({
    ...occurrence,
    end: read?.letterEnds.get(occurrence.end) ?? occurrence.end,
  });
  return {
    found: found.map(letterEnd).sort(byStart),
    insideWords: insideWords.map(letterEnd).sort(byStart),
    elongated: elongated.sort(byStart),
  };
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
