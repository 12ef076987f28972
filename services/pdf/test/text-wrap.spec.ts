import fc from 'fast-check';
import { Face } from '@chatexhibit/pdf/domain/text/face';
import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import { type TextLine, TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { GRAPHEMES, segmentsOf, WORDS as WORD_SEGMENTS } from '@chatexhibit/pdf/domain/text/unicode';
import { BODY, drawnWith, MULTI_SCRIPT } from './support/text-fixture';

const layout = new TextLayout(FontSet.shared());

/** Where a line may end: the word boundaries ICU finds. */
function wordBoundaries(text: string): Set<number> {
  const segments = [...new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text)];
  return new Set(segments.map(({ index, segment }) => index + segment.length));
}

/** The offsets at which `lines` break their paragraph. */
function breaks(lines: readonly TextLine[]): number[] {
  let offset = 0;
  return lines.slice(0, -1).map((line) => (offset += line.text.length));
}

/** Words of every script the transcript meets, and a few things people paste that never break. */
const WORDS = [
  ...MULTI_SCRIPT.split(/[\s\n]+/),
  'https://example.com/a/very/long/path/that/does/not/break/anywhere/at/all',
  'a'.repeat(80),
  '0123456789abcdef'.repeat(4),
  'สวัสดีครับวันนี้อากาศดีมาก',
  '我们明天下午三点见面请带上合同和收据',
  '👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽',
];
const paragraphs = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(' ', ' ', '  ', '\n', '')), { maxLength: 25 })
  .map((parts) => parts.map(([word, space]) => word + space).join(''));

