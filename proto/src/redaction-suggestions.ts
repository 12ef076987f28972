import { MIDDLE_DOTS, readDigitLookAlikes } from './confusables';
import type { Redaction, RedactionCategory } from './exhibit-spec';
import { occurrenceAt, type TextRange } from './text-range';
import type { SuggestedKind } from './suggested-kinds';

// Federal Rule of Civil Procedure 5.2(a) lets a filing show only the last four digits of a
// social-security, taxpayer-identification or financial-account number and only the year of a
// birth date. These patterns point at text that looks like one, for the filer to accept or not:
// nothing is redacted because it was suggested. They err towards silence on ordinary numbers
// (phone numbers, dates, amounts), which a filer would otherwise have to dismiss one by one.

/** What Rule 5.2(a) lets a filing show of each category a suggestion has: the rule, and the part of the item. */
export const RULE_5_2_ALLOWS: Record<RedactionSuggestion['category'], { rule: string; part: string }> = {
  'taxpayer-id': { rule: 'Fed. R. Civ. P. 5.2(a)(1)', part: 'last four digits' },
  'financial-account': { rule: 'Fed. R. Civ. P. 5.2(a)(4)', part: 'last four digits' },
  'birth-date': { rule: 'Fed. R. Civ. P. 5.2(a)(2)', part: 'year' },
};

/** The category of each kind a suggestion finds. */
export const SUGGESTED_CATEGORIES: Record<SuggestedKind, RedactionSuggestion['category']> = {
  ssn: 'taxpayer-id',
  ein: 'taxpayer-id',
  'taxpayer-id': 'taxpayer-id',
  'card-number': 'financial-account',
  iban: 'financial-account',
  'account-number': 'financial-account',
  'birth-date': 'birth-date',
};

/** A span of text that looks like something Rule 5.2(a) asks a filing to redact. */
export interface RedactionSuggestion extends TextRange {
  category: Extract<RedactionCategory, 'taxpayer-id' | 'financial-account' | 'birth-date'>;
  kind: SuggestedKind;
  /**
   * The part of the span the rule lets a filing show (the last four digits, or the year of
   * birth): a redaction of the span less this part is the least the rule asks for.
   */
  mayShow: TextRange;
}

/**
 * What of a suggestion the rule asks a filing to remove, the least an accepted suggestion removes:
 * its span less the part the rule lets show, which stands at one of its ends ("123-45-" of
 * "123-45-6789", "04/12/" of "04/12/2015", "-04-12" of "2015-04-12").
 */
export const partToRemove = ({ start, end, mayShow }: RedactionSuggestion): TextRange =>
  mayShow.start === start ? { start: mayShow.end, end } : { start, end: mayShow.start };

/**
 * The redaction accepting a suggestion in message `message` (whose text is `content`) adds: the
 * occurrence of all of it but what the rule lets show ("123-45-" of "123-45-6789"), with the rule's
 * category (the web app's Accept button, the public copy). Null when that text starts inside an
 * overlapping run of itself, which no occurrence names.
 */
export function acceptedRedaction(
  message: number,
  content: string,
  suggestion: RedactionSuggestion,
): Extract<Redaction, { kind: 'text' }> | null {
  const removed = partToRemove(suggestion);
  const text = content.slice(removed.start, removed.end);
  const occurrence = occurrenceAt(content, text, removed.start);
  if (occurrence === null) return null;
  return { kind: 'text', message, text, occurrence, reason: { category: suggestion.category } };
}

/** Digits with single spaces or hyphens between them, as numbers are grouped. */
const grouped = (min: number, max: number): string => String.raw`\d(?:[ \-]?\d){${min - 1},${max - 1}}`;
/** No digit, letter or digit-joining mark right before or after: the number is not part of a longer one. */
const ALONE_BEFORE = String.raw`(?<![\p{L}\p{N}+]|\d[ \-.,/${MIDDLE_DOTS}])`;
const ALONE_AFTER = String.raw`(?![\p{L}\p{N}]|[ \-.,/${MIDDLE_DOTS}]\d)`;

