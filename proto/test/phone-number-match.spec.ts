import { findPhoneNumber, internationalNumber } from '../src/phone-number-match';

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

  it('splits a number given with + into country calling code, national number and trunk prefix', () => {
    expect(internationalNumber('+1 (555) 201-7788')).toEqual({
      countryCallingCode: '1',
      nationalNumber: '5552017788',
      trunkPrefix: '1',
    });
    expect(internationalNumber('+44 (0) 20 7946 0958')).toEqual({
      countryCallingCode: '44',
      nationalNumber: '2079460958',
      trunkPrefix: '0',
    });
    expect(internationalNumber('555-201-7788')).toBeNull();
  });

  it('finds a number given with + in its national forms too, with or without the trunk prefix', () => {
    const text =
      'a 555-201-7788, b 555.201.7788, c 5552017788, d (555) 201-7788, e 1-555-201-7788, f 001 555 201 7788, g +1-555-201-7788.';
    expect(found(text, '+1 (555) 201-7788')).toEqual([
      '555-201-7788',
      '555.201.7788',
      '5552017788',
      '(555) 201-7788',
      '1-555-201-7788',
      '001 555 201 7788',
      '+1-555-201-7788',
    ]);
    const london =
      'a +44 20 7946 0958, b +44 (0)20 7946 0958, c 020 7946 0958, d (020) 7946 0958, e 0044 20 7946 0958';
    expect(found(london, '+44 20 7946 0958')).toEqual([
      '+44 20 7946 0958',
      '+44 (0)20 7946 0958',
      '020 7946 0958',
      '(020) 7946 0958',
      '0044 20 7946 0958',
    ]);
  });

  it('does not match a longer number, another number sharing its digits, or digits far apart', () => {
    expect(found('215550104477, 155501044770, 1 5 5 5 0 1 0 4 4 7 7', '+1 555 010 4477')).toEqual([
      '1 5 5 5 0 1 0 4 4 7 7',
    ]);
    expect(found('1555 and then 0104477', '+1 555 010 4477')).toEqual([]);
    expect(found('+44 1555 010 4477', '+1 555 010 4477')).toEqual([]);
    // Another number with the same national part, or the same last seven digits.
    expect(found('+44 555 010 4477, 444-010-4477, 010-4477, 55501044771', '+1 555 010 4477')).toEqual([]);
    // A date or reference whose digits run into the number's.
    expect(found('ref 2024-05-5550104477, 2024-05-555-010-4477', '+1 555 010 4477')).toEqual([]);
    expect(found('on 2024-05-5512 at 9', '+1 555 12')).toEqual([]);
    expect(found('20 7946 09581, 14420 7946 0958, 1020 7946 0958', '+44 20 7946 0958')).toEqual([]);
  });

  it('takes in a written country code before a number given without one', () => {
    const text =
      'a +1 555 201 7788, b +1-555-201-7788, c +44 (0) 555 201 7788, d 001 555 201 7788, e (+1) 555 201 7788';
    expect(found(text, '555-201-7788')).toEqual([
      '+1 555 201 7788',
      '+1-555-201-7788',
      '+44 (0) 555 201 7788',
      '001 555 201 7788',
      '(+1) 555 201 7788',
    ]);
    expect(found('5552017788 but not 15552017788 or 555201778899', '555 201 7788')).toEqual(['5552017788']);
  });

  it('counts in JavaScript string indices, past emoji and non-Latin text', () => {
    const text = '📞👍🏽 اتصل +1 555 010 4477';
    expect(findPhoneNumber(text, '+1 555 010 4477')).toEqual([
      { start: text.indexOf('+'), end: text.length },
    ]);
  });
});

describe('a phone number written to slip past the match, the second attack (security finding M5, round two)', () => {
  const number = '+1 555 010 4477';

  it('reads any punctuation, symbol or space between two digits as a separator, and takes it in', () => {
    const separators = [
      '\u2212',
      '\u2011',
      '\u30fc',
      ',',
      '*',
      '~',
      ':',
      '|',
      '\\',
      '\u3002',
      '\u2e31',
      '\u02d9',
      '\u2043',
    ];
    for (const separator of separators) {
      const written = ['555', '010', '4477'].join(separator);
      expect([separator, findPhoneNumber(`call ${written} now`, number)]).toEqual([
        separator,
        [{ start: 5, end: 5 + written.length }],
      ]);
    }
  });

  it('decodes HTML character references and percent-escapes of its digits, the mask covering each escape', () => {
    const text = 'a &#53;&#53;&#53; 010 4477 b %35%355 %30%31%30 4477 c &#x35;55-010-44&#55;7.';
    expect(found(text, number)).toEqual([
      '&#53;&#53;&#53; 010 4477',
      '%35%355 %30%31%30 4477',
      '&#x35;55-010-44&#55;7',
    ]);
  });

  it('reads keycap digits, with the marks of its last digit', () => {
    const written = [...'5550104477'].map((digit) => `${digit}\ufe0f\u20e3`).join('');
    expect(findPhoneNumber(`call ${written}!`, number)).toEqual([{ start: 5, end: 5 + written.length }]);
    expect(found(`call 5\u20e35\u20e35\u20e3 0\u20e31\u20e30\u20e3 4477`, number)).toEqual([
      '5\u20e35\u20e35\u20e3 0\u20e31\u20e30\u20e3 4477',
    ]);
  });

  it('takes up to eight separators between two digits, never more', () => {
    const text = 'a 555 - - - 010 - - - 4477. b 5  5  5   0  1  0   4  4  7  7, c 555 -- -- -- --010 4477';
    expect(found(text, number)).toEqual(['555 - - - 010 - - - 4477', '5  5  5   0  1  0   4  4  7  7']);
  });

  it('reads Arabic-Indic and Persian digits with the Arabic decimal and thousands separators and comma', () => {
    const text =
      'a \u0665\u0665\u0665\u066b\u0660\u0661\u0660\u066b\u0664\u0664\u0667\u0667 b \u0665\u0665\u0665\u066c\u0660\u0661\u0660\u066c\u0664\u0664\u0667\u0667 c \u06f5\u06f5\u06f5\u060c\u06f0\u06f1\u06f0\u060c\u06f4\u06f4\u06f7\u06f7';
    expect(found(text, number)).toEqual([
      '\u0665\u0665\u0665\u066b\u0660\u0661\u0660\u066b\u0664\u0664\u0667\u0667',
      '\u0665\u0665\u0665\u066c\u0660\u0661\u0660\u066c\u0664\u0664\u0667\u0667',
      '\u06f5\u06f5\u06f5\u060c\u06f0\u06f1\u06f0\u060c\u06f4\u06f4\u06f7\u06f7',
    ]);
  });

  it('keeps dates, times, prices and the text around the number', () => {
    const text = 'On 5/5/2024 at 10:15 it cost $5.55, ref 010-4477; call: (555) 010-4477, 12 times.';
    expect(findPhoneNumber(text, number)).toEqual([
      { start: text.indexOf('(555)'), end: text.indexOf(', 12') },
    ]);
    expect(findPhoneNumber('paid $555,010.44 on 7/7, room 12: 555-010-4477', number)).toEqual([
      { start: 34, end: 46 },
    ]);
    expect(findPhoneNumber('Bus 555 at 0:10, 44:77', number)).toEqual([]);
  });
});
