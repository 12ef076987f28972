import { findPhoneNumber } from '../src/phone-number-match';
import { phoneDigits } from '../src/phone-digits';
import { foldText } from '../src/text-fold';
import { nameOccurrences } from '../src/name-match';

const slices = (text: string, ranges: ReadonlyArray<{ start: number; end: number }>) =>
  ranges.map((range) => text.slice(range.start, range.end));

describe('matching a redaction in every spelling a reader takes for the same', () => {
  it('finds a name in any case, composed or not, with ß as ss and the Turkish dotted I', () => {
    const text =
      'İLAYDA and Ilayda; STRAUSS, Strauss, Strauß; Zo\u00eb and Zoe\u0308; Zoe stays; Ilaydas stays';
    expect(slices(text, nameOccurrences(text, 'Ilayda'))).toEqual(['İLAYDA', 'Ilayda']);
    expect(slices(text, nameOccurrences(text, 'Strauß'))).toEqual(['STRAUSS', 'Strauss', 'Strauß']);
    expect(slices(text, nameOccurrences(text, 'Zo\u00eb'))).toEqual(['Zo\u00eb', 'Zoe\u0308']);
    expect(slices(text, nameOccurrences(text, 'Zoe\u0308'))).toEqual(['Zo\u00eb', 'Zoe\u0308']);
  });

  it('takes a hyphen or other punctuation in the phrase for itself', () => {
    const text = 'Mary-Jane called; EIN 12-3456789; (Jo) and a.b';
    expect(slices(text, nameOccurrences(text, 'Mary-Jane'))).toEqual(['Mary-Jane']);
    expect(slices(text, nameOccurrences(text, '12-3456789'))).toEqual(['12-3456789']);
    expect(slices(text, nameOccurrences(text, 'a.b'))).toEqual(['a.b']);
  });

  it('reads through invisible characters and takes any dash for a hyphen, in names and numbers', () => {
    const text =
      'Em\u200Bma, Em\u2060ma, Em\u200Dma; Mary\u2010Jane, Mary\u2011Jane, Mary\u2013Jane, Mary\u00ADJane is MaryJane';
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual(['Em\u200Bma', 'Em\u2060ma', 'Em\u200Dma']);
    expect(slices(text, nameOccurrences(text, 'Mary-Jane'))).toEqual([
      'Mary\u2010Jane',
      'Mary\u2011Jane',
      'Mary\u2013Jane',
    ]);
    expect(slices(text, nameOccurrences(text, 'MaryJane'))).toEqual(['Mary\u00ADJane', 'MaryJane']);
    const numbers = 'a 555\u200B201\u200B7788 b 555\u2060201\u20607788 c 555_201_7788';
    expect(slices(numbers, findPhoneNumber(numbers, '555 201 7788'))).toEqual([
      '555\u200B201\u200B7788',
      '555\u2060201\u20607788',
      '555_201_7788',
    ]);
  });

  it('maps a match past characters that fold to more or fewer units back to the original', () => {
    const text = '😀 ﬁnn and ＡＮＮＡ after 😀';
    expect(slices(text, nameOccurrences(text, 'anna'))).toEqual(['ＡＮＮＡ']);
    expect(slices(text, nameOccurrences(text, 'finn'))).toEqual(['ﬁnn']);
  });

  it('finds a phone number written in full-width or Arabic-Indic digits, and counts those digits', () => {
    const text = 'a: ５５５-２０１-７７８８ b: ٥٥٥٢٠١٧٧٨٨ c: +1 555 201 7788';
    expect(slices(text, findPhoneNumber(text, '+1 555 201 7788'))).toEqual([
      '５５５-２０１-７７８８',
      '٥٥٥٢٠١٧٧٨٨',
      '+1 555 201 7788',
    ]);
    expect(slices(text, findPhoneNumber(text, '٥٥٥٢٠١٧٧٨٨'))).toHaveLength(3);
    expect(phoneDigits('٥٥٥ ٢٠١')).toBe('555201');
  });

  it('keeps, for each folded unit, the span of the character it came from', () => {
    expect(foldText('aß😀')).toEqual({
      folded: 'ass😀',
      sources: [
        { start: 0, end: 1 },
        { start: 1, end: 2 },
        { start: 1, end: 2 },
        { start: 2, end: 4 },
        { start: 2, end: 4 },
      ],
    });
  });
});
