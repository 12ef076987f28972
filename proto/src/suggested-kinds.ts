// The kinds of Rule 5.2(a) identifier the suggestion engine finds, and their names: apart from the
// engine, so that what names a finding (the web app's result, the cover) loads without it.

/** What a suggestion found. */
export const SUGGESTED_KINDS = [
  'ssn',
  'ein',
  'taxpayer-id',
  'card-number',
  'iban',
  'account-number',
  'birth-date',
] as const;
export type SuggestedKind = (typeof SUGGESTED_KINDS)[number];

/** What each kind of suggestion is called: alone (the web app's list) and in a sentence (the exhibit's warnings). */
export const SUGGESTED_KIND_NAMES: Record<SuggestedKind, { name: string; inSentence: string }> = {
  ssn: { name: 'Social Security number', inSentence: 'a Social Security number' },
  ein: { name: 'Employer identification number', inSentence: 'an employer identification number' },
  'taxpayer-id': { name: 'Taxpayer number', inSentence: 'a taxpayer number' },
  'card-number': { name: 'Card number', inSentence: 'a card number' },
  iban: { name: 'IBAN', inSentence: 'an IBAN' },
  'account-number': { name: 'Account number', inSentence: 'an account number' },
  'birth-date': { name: 'Date of birth', inSentence: 'a date of birth' },
};
