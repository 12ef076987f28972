import type { ShapedText } from './face';
import type { CharRange, GlyphRun, TextLine, TextRun } from './text-layout';
import { GRAPHEMES, segmentsOf } from './unicode';

/** Where a mask covers a line: `width` pt from x (pt from the line's left edge). */
export interface MaskedStretch<Mask extends CharRange> {
  readonly x: number;
  readonly width: number;
  /** Its first masked character in the paragraph: where it comes in reading order. */
  readonly start: number;
  /** The mask it shows (the first one, where a cluster straddles two). */
  readonly mask: Mask;
}

/** Glyphs of a run drawn together, between masked ones. */
export interface DrawnPart {
  /** pt from the line's left edge */
  readonly x: number;
  /** The glyphs, cut from the run's shapes, in visual order. */
  readonly shapes: readonly ShapedText[];
  /** Its first character in the paragraph. */
  readonly start: number;
  /** Their characters in logical order: the run's ActualText for this part. */
  readonly text: string;
}

/** A line with masks applied: what is still drawn, and where the masked stretches are. */
export interface LineMask<Mask extends CharRange> {
  /** The runs masks touch, each as the parts of it still drawn (none when all of it is masked); other runs are drawn whole. */
  readonly runs: ReadonlyMap<TextRun, readonly DrawnPart[]>;
  /** Left to right, one per stretch of adjacent masked clusters of one mask. */
  readonly stretches: readonly MaskedStretch<Mask>[];
}

/**
 * The smallest part of a run that is drawn or masked whole: a grapheme cluster, widened to take in
 * every glyph that draws any of its characters (a ligature across letters, a reordered syllable).
 */
interface Cluster {
  /** Characters, in the paragraph. */
  readonly start: number;
  readonly end: number;
  /** pt from the line's left edge */
  readonly x: number;
  readonly width: number;
  /** The shape (index in the run) and its glyphs [from, to), in visual order; a simple shape's glyphs are its characters. */
  readonly shape: number;
  readonly from: number;
  readonly to: number;
}

/** A glyph's characters in its shape's text, in logical order. */
interface GlyphCharacters {
  readonly glyph: number;
  readonly start: number;
  readonly end: number;
}

/** A paragraph's masks in order of start, and for each the furthest end up to it. */
interface OrderedMasks<Mask extends CharRange> {
  readonly masks: readonly Mask[];
  readonly furthestEnd: readonly number[];
}

/** Ordered once per paragraph's masks (every line of it is given the same list). */
const orderedMasks = new WeakMap<readonly CharRange[], OrderedMasks<CharRange>>();

/**
 * The masks with characters in [start, end), in order of start: a paragraph of many thousand masks
 * (a word removed everywhere in a long message) wraps into many lines, and each line looks up only
 * its own.
 */
function masksBetween<Mask extends CharRange>(masks: readonly Mask[], start: number, end: number): Mask[] {
  let ordered = orderedMasks.get(masks) as OrderedMasks<Mask> | undefined;
  if (ordered === undefined) {
    const sorted = masks.filter((mask) => mask.start < mask.end).sort((a, b) => a.start - b.start);
    let furthest = -Infinity;
    ordered = { masks: sorted, furthestEnd: sorted.map((mask) => (furthest = Math.max(furthest, mask.end))) };
    orderedMasks.set(masks, ordered);
  }
  // The first mask starting at or after `end`; of those before it, the ones reaching past `start`.
  let low = 0;
  let high = ordered.masks.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ordered.masks[middle]!.start < end) low = middle + 1;
    else high = middle;
  }
  const found: Mask[] = [];
  for (let i = low - 1; i >= 0 && ordered.furthestEnd[i]! > start; i--)
    if (ordered.masks[i]!.end > start) found.push(ordered.masks[i]!);
  return found.reverse();
}

/** A text with each mask's characters replaced by its box (see boxedText), and the masks over the boxes. */
export interface BoxedText<Mask extends CharRange> {
  readonly text: string;
  readonly masks: readonly Mask[];
}

