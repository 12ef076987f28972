import type { TextRange } from './text-range';

// One phone number is written many ways: "+1 555 010 4477", "+1 (555) 010-4477", "15550104477",
// and WhatsApp wraps a number it shows for a name in invisible direction marks. A number is found
// by its digits in order, whatever stands between them from the few characters people and phones
// put there; a longer run of digits around them is another number and is not matched.

/**
 * What may stand between two digits of one phone number: spaces (also no-break and thin ones),
 * dots, slashes, hyphens and dashes, parentheses, and the invisible direction marks WhatsApp adds.
 */
const SEPARATOR = String.raw`[\s./()\-\u2010-\u2015\u200e\u200f\u202a-\u202e\u2066-\u2069]`;
/** At most this many separators in a row ("5 - 5", "(555) 010"), so words between digits never join them. */
const MAX_SEPARATORS = 3;

/** The digits of a phone number as written. */
export const phoneDigits = (number: string): string => number.replace(/\D/g, '');

/**
 * A pattern that finds the number with any spacing: its digits in order, up to three separators
 * between each two, a "+" or "(" right before the first digit taken in, no digit on either side.
 * A number given with its country code ("+1 …") is a whole number, so no digits spaced before it
 * may belong to it ("+44 1555 010 4477" is another number); one given without may be the national
 * part of one written with its code, and is found there.
 */
export function phoneNumberPattern(number: string): RegExp {
  const digits = [...phoneDigits(number)];
  if (digits.length === 0) throw new Error(`"${number}" has no digits`);
  const between = `${SEPARATOR}{0,${MAX_SEPARATORS}}`;
  const notAfterDigits = number.trim().startsWith('+') ? `(?<!\\d${between})` : '(?<!\\d)';
  return new RegExp(`(?<![\\d+])[+(]{0,2}${notAfterDigits}${digits.join(between)}(?!\\d)`, 'g');
}

/** Every place `text` writes the phone number `number`, in order. */
export function findPhoneNumber(text: string, number: string): TextRange[] {
  return [...text.matchAll(phoneNumberPattern(number))].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}
