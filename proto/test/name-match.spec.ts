import { capitalsAsLatin, confusablePrototype, digitLookAlike } from '../src/confusables';
import { findNames, nameOccurrences } from '../src/name-match';
import { findPhoneNumber } from '../src/phone-number-match';

const slices = (text: string, ranges: ReadonlyArray<{ start: number; end: number }>) =>
  ranges.map((range) => text.slice(range.start, range.end));

describe('finding a name removed everywhere (issue 30, finding 5)', () => {
  it('finds the name inside an email address, a handle, a hashtag and a percent-encoded URL', () => {
    const text =
      'mail emmacarter2010@gmail.com or Emma.Carter@example.org, follow @EmmaCarter #EmmaCarter ' +
      'and https://example.org/people/Emma%20Carter?ref=EMMA_CARTER';
    expect(slices(text, nameOccurrences(text, 'Emma Carter'))).toEqual([
      'emmacarter',
      'Emma.Carter',
      'EmmaCarter',
      'EmmaCarter',
      'Emma%20Carter',
      'EMMA_CARTER',
    ]);
  });

  it('finds one name at a token boundary: a case change, a digit, punctuation, or another removed name', () => {
    const text = '@EmmaLee #emma2010 emma-x@a.org x_Emma@b.org and emmacarter2010@gmail.com';
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual(['Emma', 'emma', 'emma', 'Emma']);
    const both = findNames(text, ['Emma', 'Carter']);
    expect(slices(text, both.found)).toEqual(['Emma', 'emma', 'emma', 'Emma', 'emma', 'carter']);
    expect(both.found.slice(-2).map((found) => found.name)).toEqual([0, 1]);
  });

  it('compares letters by their UTS #39 confusable skeletons: Cyrillic and Greek look-alikes', () => {
    // "Е" and "а" Cyrillic, "Ε" Greek capital epsilon, "Ο" Greek capital omicron.
    const text = 'From \u0415mm\u0430, from \u0395mma, from \u0395MMA and @\u0415mm\u0430Carter; Emma';
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual([
      '\u0415mm\u0430',
      '\u0395mma',
      '\u0395MMA',
      '\u0415mm\u0430',
      'Emma',
    ]);
    expect(nameOccurrences('IRIS and Iris', 'iris')).toHaveLength(2);
  });

  it('uses the data of Unicode confusables.txt: prototypes, skeletons in NFD, capitals compared by look', () => {
    // confusables.txt: 0430 ; 0061 (а → a), 0415 ; 0045 (Е → E), 0030 ; 004F (0 → O), 0031 ; 006C (1 → l), 006D ; 0072 006E (m → rn).
    expect(confusablePrototype('\u0430')).toBe('a');
    expect(confusablePrototype('\u0415')).toBe('E');
    expect(confusablePrototype('0')).toBe('O');
    expect(confusablePrototype('1')).toBe('l');
    expect(confusablePrototype('m')).toBe('rn');
    expect(confusablePrototype('e')).toBe('e');
    expect(capitalsAsLatin('\u0395')).toBe('E');
    expect(capitalsAsLatin('\u03b5')).toBe('\u03b5');
    expect([...'0Oo1lI|5'].map(digitLookAlike)).toEqual([null, '0', null, null, '1', '1', '1', null]);
  });

  it('does not cut a name inside another word, and reports it there without quoting it', () => {
    const text = 'Danger, said Dan; abundant @Dangerous #dan2 Dan\u2019s';
    const names = findNames(text, ['Dan']);
    expect(slices(text, names.found)).toEqual(['Dan', 'dan', 'Dan']);
    expect(slices(text, names.insideWords)).toEqual(['Dan', 'dan', 'Dan']);
    expect(names.insideWords.map((inside) => inside.start)).toEqual([0, 22, 28]);
    expect(nameOccurrences('Emmanuel', 'Emma')).toEqual([]);
    expect(findNames('Emmanuel', ['Emma']).insideWords).toHaveLength(1);
  });

  it('stays linear on a long text without spaces', () => {
    const text = `@${'emma'.repeat(50_000)}x`;
    const names = findNames(text, ['Emma', 'Carter']);
    expect(names.found).toEqual([]);
    expect(names.insideWords).toHaveLength(50_000);
  });
});

describe('a phone number with letters that look like its digits (issue 30, finding 5)', () => {
  it('reads an O or l among the digits as 0 or 1, and leaves words beside a number alone', () => {
    const text = 'a: 555 O1O 4477 b: 555-0l0-4477 c: (555) 0I0-4477 d: HELLO 555 010 4477 e: 555 OlO 4477';
    expect(slices(text, findPhoneNumber(text, '+1 555 010 4477'))).toEqual([
      '555 O1O 4477',
      '555-0l0-4477',
      '(555) 0I0-4477',
      '555 010 4477',
      '555 OlO 4477',
    ]);
  });
});
