/** Grapheme clusters: what a reader sees as one character (a letter with its marks, an emoji sequence). */
export const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Words; ICU's dictionaries find the word boundaries of Thai and CJK, which write no spaces. */
export const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Tabs, other controls and line/paragraph separators have no glyphs: they are laid out as a space. */
const AS_SPACE = /[\p{Cc}\u2028\u2029]/gu;

export function controlsAsSpaces(text: string): string {
  return text.replace(AS_SPACE, ' ');
}

const PRIVATE_USE = /^\p{Co}/u;
const UNASSIGNED = /^\p{Cn}/u;

/** 'U+0E3F' for a character (its first code point). */
export const codePointLabel = (char: string): string =>
  `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A character (grapheme cluster) named by its code points, as a reader can look it up even where
 * it cannot be drawn: 'U+E000 (private use)', 'U+0915 U+1AB0'.
 */
export function describeCharacter(cluster: string): string {
  const codePoints = Array.from(cluster, codePointLabel).join(' ');
  if (PRIVATE_USE.test(cluster)) return `${codePoints} (private use)`;
  if (UNASSIGNED.test(cluster)) return `${codePoints} (not assigned in Unicode)`;
  return codePoints;
}
