import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import { TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { myanmarDrawingOrder } from '@chatexhibit/pdf/domain/text/myanmar';
import { BODY, drawnWith, MULTI_SCRIPT, SCRIPT_LINES } from './support/text-fixture';

const fonts = FontSet.shared();
const layout = new TextLayout(fonts);
/** What draws `text` laid out as one line. */
const faces = (text: string, style = BODY): string[] => drawnWith(layout.singleLine(text, style));

describe('the text engine fonts', () => {
  it('has a font or an emoji image for every character of every script', () => {
    expect(fonts.missingCharacters(MULTI_SCRIPT)).toEqual([]);
    expect(fonts.missingCharacters(MULTI_SCRIPT, 'mono', 'bold')).toEqual([]);
  });

  it.each(SCRIPT_LINES)('has a font for every character of %s, regular and bold', (_script, line) => {
    expect(fonts.missingCharacters(line)).toEqual([]);
    expect(fonts.missingCharacters(line, 'sans', 'bold')).toEqual([]);
  });

  it('reports private-use and unassigned code points, once each, in order of appearance', () => {
    expect(fonts.missingCharacters('a\uE000b\u0378c\uE000 \u{10FFFD}')).toEqual([
      '\uE000',
      '\u0378',
      '\u{10FFFD}',
    ]);
  });

  it('picks a face per character by script', () => {
    expect(faces('Hello мир κόσμε')).toEqual(['NotoSans_400Regular']);
    expect(faces('שלום')).toEqual(['NotoSansHebrew_400Regular']);
    expect(faces('สวัสดีครับ')).toEqual(['NotoSansThai_400Regular']);
    expect(faces('नमस्ते')).toEqual(['NotoSansDevanagari_400Regular']);
    expect(faces('我们见面')).toEqual(['NotoSansSC_400Regular']);
    expect(faces('こんにちはカタカナ')).toEqual(['NotoSansSC_400Regular']);
    expect(faces('안녕하세요')).toEqual(['NotoSansKR_400Regular']);
    expect(faces('வணக்கம்')).toEqual(['NotoSansTamil_400Regular']);
    expect(faces('ሰላም')).toEqual(['NotoSansEthiopic_400Regular']);
    expect(faces('བཀྲ་ཤིས')).toEqual(['NotoSerifTibetan_400Regular']);
    expect(faces('မြန်မာ')).toEqual(['NotoSansMyanmar_400Regular']);
    // Google's Noto Sans SC lacks 𠮷 (CJK Extension B): Noto Sans JP draws it, SC the rest.
    expect(faces('𠮷田')).toEqual(['NotoSansJP_400Regular', 'NotoSansSC_400Regular']);
    expect(faces('𝐁𝐨𝐥𝐝')).toEqual(['NotoSansMath_400Regular']);
    // ✓ and ♔ are only in Symbols 2, → only in Symbols: each falls back as far as it must.
    expect(faces('Signed ✓ → ♔')).toEqual([
      'NotoSans_400Regular',
      'NotoSansSymbols2_400Regular',
      'NotoSansSymbols_400Regular',
      'NotoSansSymbols2_400Regular',
    ]);
  });

  it('draws a conjoining Hangul jamo that forms no syllable as the whole letter, and copies the jamo out', () => {
    const kr = fonts.face('kr', 'regular');
    for (const [lone, whole] of [
      ['\u1100', 'ㄱ'],
      ['\u1161', 'ㅏ'],
      ['\u11B7', 'ㅁ'],
    ] as const) {
      const [run] = layout.singleLine(lone, BODY).runs;
      const shape = run?.kind === 'glyphs' ? run.shapes[0] : undefined;
      expect(shape?.kind === 'complex' && shape.glyphs.map((glyph) => glyph.id)).toEqual([
        kr.font.glyphForCodePoint(whole.codePointAt(0)!).id,
      ]);
      expect(run?.kind === 'glyphs' && run.actualText).toBe(lone);
    }
    // Jamo that compose stay one syllable: 한 from ᄒ ᅡ ᆫ.
    const [run] = layout.singleLine('\u1112\u1161\u11ab', BODY).runs;
    const shape = run?.kind === 'glyphs' ? run.shapes[0] : undefined;
    expect(shape?.kind === 'complex' && shape.glyphs.map((glyph) => glyph.id)).toEqual([
      kr.font.glyphForCodePoint('한'.codePointAt(0)!).id,
    ]);
  });

  it('shapes the scripts fontkit stumbles on: Malayalam and Gurmukhi marks, Mongolian joining forms', () => {
    expect(() => layout.wrap(SCRIPT_LINES.map(([, line]) => line).join('\n'), BODY, 400)).not.toThrow();
    // ᠮᠣᠩ: each letter takes its initial or medial form, not the isolated one its code point maps to.
    const mongolian = fonts.face('mongolian', 'regular');
    const shape = mongolian.shape('ᠮᠣᠩ', false);
    const isolated = Array.from('ᠮᠣᠩ', (char) => mongolian.font.glyphForCodePoint(char.codePointAt(0)!).id);
    expect(shape.kind === 'complex' && shape.glyphs.map((glyph) => glyph.id)).not.toContain(isolated[0]);
    expect(shape.kind === 'complex' && shape.glyphs).toHaveLength(3);
  });

  it('puts each Myanmar syllable in drawing order: E and medial Ra before the consonant, kinzi after it', () => {
    expect(myanmarDrawingOrder('မြန်မာ')).toBe('ြမန်မာ');
    expect(myanmarDrawingOrder('တွေ့')).toBe('ေတွ့');
    expect(myanmarDrawingOrder('ကြေး')).toBe('ေြကး');
    expect(myanmarDrawingOrder('မင်္ဂလာ')).toBe('မဂင်္လာ');
    // A consonant stacked under a virama stays in its syllable: the E goes before the whole stack.
    expect(myanmarDrawingOrder('ကမ္ဘော')).toBe('ကေမ္ဘာ');
    expect(myanmarDrawingOrder('Hi မြ!')).toBe('Hi ြမ!');
  });

  it('keeps an Arabic sentence, spaces and punctuation included, in one run of the Arabic face', () => {
    const [line] = layout.wrap('مرحبا، كيف حالك؟', BODY, 500);
    expect(drawnWith(line!)).toEqual(['IBMPlexSansArabic_400Regular']);
  });

  it('keeps combining marks with their base and lets neutral characters join the surrounding run', () => {
    expect(faces('Cafe\u0301 déjà vu')).toEqual(['NotoSans_400Regular']);
    expect(faces('我们，明天 3 点')).toEqual(['NotoSansSC_400Regular']);
  });

  it('draws emoji, ZWJ sequences, skin tones, flags and keycaps as images, and text-style pictographs as glyphs', () => {
    expect(faces('👨‍👩‍👧🇺🇸1️⃣👍🏽❤️')).toEqual(['emoji', 'emoji', 'emoji', 'emoji', 'emoji']);
    expect(faces('© ™')).toEqual(['NotoSans_400Regular']);
  });

  it('takes the mono face first for the mono family, the script faces after it, and bold where a package has it', () => {
    expect(faces('abc 123', { ...BODY, family: 'mono' })).toEqual(['NotoSansMono_400Regular']);
    expect(faces('abc مرحبا', { ...BODY, family: 'mono' })).toEqual([
      'NotoSansMono_400Regular',
      'IBMPlexSansArabic_400Regular',
    ]);
    expect(faces('Bold ✓', { ...BODY, weight: 'bold' })).toEqual([
      'NotoSans_700Bold',
      'NotoSansSymbols2_400Regular',
    ]);
  });
});
