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

  it('reports a whole word that writes a name with a letter drawn out, without removing it', () => {
    const text = 'Sophiaaa at the pumpkin patch, Sooophia! SOPHIAAA. Sophia, Sophiaaas and Anna, Annnna';
    const names = findNames(text, ['Sophia', 'Anna']);
    expect(slices(text, names.elongated)).toEqual(['Sophiaaa', 'Sooophia', 'SOPHIAAA', 'Annnna']);
    expect(slices(text, names.found)).toEqual(['Sophia', 'Anna']);
    expect(findNames('Chloéee', ['Chloe'], { ignoreAccents: true }).elongated).toHaveLength(1);
    expect(findNames(`${'s'.repeat(100_000)}x`, ['Sophia']).elongated).toEqual([]);
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

describe('a name written to slip past the match (security finding M5, round two)', () => {
  it('finds a name spelled out letter by letter with spaces, dots, dashes or middle dots', () => {
    const text = 'from E m m a, E.m.m.a and E-m-m-a; E. M. M. A. or E\u00b7m\u00b7m\u00b7a!';
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual([
      'E m m a',
      'E.m.m.a',
      'E-m-m-a',
      'E. M. M. A',
      'E\u00b7m\u00b7m\u00b7a',
    ]);
    const full = 'E m m a  C a r t e r, e.m.m.a.c.a.r.t.e.r';
    expect(slices(full, nameOccurrences(full, 'Emma Carter'))).toEqual([
      'E m m a  C a r t e r',
      'e.m.m.a.c.a.r.t.e.r',
    ]);
    // A capital starts a name inside a spelled-out run as it does inside a handle.
    expect(slices(full, nameOccurrences(full, 'Emma'))).toEqual(['E m m a']);
  });

  it('leaves single letters alone unless they spell a removed name, and warns of a spelled-out longer word', () => {
    expect(findNames('I a m here, a b c, x y z', ['Emma'])).toEqual({
      found: [],
      insideWords: [],
      elongated: [],
    });
    expect(slices('I a m here', nameOccurrences('I a m here', 'Iam'))).toEqual(['I a m']);
    const longer = findNames('E m m a n u e l and g.e.m.m.a', ['Emma']);
    expect(longer.found).toEqual([]);
    expect(longer.insideWords).toHaveLength(2);
    expect(findNames('Emmanuel and gemma', ['Emma']).found).toEqual([]);
  });

  it('reads HTML character references, numeric and named, as the characters they stand for', () => {
    const text = 'Em&#109;a, &#69;mma, &#x45;mma, Emm&alpha;, Emm&#97 and &amp; Emmanu&#101;l';
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual([
      'Em&#109;a',
      '&#69;mma',
      '&#x45;mma',
      'Emm&alpha;',
      'Emm&#97',
    ]);
    expect(findNames(text, ['Emma']).insideWords).toHaveLength(1);
    // Not a reference: "&alpha" without its semicolon stays as written.
    expect(nameOccurrences('Emm&alpha', 'Emma')).toEqual([]);
  });

  it('reads percent-escapes in plain text, not only in URLs', () => {
    const text = 'Emm%61 and %45mma met Emma%20Carter, 100%25 sure';
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual(['Emm%61', '%45mma', 'Emma']);
    expect(slices(text, nameOccurrences(text, 'Emma Carter'))).toEqual(['Emma%20Carter']);
    expect(findNames('%45mmanuel', ['Emma']).found).toEqual([]);
  });

  it('reads through a combining grapheme joiner and variation selectors inside a name', () => {
    const text = 'Em\u034fma, E\ufe00mma, Emm\u{e0100}a and Emm\ufe0fa Carter';
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual([
      'Em\u034fma',
      'E\ufe00mma',
      'Emm\u{e0100}a',
      'Emm\ufe0fa',
    ]);
    expect(slices(text, nameOccurrences(text, 'Emma Carter'))).toEqual(['Emm\ufe0fa Carter']);
    expect(findNames(text, ['Emma']).insideWords).toEqual([]);
  });
});

describe('a phone number written to slip past the match (security finding M5, round two)', () => {
  it('reads middle dots between its digits as separators', () => {
    const text =
      'a 555\u00b7010\u00b74477 b 555\u2027010\u20274477 c 555\u2219010\u22194477 d 555\u30fb010\u30fb4477';
    expect(slices(text, findPhoneNumber(text, '+1 555 010 4477'))).toEqual([
      '555\u00b7010\u00b74477',
      '555\u2027010\u20274477',
      '555\u2219010\u22194477',
      '555\u30fb010\u30fb4477',
    ]);
    expect(
      slices('SSN 123\u00b745\u00b76789', findPhoneNumber('SSN 123\u00b745\u00b76789', '123-45-6789')),
    ).toEqual(['123\u00b745\u00b76789']);
  });

  it('reads B, S and Z among its digits as 8, 5 and 2, beside O, l and I', () => {
    expect([...'BSsZz'].map(digitLookAlike)).toEqual(['8', '5', '5', '2', '2']);
    const text = 'a: 5S5 2l8 Z5BO b: SS5-2I8-2S8O c: 555 218 2580';
    expect(slices(text, findPhoneNumber(text, '+1 555 218 2580'))).toEqual([
      '5S5 2l8 Z5BO',
      'SS5-2I8-2S8O',
      '555 218 2580',
    ]);
    expect(slices('SSN 12B-4S-67Z9', findPhoneNumber('SSN 12B-4S-67Z9', '128-45-6729'))).toEqual([
      '12B-4S-67Z9',
    ]);
  });

  it('leaves words and ordinary numbers beside a number alone', () => {
    const text = 'SOS BUZZ 555 218 2580 SMS, Bus 55 at 10:15, 5 BOSS 2';
    expect(slices(text, findPhoneNumber(text, '+1 555 218 2580'))).toEqual(['555 218 2580']);
    expect(findPhoneNumber('call 555 218 25800 or 15 555 218 2580', '+1 555 218 2580')).toEqual([]);
    // A look-alike letter right after the number does not make it another one.
    expect(slices('5552182580S', findPhoneNumber('5552182580S', '+1 555 218 2580'))).toEqual(['5552182580']);
    expect(findPhoneNumber('Bus 55 at 10:15', '5 5 1 0 1 5')).toEqual([]);
  });
});

describe('a name written to slip past the match, the second attack (security finding M5, round two)', () => {
  it('reads small capitals and other letters drawn as symbols as the letters they look like', () => {
    // Small capitals, negative circled and squared letters, regional indicators, parenthesized and
    // circled letters, Lisu letters that look like Latin capitals.
    const forms = [
      '\u1d07\u1d0d\u1d0d\u1d00',
      '\u{1f154}\u{1f15c}\u{1f15c}\u{1f150}',
      '\u{1f174}\u{1f17c}\u{1f17c}\u{1f170}',
      '\u{1f1ea}\u{1f1f2}\u{1f1f2}\u{1f1e6}',
      '\u24a0\u24a8\u24a8\u249c',
      '\u24ba\u24dc\u24dc\u24d0',
      '\ua4f0mm\ua4ee',
    ];
    const text = `from ${forms.join(', ')} and ${'\u1d07\u1d0d\u1d0d\u1d00\u0274\u1d1c\u1d07\u029f'}`;
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual(forms);
    expect(findNames(text, ['Emma']).insideWords).toHaveLength(1);
    expect(nameOccurrences('\u{1f1ea}\u{1f1f2}\u{1f1f2}\u{1f1e6}\u{1f1f3}', 'Emma')).toEqual([]);
  });

  it('reads through strikethrough, overlay, underline and enclosing marks, with the marks of its last letter, but not through accents', () => {
    const forms = [
      'E\u0336m\u0336m\u0336a\u0336',
      'E\u0335m\u0335m\u0335a\u0335',
      'E\u0338m\u0338m\u0338a\u0338',
      'E\u0332m\u0332m\u0332a\u0332',
      'E\u20ddm\u20ddm\u20dda\u20dd',
      'E\u0489m\u0489m\u0489a\u0489',
      'Em\u0336\u0338ma',
    ];
    const text = `${forms.join(', ')}.`;
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual(forms);
    const danger = 'D\u0336a\u0336n\u0336g\u0336e\u0336r\u0336 said D\u0336a\u0336n\u0336';
    const dan = findNames(danger, ['Dan']);
    expect(slices(danger, dan.found)).toEqual(['D\u0336a\u0336n\u0336']);
    expect(dan.insideWords).toHaveLength(1);
    // An accent composes with its letter and is part of it: "Chloe" and a combining acute are not "Chloe".
    expect(nameOccurrences('Chloe\u0301', 'Chloe')).toEqual([]);
    expect(slices('Chloe\u0301\u0336!', nameOccurrences('Chloe\u0301\u0336!', 'Chlo\u00e9'))).toEqual([
      'Chloe\u0301\u0336',
    ]);
  });

  it('finds a name split across one line break, and warns where the lines joined only hold it inside a word', () => {
    const text = 'Em\nma is here, Em\r\nma too; Emma\nCarter; Em\n\nma; Em\nmanuel';
    const names = findNames(text, ['Emma']);
    expect(slices(text, names.found)).toEqual(['Em\nma', 'Em\r\nma', 'Emma']);
    expect(slices(text, names.insideWords)).toEqual(['Em\nma']);
    expect(names.insideWords[0]!.start).toBe(text.lastIndexOf('Em'));
    // A whole word on its line stays cut, though the next line goes on with letters.
    expect(slices('I saw Dan\nger', nameOccurrences('I saw Dan\nger', 'Dan'))).toEqual(['Dan']);
  });

  it('reads any punctuation or symbol between the letters of a spelled-out word', () => {
    const forms = ['E+m+m+a', 'E|m|m|a', 'E~m~m~a', 'E:m:m:a', 'E;m;m;a', 'E\\m\\m\\a', 'E = m = m = a'];
    const text = `${forms.join(', ')}!`;
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual(forms);
    expect(findNames('a+b=c, x|y|z, I;a;m', ['Emma'])).toEqual({ found: [], insideWords: [], elongated: [] });
    expect(findNames('E+m+m+a+n+u+e+l', ['Emma']).insideWords).toHaveLength(1);
  });
});

describe('a name written to slip past the match, the third attack', () => {
  it('reads modifier letters between the letters of a spelled-out word as separators', () => {
    const forms = [
      'E\u30fcm\u30fcm\u30fca',
      'E\u02b9m\u02b9m\u02b9a',
      'E\u02d1m\u02d1m\u02d1a',
      'E\u0640m\u0640m\u0640a',
      'E \u30fc m \u30fc m \u30fc a',
    ];
    const text = `${forms.join(', ')}.`;
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual(forms);
    const longer = findNames(
      'E\u30fcm\u30fcm\u30fca\u30fcn\u30fcu\u30fce\u30fcl and \u30ab\u30fc\u30c6\u30f3',
      ['Emma'],
    );
    expect(longer.found).toEqual([]);
    expect(longer.insideWords).toHaveLength(1);
    // A name that writes a modifier letter between single letters is found written so, and drawn out.
    const names = ['\u30ed\u30fc\u30e9', '\u4f50\u3005\u6728', '\u0645\u062d\u0645\u062f'];
    const written = '\u30ed\u30fc\u30e9, \u4f50\u3005\u6728 and \u0645\u0640\u062d\u0640\u0645\u0640\u062f';
    expect(findNames(written, names).found.map((found) => found.name)).toEqual([0, 1, 2]);
  });

  it('finds a name hyphenated across a line break', () => {
    const text = 'Em-\nma, Em\u2010\nma and Em-\r\nma; Em-\nmanuel';
    const names = findNames(text, ['Emma']);
    expect(slices(text, names.found)).toEqual(['Em-\nma', 'Em\u2010\nma', 'Em-\r\nma']);
    expect(slices(text, names.insideWords)).toEqual(['Em-\nma']);
    expect(nameOccurrences('Danger', 'Dan')).toEqual([]);
    // A whole word at a line's end stays cut, as without the hyphen.
    expect(slices('Dan-\nger', nameOccurrences('Dan-\nger', 'Dan'))).toEqual(['Dan']);
  });

  it('reads a letter with a stroke or a bar as its letter where accents are ignored, as it reads an accented one', () => {
    const written: Array<[string, string]> = [
      ['\u0246mma', 'Emma'],
      ['\u0247mma', 'Emma'],
      ['\ua792ora', 'Cora'],
      ['\u0243ella', 'Bella'],
      ['\u0180ella', 'Bella'],
      ['\u0110an', 'Dan'],
      ['\u0111an', 'Dan'],
      ['\u0126ana', 'Hana'],
      ['\u0127ana', 'Hana'],
      ['\u0197da', 'Ida'],
      ['\u0268da', 'Ida'],
      ['\u0141ukasz', 'Lukasz'],
      ['\u0142ukasz', 'Lukasz'],
      ['\u00d8ystein', 'Oystein'],
      ['\u00f8ystein', 'Oystein'],
      ['\u01b5oe', 'Zoe'],
      ['\u01b6oe', 'Zoe'],
      ['\ua74ascar', 'Oscar'],
      ['\ua7a4ina', 'Nina'],
    ];
    const found = (text: string, name: string, ignoreAccents: boolean) =>
      slices(text, nameOccurrences(text, name, { ignoreAccents }));
    for (const [text, name] of written) {
      expect([text, found(text, name, true)]).toEqual([text, [text]]);
      // Either way round, as "Chloe" and "Chloé".
      expect([text, found(name, text, true)]).toEqual([text, [name]]);
      expect([text, found(text, name, false)]).toEqual([text, []]);
    }
    expect(found('\u00c9mma and \u0246mma', 'Emma', false)).toEqual([]);
    expect(found('\u00c9mma and \u0246mma', 'Emma', true)).toEqual(['\u00c9mma', '\u0246mma']);
    expect(findNames('\u0246mmanuel', ['Emma'], { ignoreAccents: true }).found).toEqual([]);
  });

  it('reads a braille blank as a line break inside a word and as a space between words', () => {
    const text = 'Em\u2800ma and Emma\u2800Carter; Em\u2800manuel';
    expect(slices(text, nameOccurrences(text, 'Emma'))).toEqual(['Em\u2800ma', 'Emma']);
    expect(slices(text, nameOccurrences(text, 'Emma Carter'))).toEqual(['Emma\u2800Carter']);
    expect(findNames(text, ['Emma']).insideWords).toHaveLength(1);
  });

  it('decodes an escape written inside another, as a browser reading it twice', () => {
    const text = 'Emm%2561, Em&amp;#109;a, Em%26%23109;a, %252545mma and Emm&amp;amp;#97; but Emm%2561nuel';
    const names = findNames(text, ['Emma']);
    expect(slices(text, names.found)).toEqual([
      'Emm%2561',
      'Em&amp;#109;a',
      'Em%26%23109;a',
      '%252545mma',
      'Emm&amp;amp;#97;',
    ]);
    expect(slices(text, names.insideWords)).toEqual(['Emm%2561']);
    // Four readings at most: "%" written as an escape four times over stays as written.
    expect(nameOccurrences('Emm%2525252561', 'Emma')).toEqual([]);
  });

  it('reads a digit of a number written as an escape inside another', () => {
    const text = 'a %2535%2535%2535 010 4477 b 555 &amp;#48;10 4477 c 555 01%26%2348; 4477';
    expect(slices(text, findPhoneNumber(text, '+1 555 010 4477'))).toEqual([
      '%2535%2535%2535 010 4477',
      '555 &amp;#48;10 4477',
      '555 01%26%2348; 4477',
    ]);
    expect(slices('SSN 123-45-678%2539', findPhoneNumber('SSN 123-45-678%2539', '123-45-6789'))).toEqual([
      '123-45-678%2539',
    ]);
  });
});