/** 123-45-6789, 123 45 6789, 123.45.6789 or 123·45·6789, one separator throughout; never area 000, 666 or group 00. */
const SSN = new RegExp(
  String.raw`${ALONE_BEFORE}(\d{3})([\- .${MIDDLE_DOTS}])(\d{2})\2(\d{4})${ALONE_AFTER}`,
  'gu',
);
/** An employer identification number, 12-3456789. */
const EIN = new RegExp(String.raw`${ALONE_BEFORE}\d{2}-\d{7}${ALONE_AFTER}`, 'gu');
/** Nine digits in a row after a word that names a taxpayer number. */
const NAMED_TAXPAYER_ID = new RegExp(
  String.raw`\b(?:ssn|ss#|social security(?: number| no\.?)?|tin|itin|ein|tax id|taxpayer id)\b[^\p{N}\n]{0,20}?${ALONE_BEFORE}(\d{9})${ALONE_AFTER}`,
  'giu',
);
/** 13 to 19 digits, grouped by spaces or hyphens, as card numbers are. */
const CARD = new RegExp(`${ALONE_BEFORE}${grouped(13, 19)}${ALONE_AFTER}`, 'gu');
/** A country code, two check digits and up to 30 letters and digits, in groups of four or not. */
const IBAN = new RegExp(
  String.raw`(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![\p{L}\p{N}])`,
  'gu',
);
/** Six or more digits after a word that names a bank account (within a few words on the same line). */
const NAMED_ACCOUNT = new RegExp(
  String.raw`\b(?:account|acct|a/c|routing|aba|iban)\b[^\p{N}\n]{0,25}?${ALONE_BEFORE}(${grouped(6, 34)})${ALONE_AFTER}`,
  'giu',
);
/** The words that name an account or a bank's routing number; the last before a number names it. */
const ACCOUNT_WORDS = /\b(?:account|acct|a\/c|iban|routing|aba|rtn|transit)\b/giu;
const ROUTING_WORDS = new Set(['routing', 'aba', 'rtn', 'transit']);

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
/** A full date (day, month and year) in the ways people write one, in group `date`. */
const FULL_DATE = `${ALONE_BEFORE}(?<date>${[
  String.raw`(?:19|20)\d{2}-\d{1,2}-\d{1,2}`,
  String.raw`\d{1,2}(?<separator>[/.\-])\d{1,2}\k<separator>(?:19|20)?\d{2}`,
  String.raw`(?:${MONTHS})\.? \d{1,2}(?:st|nd|rd|th)?,? (?:19|20)\d{2}`,
  String.raw`\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:${MONTHS})\.?,? (?:19|20)\d{2}`,
].join('|')})${ALONE_AFTER}`;
const BIRTH_WORD = String.raw`\b(?:born|birth(?:[ -]?date)?|date of birth|dob|d\.o\.b|birthday|b-day|bday)\b`;
/**
 * A full date within 40 characters after a birth word on the same line ("DOB: 4/3/1990", "born on
 * March 4, 1990", "birth date of child 2: 04/12/2015"): what stands between may hold a small number,
 * never a year or another date, so that "born in 1990, married 04/12/2015" suggests nothing.
 */
const BIRTH_DATE_AFTER_WORD = new RegExp(
  String.raw`${BIRTH_WORD}(?:(?!\d{4}|\d{1,2}[/.\-]\d{1,2}|(?:${MONTHS})\b)[^\n]){0,40}?${FULL_DATE}`,
  'giu',
);
/** A full date right before a birth word ("4/3/1990 (DOB)"). */
const BIRTH_DATE_BEFORE_WORD = new RegExp(String.raw`${FULL_DATE}[^\p{N}\n]{0,6}?${BIRTH_WORD}`, 'giu');
/** A number grouped as a North American phone number: account words do not make it an account. */
const PHONE_SHAPE = /^(?:1[ -])?\d{3}[ -]\d{3}[ -]\d{4}$/;

/**
 * The ABA check every US bank routing number passes: 3, 7 and 1 times its digits in turn add up
 * to a multiple of ten.
 */
function passesRoutingCheck(digits: string): boolean {
  if (digits.length !== 9) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * [3, 7, 1][i % 3]!;
  return sum % 10 === 0;
}

const MONTH_NUMBERS = MONTHS.split('|').map((month) => new RegExp(`^(?:${month})$`, 'i'));

/** A month and day of the year. */
export interface MonthDay {
  month: number;
  day: number;
}

/**
 * The full dates written in `text` (as a birth-date suggestion reads them, with or without a birth
 * word), each with the month and day it may stand for: both readings of "04/12/2015", which is 12
 * April in the US and 4 December elsewhere.
 */
export function fullDates(text: string): Array<TextRange & { monthDays: MonthDay[] }> {
  return [...findAll(new RegExp(FULL_DATE, 'giu'), text)].map((match) => {
    const date = match.groups!.date!;
    const numbers = date.match(/\d+/g)!.map(Number);
    const named = MONTH_NUMBERS.findIndex((month) => month.test(/\p{L}+/u.exec(date)?.[0] ?? ''));
    const readings: MonthDay[] =
      named !== -1
        ? [{ month: named + 1, day: numbers[0]! }]
        : /^\d{4}-/.test(date)
          ? [{ month: numbers[1]!, day: numbers[2]! }]
          : [
              { month: numbers[0]!, day: numbers[1]! },
              { month: numbers[1]!, day: numbers[0]! },
            ];
    const { start, end } = groupRange(match, 'date');
    return {
      start,
      end,
      monthDays: readings.filter(({ month, day }) => month >= 1 && month <= 12 && day >= 1 && day <= 31),
    };
  });
}

