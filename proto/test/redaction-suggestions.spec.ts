import { partToRemove, suggestRedactions } from '../src/redaction-suggestions';

/** Each suggestion as the text it spans, what it is, and the part the rule lets a filing show. */
const suggested = (text: string) =>
  suggestRedactions(text).map((s) => ({
    found: text.slice(s.start, s.end),
    category: s.category,
    kind: s.kind,
    mayShow: text.slice(s.mayShow.start, s.mayShow.end),
  }));

describe('Rule 5.2(a) suggestions', () => {
  it('finds social-security and taxpayer numbers, however they are separated', () => {
    expect(suggested('my SSN is 123-45-6789, not 123 45 6789 or 123.45.6789')).toEqual(
      ['123-45-6789', '123 45 6789', '123.45.6789'].map((found) => ({
        found,
        category: 'taxpayer-id',
        kind: 'ssn',
        mayShow: '6789',
      })),
    );
    expect(suggested('the company EIN: 12-3456789.')).toEqual([
      { found: '12-3456789', category: 'taxpayer-id', kind: 'ein', mayShow: '6789' },
    ]);
    expect(suggested('Social Security number 123456789 on file')).toEqual([
      { found: '123456789', category: 'taxpayer-id', kind: 'taxpayer-id', mayShow: '6789' },
    ]);
  });

  it('reads a letter that looks like a digit among digits as that digit (issue 30, finding 5)', () => {
    expect(suggested('my SSN is 123-45-67O9, card 4111 1111 1111 111l')).toEqual([
      { found: '123-45-67O9', category: 'taxpayer-id', kind: 'ssn', mayShow: '67O9' },
      { found: '4111 1111 1111 111l', category: 'financial-account', kind: 'card-number', mayShow: '111l' },
    ]);
    expect(suggested('LOL 123-45-6789 OK')).toEqual([
      { found: '123-45-6789', category: 'taxpayer-id', kind: 'ssn', mayShow: '6789' },
    ]);
  });

  it('finds a Social Security number with middle dots between its groups (security finding M5, round two)', () => {
    expect(
      suggested('SSN 123\u00b745\u00b76789, 123\u202745\u20276789, 123\u30fb45\u30fb6789').map(
        (s) => s.found,
      ),
    ).toEqual(['123\u00b745\u00b76789', '123\u202745\u20276789', '123\u30fb45\u30fb6789']);
    expect(suggested('ref 123\u00b745\u00b767890')).toEqual([]);
  });

  it('finds card numbers that pass the Luhn check, grouped or not', () => {
    expect(
      suggested('card 4111 1111 1111 1111 exp 12/27, or 4111-1111-1111-1111, or 378282246310005'),
    ).toEqual(
      ['4111 1111 1111 1111', '4111-1111-1111-1111', '378282246310005'].map((found) => ({
        found,
        category: 'financial-account',
        kind: 'card-number',
        mayShow: found.slice(-4),
      })),
    );
  });

  it('finds IBANs with a valid checksum and digit runs named as accounts', () => {
    expect(suggested('pay to GB82 WEST 1234 5698 7654 32 or DE89370400440532013000 today')).toEqual(
      [
        ['GB82 WEST 1234 5698 7654 32', '54 32'],
        ['DE89370400440532013000', '3000'],
      ].map(([found, mayShow]) => ({ found, category: 'financial-account', kind: 'iban', mayShow })),
    );
    expect(suggested('Account number: 000123456789, routing 0210000219.')).toEqual(
      ['000123456789', '0210000219'].map((found) => ({
        found,
        category: 'financial-account',
        kind: 'account-number',
        mayShow: found.slice(-4),
      })),
    );
  });

  it('finds full dates of birth in common formats, and shows only their year', () => {
    expect(
      suggested(
        'DOB: 03/04/1990. She was born on March 4, 1990; his birthday is 4 March 2011; 1990-03-04 (date of birth); born 4.3.90',
      ),
    ).toEqual(
      [
        ['03/04/1990', '1990'],
        ['March 4, 1990', '1990'],
        ['4 March 2011', '2011'],
        ['1990-03-04', '1990'],
        ['4.3.90', '90'],
      ].map(([found, mayShow]) => ({ found, category: 'birth-date', kind: 'birth-date', mayShow })),
    );
  });

  it('gives ranges in JavaScript string indices, past emoji and non-Latin text', () => {
    const text = '👨‍👩‍👧 رقم 123-45-6789';
    const [suggestion] = suggestRedactions(text);
    expect(suggestion).toMatchObject({ start: text.indexOf('123'), end: text.length });
  });

  it('suggests nothing for phone numbers, ordinary dates, amounts, short numbers and a 16-digit number failing Luhn', () => {
    for (const text of [
      'call me at +1 555 010 4477 or (555) 010-4477 or 555-010-4477',
      'the meeting is on 03/04/2024, then 2024-03-05',
      'born in 1990, his birthday is March 4',
      'my birthday party was great',
      'it cost $12,345,678.90 and 1,234,567 people came',
      'account ending in 4477; PIN 1234; order 12345',
      'call my account manager at 555 010 4477',
      '4111 1111 1111 1112',
      'GB82 WEST 1234 5698 7654 33',
      '000-12-3456 and 666-12-3456 are no SSNs, nor is 123-45-67890',
      'tracking 1Z999AA10123456784',
    ])
      expect({ text, suggested: suggested(text) }).toEqual({ text, suggested: [] });
  });

  it('finds a birth date a few words after its label, past a small number, never past a year or another date', () => {
    expect(
      suggested(
        'birth date of child 2: 04/12/2015. Her birthdate, as the form says, is April 12, 2015. Date of birth → 2015-04-12',
      ).map(({ found, kind }) => [found, kind]),
    ).toEqual([
      ['04/12/2015', 'birth-date'],
      ['April 12, 2015', 'birth-date'],
      ['2015-04-12', 'birth-date'],
    ]);
    expect(suggested('born in 1990, married on 04/12/2015')).toEqual([]);
    expect(suggested('born on 04/01/1990, moved 04/12/2015').map((s) => s.found)).toEqual(['04/01/1990']);
  });

  it('does not take a bank routing number for an account number, and still finds the account beside it', () => {
    // 021000021 and 011000015 pass the ABA check; 021000022 does not.
    expect(
      suggested('Routing 021000021, account 123456789012. ABA no. 011000015 acct 0123456789').map(
        (s) => s.found,
      ),
    ).toEqual(['123456789012', '0123456789']);
    expect(suggested('routing 021000022').map((s) => s.found)).toEqual(['021000022']);
    expect(suggested('account 021000021').map((s) => s.found)).toEqual(['021000021']);
  });

  it('says what the rule asks to remove: the digits before the last four, the day and month of a birth date', () => {
    const removed = (text: string) =>
      suggestRedactions(text).map((s) => {
        const { start, end } = partToRemove(s);
        return text.slice(start, end);
      });
    expect(removed('SSN 123-45-6789, card 4111 1111 1111 1111')).toEqual(['123-45-', '4111 1111 1111 ']);
    expect(removed('DOB 04/12/2015; born April 12th, 2015; date of birth 2015-04-12')).toEqual([
      '04/12/',
      'April 12th, ',
      '-04-12',
    ]);
  });
});
