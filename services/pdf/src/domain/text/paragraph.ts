import bidiFactory, { type EmbeddingLevels } from 'bidi-js';
import { EMOJI_ADVANCE, wantsEmojiImage } from './emoji';
import type { Face, ShapedText } from './face';
import type { ClusterDrawing, FaceChain } from './font-set';
import { controlsAsSpaces, GRAPHEMES, segmentsOf, WORDS } from './unicode';

const bidi = bidiFactory();

interface SpanBase {
  readonly start: number;
  readonly end: number;
  /** Bidi embedding level: odd is right-to-left. */
  readonly level: number;
}
export interface TextSpan extends SpanBase {
  readonly kind: 'text';
  readonly face: Face;
  /** No font has this cluster: U+FFFD is drawn in its place (the PDF's text layer keeps the original). */
  readonly missing: boolean;
}
export interface EmojiSpan extends SpanBase {
  readonly kind: 'emoji';
  readonly svg: string;
}
/** A stretch of a paragraph drawn one way (one face, or one emoji image) at one bidi level. */
export type Span = TextSpan | EmojiSpan;

/** The text between two break opportunities: content, then spaces that may hang past the line's end. */
export interface BreakUnit {
  readonly start: number;
  readonly contentEnd: number;
  readonly end: number;
}

/** A measured part of one span. */
export interface Piece {
  readonly span: Span;
  readonly start: number;
  readonly end: number;
  /** Null for an emoji image. */
  readonly shaped: ShapedText | null;
  /** em */
  readonly width: number;
}

export function widthOf(pieces: readonly Piece[]): number {
  let width = 0;
  for (const piece of pieces) width += piece.width;
  return width;
}

const REPLACEMENT_CHARACTER = '\uFFFD';
/** The first prefix `fit` measures, in graphemes less one: about a line of body text. */
const FIRST_PROBE = 63;

/** The index of the first of the ascending `ends` above `position`. */
function firstAbove(ends: readonly number[], position: number): number {
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ends[middle]! > position) high = middle;
    else low = middle + 1;
  }
  return low;
}
/** Spaces a line may break after (not the no-break ones); zero-width space included. */
const BREAKING_SPACES = /^[ \u1680\u2000-\u2006\u2008-\u200A\u200B\u205F\u3000]+$/u;
/** Scripts written without spaces between words: a line may break between any two of their words. */
const NO_SPACES_AT_END =
  /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;