/**
 * Characters that are a grapheme cluster of their own whatever stands beside them (no mark,
 * joiner, prepended sign, conjunct or jamo sequence): ASCII and a line feed, Latin, Greek,
 * Cyrillic, Arabic and Thai letters, kana, Han and Hangul syllables.
 */
const STANDS_ALONE =
  /[\n\x20-\x7e\xa0-\u02ff\u0370-\u0482\u0621-\u064a\u0e01-\u0e2e\u3041-\u3096\u309b-\u30ff\u4e00-\u9fff\uac00-\ud7a3]/;
/** Characters each side of an edge that the clusters round it are found in (no writing has longer ones). */
const CLUSTER_WINDOW = 64;

/**
 * `index` of `text`, moved out to the edge of the grapheme cluster it falls inside, if any:
 * `toward` the cluster's 'start' or 'end'. Intl.Segmenter takes time in the length of the whole
 * text for each lookup, so only a window round the edge is segmented, and only where the two
 * characters beside it might be one cluster.
 */
function clusterEdge(text: string, index: number, toward: 'start' | 'end'): number {
  if (index <= 0 || index >= text.length) return index;
  if (STANDS_ALONE.test(text[index - 1]!) && STANDS_ALONE.test(text[index]!)) return index;
  const from = Math.max(0, index - CLUSTER_WINDOW);
  for (const { index: at, segment } of GRAPHEMES.segment(text.slice(from, index + CLUSTER_WINDOW))) {
    const start = from + at;
    const end = start + segment.length;
    if (start < index && index < end) return toward === 'start' ? start : end;
    if (end >= index) break;
  }
  return index;
}

/**
 * The text a copy that removes masks lays out: each mask's characters (widened to whole grapheme
 * clusters; overlapping masks joined, as the first) replaced by `box(mask)`, its label, whose
 * spaces are no-break ones so that it is one unbreakable stretch. The line is then wrapped and
 * shaped without the removed characters: each box is as wide as its label, never as the text it
 * removes, the text after it re-flows, and nothing is kerned or shaped against a removed letter
 * (Bland et al., PETS 2023, recovered names from the widths of boxes drawn over them).
 */
export function boxedText<Mask extends CharRange>(
  text: string,
  masks: readonly Mask[],
  box: (mask: Mask) => string,
): BoxedText<Mask> {
  const ordered = masks.filter((mask) => mask.start < mask.end).sort((a, b) => a.start - b.start);
  const joined: { mask: Mask; start: number; end: number }[] = [];
  for (const mask of ordered) {
    const start = clusterEdge(text, mask.start, 'start');
    const end = clusterEdge(text, Math.min(mask.end, text.length), 'end');
    const last = joined.at(-1);
    if (last !== undefined && start < last.end) last.end = Math.max(last.end, end);
    else joined.push({ mask, start, end });
  }
  let boxed = '';
  let at = 0;
  const boxes: Mask[] = [];
  for (const { mask, start, end } of joined) {
    boxed += text.slice(at, start);
    const label = box(mask).replace(/\s/gu, '\u00A0');
    boxes.push({ ...mask, start: boxed.length, end: boxed.length + label.length });
    boxed += label;
    at = end;
  }
  return { text: boxed + text.slice(at), masks: boxes };
}

/**
 * `line` with the characters of `masks` (ranges in the text the line was wrapped from) taken out:
 * each cluster with a masked character is masked whole, never drawn in part. The line's layout
 * is untouched: a copy that removes masks gives it the lines of its boxedText, whose masked
 * characters are the boxes' labels. Null when no mask touches the line.
 */
