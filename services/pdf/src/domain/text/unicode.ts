/** Grapheme clusters: what a reader sees as one character (a letter with its marks, an emoji sequence). */
export const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Words; ICU's dictionaries find the word boundaries of Thai and CJK, which write no spaces. */
export const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Tabs, other controls and line/paragraph separators have no glyphs: they are laid out as a space. */
const AS_SPACE = /[\p{Cc}\u2028\u2029]/gu;

export function controlsAsSpaces(text: string): string {
  return text.replace(AS_SPACE, ' ');
}