const NO_SPACES_AT_START =
  /^[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const OPENING_PUNCTUATION_AT_END = /[\p{Ps}\p{Pi}]$/u;
/** Spaces, digits, punctuation, marks: characters that belong to no one script and join their neighbours' face. */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]/u;
const ASTRAL = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
const RIGHT_TO_LEFT_ASTRAL = /[\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
const LETTER = /\p{L}/u;

/**
 * bidi-js classifies each UTF-16 unit on its own and would count both halves of an astral
 * character (any emoji) as strong left-to-right letters, turning "🙏 شكرا" left-to-right; the
 * string it sees has a stand-in pair of the character's own class instead.
 */
function bidiStandIn(pair: string): string {
  if (RIGHT_TO_LEFT_ASTRAL.test(pair)) return '\u05D0\u05D0';
  return LETTER.test(pair) ? 'aa' : '\uFFFC\uFFFC';
}

/** Whether a line may break between two adjacent word segments with no space between them. */
function breaksBetween(before: string, after: Intl.SegmentData): boolean {
  return (
    after.isWordLike === true &&
    !OPENING_PUNCTUATION_AT_END.test(before) &&
    (NO_SPACES_AT_END.test(before) || NO_SPACES_AT_START.test(after.segment))
  );
}

function breakUnits(text: string): BreakUnit[] {
  const units: BreakUnit[] = [];
  let unit: { start: number; contentEnd: number; end: number } | null = null;
  let before = '';
  for (const segment of segmentsOf(WORDS, text)) {
    const end = segment.index + segment.segment.length;
    if (BREAKING_SPACES.test(segment.segment)) {
      if (unit) unit.end = end;
      else unit = { start: 0, contentEnd: 0, end };
    } else if (unit === null) {
      unit = { start: segment.index, contentEnd: end, end };
    } else if (unit.end > unit.contentEnd || breaksBetween(before, segment)) {
      units.push(unit);
      unit = { start: segment.index, contentEnd: end, end };
    } else {
      unit.contentEnd = end;
      unit.end = end;
    }
    before = segment.segment;
  }
  if (unit) units.push(unit);
  return units;
}

/** Each code unit of a simple paragraph is a grapheme; it breaks after its spaces only. */
function spaceSeparatedUnits(text: string): BreakUnit[] {
  const units: BreakUnit[] = [];
  for (let i = 0; i < text.length;) {
    const start = i;
    while (i < text.length && text.charCodeAt(i) !== 0x20) i += 1;
    const contentEnd = i;
    while (i < text.length && text.charCodeAt(i) === 0x20) i += 1;
    units.push({ start, contentEnd, end: i });
  }
  return units;
}

interface Cluster {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * How each cluster is drawn. Neutral clusters (spaces, digits, punctuation) join the face of a
 * neighbour that has them, the one at their own bidi level first (which adds no run), else the
 * one before: an Arabic sentence stays one run in the Arabic face, spaces and commas included,
 * and shapes as one.
 */
function clusterDrawings(
  clusters: readonly Cluster[],
  levels: readonly number[],
  chain: FaceChain,
): ClusterDrawing[] {
  const own = clusters.map((cluster) =>
    NEUTRAL.test(cluster.text) && !wantsEmojiImage(cluster.text) ? undefined : chain.drawing(cluster.text),
  );
  /** For each cluster, the next one that is not neutral (-1: none). */
  const next: number[] = [];
  for (let i = clusters.length - 1, following = -1; i >= 0; i -= 1) {
    next[i] = following;
    if (own[i]) following = i;
  }
  const drawings: ClusterDrawing[] = [];
  clusters.forEach((cluster, i) => {
    const drawing = own[i];
    if (drawing) {
      drawings.push(drawing);
      return;
    }
    const sameLevelFirst = [i - 1, next[i]!]
      .filter((j) => j >= 0)
      .sort((a, b) => Number(levels[a] !== levels[i]) - Number(levels[b] !== levels[i]));
    const face = sameLevelFirst
      .map((j) => drawings[j] ?? own[j])
      .map((neighbour) => (neighbour?.kind === 'text' ? neighbour.face : null))
      .find((candidate) => candidate?.covers(cluster.text));
    drawings.push(face ? { kind: 'text', face } : chain.drawing(cluster.text));
  });
  return drawings;
}

/** A character's mirror image (the other bracket of a pair), else itself. */
const mirrored = (char: string): string => bidi.getMirroredCharacter(char) ?? char;

const typedShapes = new WeakMap<ShapedText, ShapedText>();

/**
 * A right-to-left shape of mirrored characters with each glyph giving back the character typed:
 * the ")" drawn for a typed "(" copies out as "(". Text extractors put a right-to-left run in
 * logical order by reversing it, and do not mirror.
 */
function typed(shape: ShapedText): ShapedText {
  if (shape.kind === 'simple') return shape;
  let typedShape = typedShapes.get(shape);
  if (!typedShape) {
    const glyphs = shape.glyphs.map((glyph) => ({
      ...glyph,
      codePoints: glyph.codePoints.map((code) => mirrored(String.fromCodePoint(code)).codePointAt(0)!),
    }));
    typedShape = { ...shape, glyphs };
    typedShapes.set(shape, typedShape);
  }
  return typedShape;
}

/**
 * One paragraph (no line breaks) analysed for layout: which face or emoji image draws each part,
 * its bidi levels, and where its lines may break. Holds no per-document state.
 */
export class Paragraph {
  private constructor(
    /** The paragraph with controls made spaces. */
    readonly text: string,
    readonly spans: readonly Span[],
    readonly units: readonly BreakUnit[],
    readonly direction: 'ltr' | 'rtl',
    /** Null when the paragraph is all left-to-right. */
    private readonly bidi: { text: string; levels: EmbeddingLevels } | null,
    /** The end of every grapheme cluster; null when every code unit is one. */
    private readonly clusterEnds: readonly number[] | null,
  ) {}

  /** `base` 'auto' takes the direction of the first strong character; 'ltr' keeps a line left-to-right. */
  static analyze(paragraph: string, chain: FaceChain, base: 'auto' | 'ltr' = 'auto'): Paragraph {
    // The fast path: Latin, Greek, Cyrillic in the family's own face need no grapheme, word or bidi analysis.
    if (chain.primary.isSimple(paragraph)) {
      const spans: Span[] =
        paragraph === ''
          ? []
          : [
              {
                kind: 'text',
                face: chain.primary,
                missing: false,
                start: 0,
                end: paragraph.length,
                level: 0,
              },
            ];
      return new Paragraph(paragraph, spans, spaceSeparatedUnits(paragraph), 'ltr', null, null);
    }

    const text = controlsAsSpaces(paragraph);
    const clusters: Cluster[] = Array.from(segmentsOf(GRAPHEMES, text), ({ segment, index }) => ({
      start: index,
      end: index + segment.length,
      text: segment,
    }));
    const bidiText = text.replace(ASTRAL, bidiStandIn);
    const levels = bidi.getEmbeddingLevels(bidiText, base);
    // One level per cluster, so no reordering splits one.
    for (const cluster of clusters)
      levels.levels.fill(levels.levels[cluster.start]!, cluster.start, cluster.end);
    const clusterLevels = clusters.map((cluster) => levels.levels[cluster.start]!);
    const reorders = levels.levels.some((level) => level > 0);

    const spans: (Span & { end: number })[] = [];
    clusterDrawings(clusters, clusterLevels, chain).forEach((drawing, i) => {
      const { start, end } = clusters[i]!;
      const level = clusterLevels[i]!;
      const last = spans.at(-1);
      if (
        drawing.kind === 'text' &&
        last?.kind === 'text' &&
        !last.missing &&
        last.face === drawing.face &&
        last.level === level
      ) {
        last.end = end;
      } else if (drawing.kind === 'emoji') {
        spans.push({ kind: 'emoji', svg: drawing.svg, start, end, level });
      } else {
        const missing = drawing.kind === 'missing';
        spans.push({
          kind: 'text',
          face: missing ? chain.primary : drawing.face,
          missing,
          start,
          end,
          level,
        });
      }
    });
    return new Paragraph(
      text,
      spans,
      breakUnits(text),
      (levels.paragraphs[0]!.level & 1) === 1 ? 'rtl' : 'ltr',
      reorders ? { text: bidiText, levels } : null,
      clusters.map((cluster) => cluster.end),
    );
  }

  /** [start, end) cut at span boundaries, each part shaped and measured. */
  pieces(start: number, end: number): Piece[] {
    const pieces: Piece[] = [];
    for (let i = this.spanIndexAt(start); i < this.spans.length && this.spans[i]!.start < end; i += 1) {
      const span = this.spans[i]!;
      const from = Math.max(start, span.start);
      const to = Math.min(end, span.end);
      if (from < to) pieces.push(this.piece(span, from, to));
    }
    return pieces;
  }

  /**
   * The furthest grapheme boundary after `start` (at most `end`) to which the text fits in
   * `limit` em, for breaking a word wider than a line; at least one grapheme. Prefixes are
   * measured in lengths that double before the search narrows, so the cost follows the line
   * found, not the rest of the run: an unbroken run can be a megabyte long.
   */
  fit(start: number, end: number, limit: number): number {
    const first = this.clusterEnds ? firstAbove(this.clusterEnds, start) : 0;
    const count = this.clusterEnds ? firstAbove(this.clusterEnds, end) - first : end - start;
    const graphemeEnd = (i: number): number =>
      this.clusterEnds ? this.clusterEnds[first + i]! : start + i + 1;
    const fits = (i: number): boolean => widthOf(this.pieces(start, graphemeEnd(i))) <= limit;
    let low = 0;
    let high = count - 1;
    for (let probe = FIRST_PROBE; probe < count; probe = probe * 2 + 1) {
      if (!fits(probe)) {
        high = probe - 1;
        break;
      }
      low = probe;
    }
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (fits(middle)) low = middle;
      else high = middle - 1;
    }
    return graphemeEnd(low);
  }

  /**
   * `runs` of the line [start, end), given in logical order and each within one span, in visual
   * order: bidi-js's reversals for the line, applied to whole runs.
   */
  visualOrder<Run extends { readonly start: number }>(
    runs: readonly Run[],
    start: number,
    end: number,
  ): readonly Run[] {
    if (!this.bidi || end <= start) return runs;
    const order = [...runs];
    for (const [from, to] of bidi.getReorderSegments(this.bidi.text, this.bidi.levels, start, end - 1)) {
      const inside = (run: Run): boolean => run.start >= from! && run.start <= to!;
      const first = order.findIndex(inside);
      if (first < 0) continue;
      let last = first;
      while (last + 1 < order.length && inside(order[last + 1]!)) last += 1;
      order.splice(first, last - first + 1, ...order.slice(first, last + 1).reverse());
    }
    return order;
  }

  private spanIndexAt(position: number): number {
    let low = 0;
    let high = this.spans.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.spans[middle]!.start <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private piece(span: Span, start: number, end: number): Piece {
    if (span.kind === 'emoji') return { span, start, end, shaped: null, width: EMOJI_ADVANCE };
    const rtl = (span.level & 1) === 1;
    const text = span.missing ? REPLACEMENT_CHARACTER : this.text.slice(start, end);
    // Right-to-left runs show brackets and the like mirrored: "(" opens to the right.
    const shown = rtl ? Array.from(text, mirrored).join('') : text;
    const shaped = shown === text ? span.face.shape(text, rtl) : typed(span.face.shape(shown, rtl));
    return { span, start, end, shaped, width: shaped.width };
  }
}
