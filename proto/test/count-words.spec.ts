import { countOf, formatInteger } from '../src/count-words';

describe('count words', () => {
  it('groups digits by thousands the same on every machine', () => {
    expect([0, 7, 999, 1000, 12_345, 1_234_567].map(formatInteger)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '12,345',
      '1,234,567',
    ]);
  });

  it('makes the word plural to match the count, with a given plural when it is not one + "s"', () => {
    expect(countOf(1, 'message')).toBe('1 message');
    expect(countOf(0, 'message')).toBe('0 messages');
    expect(countOf(2006, 'message header')).toBe('2,006 message headers');
    expect(countOf(3, 'line starts', 'lines start')).toBe('3 lines start');
    expect(countOf(1, 'more stretch', 'more stretches')).toBe('1 more stretch');
  });
});
