import { Metadata, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { phoneDigits } from './phone-digits';
import { MAX_SEPARATORS, MIDDLE_DOTS, NUMBER_SEPARATOR, readDigitLookAlikes } from './confusables';
import { decodedUnits } from './text-escapes';
import {
  characterUnits,
  type FoldedText,
  foldText,
  foldUnits,
  originalRange,
  type TextUnit,
} from './text-fold';
import type { TextRange } from './text-range';

// One phone number is written many ways: "+1 555 010 4477", "+1 (555) 010-4477", "15550104477",
// "(555) 010-4477", "555.010.4477", "+44 (0)20 7946 0958", "020 7946 0958", and WhatsApp wraps a
// number it shows for a name in invisible direction marks. A number given with "+" is split by
// libphonenumber-js into its country calling code and national number, and found in its
// international form and its national one (with the country's trunk prefix or without); digits
// right next to it make another number and are not matched. Digits of any script count
// (full-width "５５５", Arabic-Indic "٥٥٥", keycaps "5️⃣"), and escapes of them ("&#53;", "%35"): the
// text is matched decoded and folded, marks left out, and so do letters that look like digits
// among a number's digits ("555 O1O 4477").

/** What may stand between two digits of the number (`NUMBER_SEPARATOR`: any character but a letter or digit). */
const BETWEEN = `${NUMBER_SEPARATOR}{0,${MAX_SEPARATORS}}`;
/**
 * A country calling code as people write one before a number they give without it: "+1", "(+1)",
 * "001", "+44 (0)"; the mask takes it in, so that "+1 [Other]" does not say what was removed.
 */
const WRITTEN_COUNTRY_CODE = String.raw`\(?(?:\+|00)\d{1,3}\)?${BETWEEN}(?:\(\d\)${BETWEEN})?`;

/** A number given with "+", as libphonenumber-js reads it. */
export interface InternationalNumber {
  /** "1", "44" */
  countryCallingCode: string;
  /** The national (significant) number: "5552017788", "2079460958" (no trunk prefix). */
  nationalNumber: string;
  /** The prefix dialled before the national number inside the country ("1" for +1, "0" for +44); null when none. */
  trunkPrefix: string | null;
}

/**
 * libphonenumber-js's Metadata as it runs: a numbering plan is chosen by calling code as well as by
 * country, and tells its national (trunk) prefix; its published types name neither.
 */
interface NumberingPlans {
  selectNumberingPlan(callingCode: string): { numberingPlan?: { nationalPrefix(): string | undefined } };
}

/** `number` split into country calling code, national number and trunk prefix; null when it has no "+" or no known calling code. */
export function internationalNumber(written: string): InternationalNumber | null {
  const number = foldText(written).folded.trim();
  if (!number.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(number);
  if (parsed === undefined) return null;
  const plans = new Metadata() as unknown as NumberingPlans;
  const trunkPrefix = plans.selectNumberingPlan(parsed.countryCallingCode).numberingPlan?.nationalPrefix();
  return {
    countryCallingCode: parsed.countryCallingCode,
    nationalNumber: parsed.nationalNumber,
    trunkPrefix: trunkPrefix === undefined || trunkPrefix === '' ? null : trunkPrefix,
  };
}

/** Digits in order with up to three separators between each two. */
const spaced = (digits: string): string => [...digits].join(BETWEEN);

/**
 * A pattern that finds the number with any spacing, no digit right before or after it. A number
 * given with "+" is found written internationally ("+1 …", "001 …", "1 …", "+44 (0) …") and
 * nationally (its national number, after the trunk prefix or not), and is a whole number: digits
 * spaced before its national form make another one ("+44 555 010 4477" is not "+1 555 010 4477").
 * One given without "+" may be the national part of a number written with its code, and is found
 * there, with the code ("+1 555 010 4477" for "555 010 4477").
 */
export function phoneNumberPattern(number: string): RegExp {
  const digits = phoneDigits(number);
  if (digits === '') throw new Error(`"${number}" has no digits`);
  const international = internationalNumber(number);
  if (international === null)
    return new RegExp(`(?<![\\d+])(?:${WRITTEN_COUNTRY_CODE})?\\(?${spaced(digits)}(?!\\d)`, 'gu');
  const { countryCallingCode, nationalNumber, trunkPrefix } = international;
  const national = `\\(?${spaced(nationalNumber)}`;
  const writtenTrunk = trunkPrefix === null ? '' : `(?:\\(${trunkPrefix}\\)${BETWEEN})?`;
  const trunk = trunkPrefix === null ? '' : `(?:\\(?${trunkPrefix}\\)?${BETWEEN})?`;
  // Digits grouped before it as a number's digits are (a space, dot, dash, slash or parenthesis
  // between) make it part of another number; digits after a colon or a comma do not ("room 12: …").
  const notAfterDigits = `(?<!\\d[\\s./()_\\p{Pd}${MIDDLE_DOTS}]{0,3})`;
  const code = `(?:\\(?(?:\\+|00)${countryCallingCode}\\)?|${notAfterDigits}${countryCallingCode})`;
  const withCode = `${code}${BETWEEN}${writtenTrunk}${national}`;
  const alone = `\\(?${notAfterDigits}${trunk}${national}`;
  return new RegExp(`(?<![\\d+])(?:${withCode}|${alone})(?!\\d)`, 'gu');
}

/**
 * `text` as the number is looked for in it: escapes decoded, folded with marks left out, once as
 * written and once with letters among digits read as digits ("555 O1O 4477"), so that a
 * look-alike right after the number ("5550104477S") does not make it a longer one. Letters read as
 * digits keep their length: the ranges of either reading are the original's.
 */
function numberReadings(text: string): FoldedText[] {
  // Each phone-number redaction reads the same text in turn.
  if (text === lastReadings.text) return lastReadings.readings;
  const units = [...(/[%&]/.test(text) ? decodedUnits(text) : characterUnits(text))];
  const decoded = units.map((unit) => unit.character).join('');
  const withDigits = readDigitLookAlikes(decoded);
  let at = 0;
  const readAsDigits = (): TextUnit[] =>
    units.map((unit) => ({ ...unit, character: withDigits.slice(at, (at += unit.character.length)) }));
  const readings = (withDigits === decoded ? [units] : [units, readAsDigits()]).map((reading) =>
    foldUnits(reading, { ignoreAccents: true }),
  );
  lastReadings = { text, readings };
  return readings;
}

let lastReadings: { text: string; readings: FoldedText[] } = { text: '', readings: [] };

/** Every place `text` writes the phone number `number`, in order. */
export function findPhoneNumber(text: string, number: string): TextRange[] {
  const pattern = phoneNumberPattern(foldText(number).folded);
  const ranges = numberReadings(text)
    .flatMap((folded) =>
      [...folded.folded.matchAll(pattern)]
        .filter((match) => match[0] !== '')
        .map((match) => originalRange(folded, { start: match.index, end: match.index + match[0].length })),
    )
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: TextRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last !== undefined && range.start < last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
