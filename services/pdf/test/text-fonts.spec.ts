import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import { TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { BODY, drawnWith, MULTI_SCRIPT } from './support/text-fixture';

const fonts = FontSet.shared();
const layout = new TextLayout(fonts);
/** What draws `text` laid out as one line. */
const faces = (text: string, style = BODY): string[] => drawnWith(layout.singleLine(text, style));

describe('the text engine fonts', () => {
  it('has a font or an emoji image for every character of every script', () => {
    expect(fonts.missingCharacters(MULTI_SCRIPT)).toEqual([]);
    expect(fonts.missingCharacters(MULTI_SCRIPT, 'mono', 'bold')).toEqual([]);
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
    // ✓ and ♔ are only in Symbols 2, → only in Symbols: each falls back as far as it must.
    expect(faces('Signed ✓ → ♔')).toEqual([
      'NotoSans_400Regular',
      'NotoSansSymbols2_400Regular',
      'NotoSansSymbols_400Regular',
      'NotoSansSymbols2_400Regular',
    ]);
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