export function maskLine<Mask extends CharRange>(
  line: TextLine,
  masks: readonly Mask[],
  size: number,
): LineMask<Mask> | null {
  const lineStart = line.paragraphStart + Math.min(...line.runs.map((run) => run.start));
  const lineEnd = line.paragraphStart + Math.max(...line.runs.map((run) => run.start + run.text.length));
  const local = masksBetween(masks, lineStart, lineEnd).map((mask) => ({
    mask,
    start: mask.start - line.paragraphStart,
    end: mask.end - line.paragraphStart,
  }));
  const maskOf = (start: number, end: number): Mask | undefined =>
    local.find((range) => range.start < end && start < range.end)?.mask;

  const runs = new Map<TextRun, DrawnPart[]>();
  const stretches: { x: number; width: number; start: number; mask: Mask }[] = [];
  /** Whether the cluster left of the next one is masked, so that a stretch may go on over it. */
  let masking = false;
  for (const run of line.runs) {
    if (maskOf(run.start, run.start + run.text.length) === undefined) {
      masking = false;
      continue;
    }
    const clusters =
      run.kind === 'emoji'
        ? [
            {
              start: run.start,
              end: run.start + run.text.length,
              x: run.x,
              width: run.width,
              shape: 0,
              from: 0,
              to: 0,
            },
          ]
        : glyphClusters(run, size);
    const masked = clusters.map((cluster) => maskOf(cluster.start, cluster.end));
    runs.set(run, run.kind === 'emoji' ? [] : drawnParts(run, clusters, masked));
    clusters.forEach((cluster, i) => {
      const mask = masked[i];
      if (mask === undefined) {
        masking = false;
        return;
      }
      const last = stretches.at(-1);
      if (masking && last?.mask === mask) {
        last.width = cluster.x + cluster.width - last.x;
        last.start = Math.min(last.start, cluster.start);
      } else {
        stretches.push({ x: cluster.x, width: cluster.width, start: cluster.start, mask });
      }
      masking = true;
    });
  }
  return runs.size === 0 ? null : { runs, stretches };
}

/** A glyph run's clusters, left to right. */
function glyphClusters(run: GlyphRun, size: number): Cluster[] {
  const clusters: Cluster[] = [];
  let left = run.x;
  run.shapes.forEach((shape, s) => {
    const range = run.shapeRanges[s]!;
    const text = run.text.slice(range.start - run.start, range.end - run.start);
    const scale = size / shape.face.unitsPerEm;
    const edges = glyphEdges(shape);
    const inShape: Cluster[] = [];
    for (const { from, to, start, end } of shapeClusters(shape, text, run.rtl)) {
      inShape.push({
        start: range.start + start,
        end: range.start + end,
        x: left + edges[from]! * scale,
        width: (edges[to]! - edges[from]!) * scale,
        shape: s,
        from,
        to,
      });
    }
    clusters.push(...inShape.sort((a, b) => a.from - b.from));
    left += shape.width * size;
  });
  return clusters;
}

/**
 * The pen's position (font units from the shape's left) before each glyph, as the painter draws
 * them (a simple shape's kerning moves the glyph after it), then the shape's end.
 */
function glyphEdges(shape: ShapedText): number[] {
  const edges: number[] = [];
  let pen = 0;
  if (shape.kind === 'simple') {
    const { face, text } = shape;
    for (let i = 0; i < text.length; i += 1) {
      if (i > 0) pen += face.kern(text.charCodeAt(i - 1), text.charCodeAt(i));
      edges.push(pen);
      pen += face.simpleGlyph(text.charCodeAt(i))!.advanceWidth;
    }
  } else {
    for (const glyph of shape.glyphs) {
      edges.push(pen);
      pen += glyph.xAdvance;
    }
  }
  edges.push(pen);
  return edges;
}