/** The Luhn check every payment card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** ISO 13616's check: the IBAN, its first four characters moved to the end and letters as 10–35, is 1 modulo 97. */
function passesIbanCheck(iban: string): boolean {
  const compact = iban.replace(/ /g, '');
  if (compact.length < 15 || compact.length > 34) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The range of the last four digits (or letters and digits) of `text` at `start`. */
function lastFour(text: string, start: number, end: number): TextRange {
  let kept = 0;
  let at = end;
  while (at > start && kept < 4) {
    at -= 1;
    if (/[\dA-Z]/.test(text[at]!)) kept += 1;
  }
  return { start: at, end };
}

/** The year of a full date: its first four digits when written year first, else its last digits. */
function yearOf(date: string, range: TextRange): TextRange {
  const yearFirst = /^\d{4}-/.test(date);
  const digitsAtEnd = /\d+$/.exec(date)![0].length;
  return yearFirst
    ? { start: range.start, end: range.start + 4 }
    : { start: range.end - digitsAtEnd, end: range.end };
}

/** The range a capturing group matched (the `d` flag's indices, or the whole match). */
function groupRange(match: RegExpExecArray, group: number | string): TextRange {
  const indices = match.indices!;
  const range = typeof group === 'number' ? indices[group] : indices.groups![group];
  return { start: range![0], end: range![1] };
}

function* findAll(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  const withIndices = new RegExp(pattern.source, `${pattern.flags}d`);
  for (let match = withIndices.exec(text); match !== null; match = withIndices.exec(text)) yield match;
}

/**
 * Spans of `written` that look like a social-security or taxpayer number, a card or bank-account
 * number, or a date of birth, in order of where they start; where two overlap the first found
 * (in the order above) stands; a letter that looks like a digit among digits is read as that
 * digit (`readDigitLookAlikes`, the rule of phone numbers), but in an IBAN, whose letters may stand
 * beside digits. Ranges are JavaScript string indices.
 */
export function suggestRedactions(written: string): RedactionSuggestion[] {
  // "123-45-67O9" is a number to a reader: letters that look like digits among digits read as them
  // (the same length, so the ranges are the written text's).
  const text = readDigitLookAlikes(written);
  const found: RedactionSuggestion[] = [];
  const add = (suggestion: RedactionSuggestion): void => {
    if (!found.some((other) => other.start < suggestion.end && suggestion.start < other.end))
      found.push(suggestion);
  };
  const number = (
    range: TextRange,
    category: RedactionSuggestion['category'],
    kind: SuggestedKind,
  ): RedactionSuggestion => ({ ...range, category, kind, mayShow: lastFour(text, range.start, range.end) });

  for (const match of findAll(SSN, text)) {
    const [, area, , group, serial] = match;
    if (area === '000' || area === '666' || group === '00' || serial === '0000') continue;
    add(number(groupRange(match, 0), 'taxpayer-id', 'ssn'));
  }
  for (const match of findAll(EIN, text)) add(number(groupRange(match, 0), 'taxpayer-id', 'ein'));
  for (const match of findAll(NAMED_TAXPAYER_ID, text))
    add(number(groupRange(match, 1), 'taxpayer-id', 'taxpayer-id'));
  for (const match of findAll(CARD, text))
    if (passesLuhn(match[0].replace(/\D/g, '')))
      add(number(groupRange(match, 0), 'financial-account', 'card-number'));
  for (const match of findAll(IBAN, written))
    if (passesIbanCheck(match[0])) add(number(groupRange(match, 0), 'financial-account', 'iban'));
  for (const match of findAll(NAMED_ACCOUNT, text)) {
    const digits = groupRange(match, 1);
    // A bank's routing number is the bank's, printed on every cheque: not the filer's account.
    const namedBy = [...text.slice(match.index, digits.start).matchAll(ACCOUNT_WORDS)].at(-1)![0];
    const routing =
      ROUTING_WORDS.has(namedBy.toLowerCase()) && passesRoutingCheck(match[1]!.replace(/\D/g, ''));
    if (!PHONE_SHAPE.test(match[1]!) && !routing) add(number(digits, 'financial-account', 'account-number'));
  }
  for (const pattern of [BIRTH_DATE_AFTER_WORD, BIRTH_DATE_BEFORE_WORD])
    for (const match of findAll(pattern, text)) {
      const date = groupRange(match, 'date');
      add({
        ...date,
        category: 'birth-date',
        kind: 'birth-date',
        mayShow: yearOf(match.groups!.date!, date),
      });
    }
  return found.sort((a, b) => a.start - b.start);
}
