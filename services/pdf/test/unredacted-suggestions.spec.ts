import { suggestRedactions } from '@chatexhibit/proto/redaction-suggestions';
import { joinRanges, textOccurrences } from '@chatexhibit/proto/text-range';
import {
  uncoveredSuggestions,
  unredactedSuggestionWarning,
} from '@chatexhibit/pdf/domain/exhibit/unredacted-suggestions';

/** The warnings for message 114 of 200 holding `text`, every occurrence of each of `redacted` removed. */
const warnings = (text: string, redacted: readonly string[]): string[] =>
  uncoveredSuggestions(
    114,
    text,
    suggestRedactions(text),
    joinRanges(redacted.flatMap((part) => textOccurrences(text, part))),
  ).map((found) => unredactedSuggestionWarning(found, 200));

const CARD = 'My card is 4532 0151 1283 0366 if you want to pay it back.';
const BIRTH = 'Tom was born April 17th 2016 so he can come too.';
const SSN = 'Also my SSN 123-45-6789 for the form.';

describe('a Rule 5.2(a) suggestion redacted but for what the rule lets a filing show', () => {
  it.each([
    ['a card number less its last four digits, the space before them left', CARD, ['4532 0151 1283']],
    ['a birth date less its year, the space before it left', BIRTH, ['April 17th']],
    ['a Social Security number less its last four digits, the hyphen before them left', SSN, ['123-45']],
    ['a card number redacted group by group, the spaces between left', CARD, ['4532', '0151', '1283']],
    ['a card number redacted whole', CARD, ['4532 0151 1283 0366']],
  ])('is not warned of: %s', (_, text, redacted) => {
    expect(warnings(text, redacted)).toEqual([]);
  });
});

describe('a Rule 5.2(a) suggestion nothing of which is redacted', () => {
  it('is warned of as not redacted, also when only separators are removed', () => {
    const notRedacted =
      'message 0114 has what looks like a card number, not redacted: Fed. R. Civ. P. 5.2(a)(4) lets a filing show only its last four digits.';
    expect(warnings(CARD, [])).toEqual([notRedacted]);
    expect(warnings('My card is 4532-0151-1283-0366.', ['-'])).toEqual([notRedacted]);
    expect(warnings(BIRTH, [])).toEqual([
      'message 0114 has what looks like a date of birth, not redacted: Fed. R. Civ. P. 5.2(a)(2) lets a filing show only its year.',
    ]);
  });
});

describe('a Rule 5.2(a) suggestion partly redacted, more of it left than the rule lets show', () => {
  it.each([
    [
      'the first eight digits of a card number removed',
      CARD,
      ['4532 0151'],
      'a card number, partly redacted: 8 digits remain, 4 outside its last four digits; Fed. R. Civ. P. 5.2(a)(4) lets a filing show only its last four digits.',
    ],
    [
      'only the last four digits of a card number removed',
      CARD,
      ['0366'],
      'a card number, partly redacted: 12 digits remain, all outside its last four digits; Fed. R. Civ. P. 5.2(a)(4) lets a filing show only its last four digits.',
    ],
    [
      'all but the first digit of a card number removed',
      CARD,
      ['532 0151 1283 0366'],
      'a card number, partly redacted: 1 digit remains, outside its last four digits; Fed. R. Civ. P. 5.2(a)(4) lets a filing show only its last four digits.',
    ],
    [
      'the day of a birth date removed, its month left',
      BIRTH,
      ['17th'],
      'a date of birth, partly redacted: 9 letters and digits remain, 5 outside its year; Fed. R. Civ. P. 5.2(a)(2) lets a filing show only its year.',
    ],
    [
      'the area number of a Social Security number removed, its group left',
      SSN,
      ['123'],
      'a Social Security number, partly redacted: 6 digits remain, 2 outside its last four digits; Fed. R. Civ. P. 5.2(a)(1) lets a filing show only its last four digits.',
    ],
  ])('is warned of, saying how much is left: %s', (_, text, redacted, sentence) => {
    expect(warnings(text, redacted)).toEqual([`message 0114 has what looks like ${sentence}`]);
  });
});