/** A shape's clusters: glyphs [from, to) in visual order and their characters [start, end) in `text`. */
function shapeClusters(
  shape: ShapedText,
  text: string,
  rtl: boolean,
): { from: number; to: number; start: number; end: number }[] {
  const count = shape.kind === 'simple' ? shape.text.length : shape.glyphs.length;
  const characters = glyphCharacters(shape, text, rtl);
  // Glyphs that cannot be told apart by their characters (reordered, dropped, a missing
  // character's U+FFFD) make one cluster: all of them are drawn, or none.
  if (characters === null) return [{ from: 0, to: count, start: 0, end: text.length }];
  const graphemeEnds = new Set<number>();
  for (const { index, segment } of segmentsOf(GRAPHEMES, text)) graphemeEnds.add(index + segment.length);
  const graphemeEnd = (at: number): number => {
    let end = at;
    while (end < text.length && !graphemeEnds.has(end)) end += 1;
    return end;
  };
  const clusters: { glyphs: number[]; start: number; end: number }[] = [];
  for (const { glyph, start, end } of characters) {
    const last = clusters.at(-1);
    if (last !== undefined && start < last.end) {
      last.glyphs.push(glyph);
      last.end = Math.max(last.end, graphemeEnd(end));
    } else {
      clusters.push({ glyphs: [glyph], start, end: graphemeEnd(end) });
    }
  }
  return clusters.map(({ glyphs, start, end }) => ({
    from: Math.min(...glyphs),
    to: Math.max(...glyphs) + 1,
    start,
    end,
  }));
}

/**
 * Each glyph's characters, in logical order, when the glyphs read in that order spell `text`
 * (a right-to-left shape's backwards, a ligature's characters listed right to left); else null.
 */
function glyphCharacters(shape: ShapedText, text: string, rtl: boolean): GlyphCharacters[] | null {
  if (shape.kind === 'simple') {
    return Array.from(text, (_, i) => ({ glyph: i, start: i, end: i + 1 }));
  }
  const order = shape.glyphs.map((_, i) => i);
  if (rtl) order.reverse();
  const characters: GlyphCharacters[] = [];
  let at = 0;
  for (const glyph of order) {
    const codePoints = shape.glyphs[glyph]!.codePoints;
    const spelled = String.fromCodePoint(...(rtl ? [...codePoints].reverse() : codePoints));
    if (spelled === '' || !text.startsWith(spelled, at)) return null;
    characters.push({ glyph, start: at, end: at + spelled.length });
    at += spelled.length;
  }
  return at === text.length ? characters : null;
}

/** The run's unmasked clusters, joined into parts of adjacent ones. */
function drawnParts(
  run: GlyphRun,
  clusters: readonly Cluster[],
  masked: readonly (CharRange | undefined)[],
): DrawnPart[] {
  const parts: DrawnPart[] = [];
  let part: {
    x: number;
    slices: { shape: number; from: number; to: number }[];
    start: number;
    end: number;
  } | null = null;
  const close = (): void => {
    if (part === null) return;
    const text = run.text.slice(part.start - run.start, part.end - run.start);
    // Only spaces or invisible marks left of a masked run: drawing them would still embed the
    // run's font, which tells the script of what was removed (a CJK font beside no CJK text).
    if (/^[\s\p{Cf}]*$/u.test(text)) {
      part = null;
      return;
    }
    parts.push({
      x: part.x,
      shapes: part.slices.map(({ shape, from, to }) => slice(run.shapes[shape]!, from, to)),
      start: part.start,
      text,
    });
    part = null;
  };
  clusters.forEach((cluster, i) => {
    if (masked[i] !== undefined) {
      close();
      return;
    }
    part ??= { x: cluster.x, slices: [], start: cluster.start, end: cluster.end };
    part.start = Math.min(part.start, cluster.start);
    part.end = Math.max(part.end, cluster.end);
    const last = part.slices.at(-1);
    if (last?.shape === cluster.shape && last.to === cluster.from) last.to = cluster.to;
    else part.slices.push({ shape: cluster.shape, from: cluster.from, to: cluster.to });
  });
  close();
  return parts;
}

/** Glyphs [from, to) of a shape (a simple shape's characters), as a shape of their own. */
function slice(shape: ShapedText, from: number, to: number): ShapedText {
  const count = shape.kind === 'simple' ? shape.text.length : shape.glyphs.length;
  if (from === 0 && to === count) return shape;
  const edges = glyphEdges(shape);
  const width = (edges[to]! - edges[from]!) / shape.face.unitsPerEm;
  return shape.kind === 'simple'
    ? { ...shape, text: shape.text.slice(from, to), width }
    : { ...shape, glyphs: shape.glyphs.slice(from, to), width };
}
