import { findPhoneNumber } from '../src/phone-number-match';

const found = (text: string, number: string) =>
  findPhoneNumber(text, number).map((range) => text.slice(range.start, range.end));

describe('finding a phone number', () => {
  it('finds its digits however they are spaced, with the + or ( before them', () => {
    const text =
      'a: +1 555 010 4477, b: +1 (555) 010-4477, c: 1.555.010.4477, d: 15550104477, e: \u202a+1\u00a0555\u2011010\u20114477\u202c';
    expect(found(text, '+1 555 010 4477')).toEqual([
      '+1 555 010 4477',
      '+1 (555) 010-4477',
      '1.555.010.4477',
      '15550104477',
      '+1\u00a0555\u2011010\u20114477',
    ]);
    expect(found('(+1) 555 010 4477', '+15550104477')).toEqual(['(+1) 555 010 4477']);
  });

  it('does not match a longer number or digits far apart', () => {
    expect(found('215550104477, 155501044770, 1 5 5 5 0 1 0 4 4 7 7', '+1 555 010 4477')).toEqual([
      '1 5 5 5 0 1 0 4 4 7 7',
    ]);
    expect(found('1555 and then 0104477', '+1 555 010 4477')).toEqual([]);
    expect(found('+44 1555 010 4477', '+1 555 010 4477')).toEqual([]);
    // Given without its country code, the number is found as the national part of a longer one.
    expect(found('+1 555 010 4477', '555 010 4477')).toEqual(['555 010 4477']);
  });

  it('counts in JavaScript string indices, past emoji and non-Latin text', () => {
    const text = '📞👍🏽 اتصل +1 555 010 4477';
    expect(findPhoneNumber(text, '+1 555 010 4477')).toEqual([
      { start: text.indexOf('+'), end: text.length },
    ]);
  });
});