describe('the text engine line breaking', () => {
  it('never makes a line wider than the width, loses no text, and places runs edge to edge', () => {
    fc.assert(
      fc.property(paragraphs, fc.integer({ min: 40, max: 400 }), (text, maxWidth) => {
        const lines = layout.wrap(text, BODY, maxWidth);
        expect(lines.map((line) => line.text).join('')).toBe(text.replaceAll('\n', ''));
        for (const line of lines) {
          expect(line.width).toBeLessThanOrEqual(maxWidth + 1e-6);
          let x = 0;
          for (const run of line.runs) {
            expect(run.x).toBeCloseTo(x, 6);
            x += run.width;
          }
          expect(line.width).toBeCloseTo(x, 6);
        }
      }),
      { numRuns: 150, seed: 20261123 },
    );
  });

  it('gives one empty line for an empty string, and one line per paragraph', () => {
    expect(layout.wrap('', BODY, 100)).toEqual([
      { runs: [], width: 0, direction: 'ltr', text: '', paragraphStart: 0 },
    ]);
    expect(layout.wrap('one\n\ntwo', BODY, 100).map((line) => line.text)).toEqual(['one', '', 'two']);
  });

  it('breaks at spaces, which hang at the line end without counting', () => {
    const lines = layout.wrap('The landlord said the deposit would be returned by Friday', BODY, 120);
    expect(lines.map((line) => line.text)).toEqual([
      'The landlord said the ',
      'deposit would be ',
      'returned by Friday',
    ]);
    expect(lines[0]!.width).toBeCloseTo(layout.measure('The landlord said the', BODY), 6);
  });

  it('breaks a word wider than the line between graphemes', () => {
    const hash = '0123456789abcdef'.repeat(4);
    const lines = layout.wrap(hash, { ...BODY, family: 'mono' }, 100);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.map((line) => line.text).join('')).toBe(hash);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(100);

    const emoji = layout.wrap('👨‍👩‍👧'.repeat(10), BODY, 40);
    expect(emoji.map((line) => line.text)).toEqual(Array(4).fill('👨‍👩‍👧'.repeat(3)).fill('👨‍👩‍👧', 3));
  });

  it('breaks Thai between words and Chinese between words or characters, never before closing punctuation', () => {
    const thai = 'สวัสดีครับวันนี้อากาศดีมากครับผมจะไปทำงานที่สำนักงาน';
    const thaiLines = layout.wrap(thai, BODY, 60);
    expect(thaiLines.length).toBeGreaterThan(2);
    const thaiWords = wordBoundaries(thai);
    for (const at of breaks(thaiLines)) expect(thaiWords).toContain(at);

    const chinese = '我们明天下午三点见面，请带上合同和收据。谢谢！';
    const chineseLines = layout.wrap(chinese, BODY, 45);
    expect(chineseLines.length).toBeGreaterThan(4);
    const chineseWords = wordBoundaries(chinese);
    for (const at of breaks(chineseLines)) expect(chineseWords).toContain(at);
    for (const line of chineseLines) expect(line.text).not.toMatch(/^[，。！]/);
  });

  it('gives a paragraph its direction from its first strong character', () => {
    expect(layout.wrap('שלום עולם', BODY, 200)[0]!.direction).toBe('rtl');
    expect(layout.wrap('مرحبا John', BODY, 200)[0]!.direction).toBe('rtl');
    expect(layout.wrap('🙏 شكرا', BODY, 200)[0]!.direction).toBe('rtl');
    expect(layout.wrap('Hello שלום', BODY, 200)[0]!.direction).toBe('ltr');
    expect(layout.wrap('123 456', BODY, 200)[0]!.direction).toBe('ltr');
  });

  it('orders mixed-direction runs visually, left to right', () => {
    /** The words of each run, left to right (a space between two directions may be a run of its own). */
    const words = (line: TextLine | undefined): string[] =>
      line!.runs.map((run) => run.text.trim()).filter((text) => text !== '');
    expect(words(layout.wrap('שלום John עולם', BODY, 300)[0])).toEqual(['עולם', 'John', 'שלום']);
    expect(words(layout.wrap('العدد 123 هنا', BODY, 300)[0])).toEqual(['هنا', '123', 'العدد']);
    const [ltr] = layout.wrap('Call אבג דהו now', BODY, 300);
    expect(words(ltr)).toEqual(['Call', 'אבג דהו', 'now']);
    expect(drawnWith(ltr!)).toEqual([
      'NotoSans_400Regular',
      'NotoSansHebrew_400Regular',
      'NotoSans_400Regular',
    ]);
  });

  it('shapes right-to-left words in visual order, brackets mirrored and copied out as typed', () => {
    const [line] = layout.wrap('(نعم)', BODY, 300);
    const [run] = line!.runs;
    if (run?.kind !== 'glyphs' || run.shapes[0]?.kind !== 'complex')
      throw new Error('expected shaped Arabic');
    const glyphs = run.shapes[0].glyphs;
    const glyphOf = (char: string): number => run.face.font.glyphForCodePoint(char.codePointAt(0)!).id;
    // Leftmost is the closing bracket's place, drawn as "(" so that it opens to the right; its
    // text is the ")" typed, since extractors reverse a right-to-left run without mirroring.
    expect(glyphs[0]).toMatchObject({ id: glyphOf('('), codePoints: [0x29] });
    expect(glyphs.at(-1)).toMatchObject({ id: glyphOf(')'), codePoints: [0x28] });
  });

  it('measures what it wraps: a line that just fits stays whole', () => {
    const text = 'Please keep all the receipts, we might need them.';
    const width = layout.measure(text, BODY);
    expect(layout.wrap(text, BODY, width)).toHaveLength(1);
    expect(layout.wrap(text, BODY, width - 0.5).length).toBeGreaterThan(1);
  });

  // Finding H2: a chat of lines of a megabyte without a space kept the pdf worker busy for over
  // ten minutes, as each line of a long run measured the whole rest of it (and shaped and cached
  // it, for a complex script). What is shaped is counted, not timed: about a line per line.
  it.each([
    ['Latin', 'shapeSimple', (i: number) => 'aZ0qk7Xw'[(i * 5) % 8]!],
    ['Arabic', 'shape', (i: number) => 'بتثجحخسشصض'[(i * 3) % 10]!],
  ] as const)(
    'shapes an unbroken run of %s a line at a time, not the rest of it at every line',
    (_, method, letter) => {
      const run = Array.from({ length: 20_000 }, (_, i) => letter(i)).join('');
      const shaped = jest.spyOn(Face.prototype, method);
      try {
        const lines = layout.wrap(run, BODY, 300);
        expect(lines.map((line) => line.text).join('')).toBe(run);
        for (const line of lines) expect(line.width).toBeLessThanOrEqual(300 + 1e-6);
        const units = shaped.mock.calls.reduce((sum, [text]) => sum + text.length, 0);
        expect(units).toBeLessThan(40 * run.length);
      } finally {
        shaped.mockRestore();
      }
    },
  );

  it('segments a long text a window at a time, into the segments of the whole text', () => {
    const text = `${'Sam said ok. '.repeat(200)}${'كتاب، '.repeat(500)} 我们明天见面${'👍🏽'.repeat(700)}`;
    for (const segmenter of [GRAPHEMES, WORD_SEGMENTS]) {
      const whole = Array.from(segmenter.segment(text), ({ segment, index }) => [index, segment]);
      expect(Array.from(segmentsOf(segmenter, text), ({ segment, index }) => [index, segment])).toEqual(
        whole,
      );
    }
  });
});
