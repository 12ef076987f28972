/** Grapheme clusters: what a reader sees as one character (a letter with its marks, an emoji sequence). */
export const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Words; ICU's dictionaries find the word boundaries of Thai and CJK, which write no spaces. */
export const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Code units segmented at a time by `segmentsOf`. */
const SEGMENT_WINDOW = 1_000;

/**
 * `segmenter`'s segments of `text`, indexed in `text`. V8's Intl.Segmenter takes time in the
 * length of the whole text for each segment, so a long text is segmented a window at a time:
 * each window's last segment may go on past it and is segmented again from its start, with the
 * next window; a segment longer than a window (a megabyte without a break) is cut at the window.
 */
export function* segmentsOf(segmenter: Intl.Segmenter, text: string): Generator<Intl.SegmentData> {
  if (text.length <= SEGMENT_WINDOW) {
    yield* segmenter.segment(text);
    return;
  }
  for (let from = 0; from < text.length;) {
    const to = Math.min(text.length, from + SEGMENT_WINDOW);
    let last: Intl.SegmentData | undefined;
    for (const segment of segmenter.segment(text.slice(from, to))) {
      if (last) yield { ...last, index: from + last.index, input: text };
      last = segment;
    }
    const { index } = last!;
    if (to < text.length && index > 0) {
      from += index;
    } else {
      yield { ...last!, index: from + index, input: text };
      from = to;
    }
  }
}

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
