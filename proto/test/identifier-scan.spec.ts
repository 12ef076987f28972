import {
  IDENTIFIERS_FILING_ADVICE,
  identifierScanSentence,
  identifierScanStatements,
  identifierScanWarnings,
} from '@chatexhibit/proto/identifier-scan';

describe('the identifier scan in words', () => {
  it('names each kind with its messages, padded as the transcript prints them, the first ten listed and the rest counted', () => {
    const scan = {
      totalMessages: 12_000,
      found: [
        { kind: 'card-number' as const, messages: Array.from({ length: 13 }, (_, i) => i + 1) },
        { kind: 'birth-date' as const, messages: [11_999] },
      ],
    };
    expect(identifierScanSentence(scan)).toMatch(
      /, and found what looks like a card number in messages 00001, 00002, 00003, 00004, 00005, 00006, 00007, 00008, 00009, 00010 and 3 more; and a date of birth in message 11999\.$/,
    );
    expect(identifierScanStatements(scan)).toEqual([identifierScanSentence(scan), IDENTIFIERS_FILING_ADVICE]);
    expect(identifierScanWarnings(scan)).toEqual(identifierScanStatements(scan));
  });

  it('says what it looked for when it found nothing, gives no advice and warns of nothing', () => {
    const scan = { totalMessages: 3, found: [] };
    expect(identifierScanStatements(scan)).toEqual([
      'ChatExhibit looked through the text of every message for what looks like a Social Security, employer or other taxpayer number, a payment card, IBAN or bank-account number, or a date of birth (identifiers of which Fed. R. Civ. P. 5.2(a) lets a public filing show only the last four digits, or the year of a birth date), and found none. It does not look for names, addresses or identifiers written in other ways, and a pattern can miss what it looks for.',
    ]);
    expect(identifierScanWarnings(scan)).toEqual([]);
  });
});
