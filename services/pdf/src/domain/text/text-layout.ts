import type { Face, ShapedText, SimpleShape } from './face';
import type { FontSet, TextStyle } from './font-set';
import { Paragraph, type Piece, type Span, widthOf } from './paragraph';

interface RunBase {
  /** pt from the line's left edge */
  readonly x: number;
  /** pt */
  readonly width: number;
  /** The run's logical text. */
  readonly text: string;
  /** Where the run's text starts in its paragraph: runs drawn in this order are in logical order. */
  readonly start: number;
}
/** Glyphs of one face, in visual order. */
export interface GlyphRun extends RunBase {
  readonly kind: 'glyphs';
  readonly face: Face;
  /** Shaped pieces (words, spaces) in visual order; font units, scaled by the size at drawing. */
  readonly shapes: readonly ShapedText[];
  /** Right-to-left: its shapes and their glyphs are in the reverse of the text's order. */
  readonly rtl: boolean;
  /** Where each shape's characters are in the paragraph, in the order of `shapes`. */
  readonly shapeRanges: readonly CharRange[];
  /**
   * What copying the run out of the PDF must give where its glyphs' characters would not: a
   * left-to-right run whose shaping reordered glyphs, or characters no font has (drawn as
   * U+FFFD). Null otherwise, and for right-to-left runs: their glyphs are in visual order, and
   * text extraction (pdftotext, pdf.js, Acrobat) reorders those into logical order itself.
   */
  readonly actualText: string | null;
}
/** One emoji, drawn as its Twemoji image. */
export interface EmojiRun extends RunBase {
  readonly kind: 'emoji';
  readonly svg: string;
}
export type TextRun = GlyphRun | EmojiRun;

export interface TextLine {
  /** Left-to-right visual runs, already positioned: x offsets relative to the line start. */
  readonly runs: readonly TextRun[];
  /** pt, without the spaces the line broke at */
  readonly width: number;
  /** The paragraph's base direction (right-to-left lines are right-aligned). */
  readonly direction: 'ltr' | 'rtl';
  /** The line's logical text, with the spaces it broke at (controls as spaces). */
  readonly text: string;
  /** Where the line's paragraph starts in the text given to wrap: runs' `start` count from there. */
  readonly paragraphStart: number;
}

/** Characters [start, end) of a text, in UTF-16 code units. */
export interface CharRange {
  readonly start: number;
  readonly end: number;
}

/** Line box height per pt of font size: one value for every script, so baselines stay evenly spaced. */
const LINE_HEIGHT = 1.4;
/** Noto Sans's ascender (1.069 em) plus half the leading its ascender and descender (0.293 em) leave. */
const ASCENT = 1.069 + (LINE_HEIGHT - 1.069 - 0.293) / 2;
/** Code units past which a unit is measured a line at a time (see `wrapParagraph`). */
const LONG_RUN = 1_000;
/** Slack for floating-point sums when comparing widths in em. */
const EPSILON = 1e-9;

/** Recommended line height for a style, same for every script so baselines stay regular. */
export function lineHeight(style: TextStyle): number {
  return style.size * LINE_HEIGHT;
}

/** Distance from a line box's top to its baseline. */
export function ascent(style: TextStyle): number {
  return style.size * ASCENT;
}

/** A left-to-right line of one simple shape (`text` may end in spaces the shape leaves out). */
function oneRunLine(text: string, shape: SimpleShape, size: number, paragraphStart: number): TextLine {
  const width = shape.width * size;
  const runs: TextRun[] =
    shape.text === ''
      ? []
      : [
          {
            kind: 'glyphs',
            x: 0,
            width,
            text: shape.text,
            start: 0,
            face: shape.face,
            shapes: [shape],
            rtl: false,
            shapeRanges: [{ start: 0, end: shape.text.length }],
            actualText: null,
          },
        ];
  return { runs, width, direction: 'ltr', text, paragraphStart };
}

interface RunDraft {
  readonly span: Span;
  readonly start: number;
  end: number;
  readonly pieces: Piece[];
}

/**
 * Measures and breaks text into lines. Results hold no per-document state (one layout can be
 * drawn into several PDFs); the shaped words it caches live with the faces, for the process.
 */
export class TextLayout {
  /** The last single line, since the same label is usually drawn into two documents in a row. */
  private lastSingleLine: { text: string; style: TextStyle; line: TextLine } | undefined;

  constructor(private readonly fonts: FontSet) {}

  /** Width in pt of `text` on one line (its widest paragraph, spaces included). */
  measure(text: string, style: TextStyle): number {
    const chain = this.fonts.chain(style.family, style.weight);
    let widest = 0;
    for (const paragraph of text.split('\n')) {
      const width = chain.primary.isSimple(paragraph)
        ? chain.primary.shapeSimple(paragraph).width
        : widthOf(Paragraph.analyze(paragraph, chain).pieces(0, paragraph.length));
      widest = Math.max(widest, width);
    }
    return widest * style.size;
  }

  /**
   * `text` broken into lines no wider than maxWidth (pt). An empty string gives one empty line.
   * `base` 'ltr' sets every paragraph left-to-right (a line of a left-to-right document that
   * quotes a right-to-left name); 'auto' takes each paragraph's from its first strong character.
   */
  wrap(text: string, style: TextStyle, maxWidth: number, base: 'auto' | 'ltr' = 'auto'): TextLine[] {
    const chain = this.fonts.chain(style.family, style.weight);
    const limit = maxWidth / style.size;
    let paragraphStart = 0;
    return text.split('\n').flatMap((paragraph) => {
      const start = paragraphStart;
      paragraphStart += paragraph.length + 1;
      // Most chat messages and labels are one line of simple text: shaped whole, no analysis.
      if (chain.primary.isSimple(paragraph)) {
        let end = paragraph.length;
        while (end > 0 && paragraph.charCodeAt(end - 1) === 0x20) end -= 1;
        const shape = chain.primary.shapeSimple(paragraph.slice(0, end));
        if (shape.width <= limit + EPSILON) return [oneRunLine(paragraph, shape, style.size, start)];
      }
      return this.wrapParagraph(Paragraph.analyze(paragraph, chain, base), style.size, limit, start);
    });
  }

  /** `text` as one line, however wide (line breaks count as spaces). */
  singleLine(text: string, style: TextStyle): TextLine {
    const last = this.lastSingleLine;
    if (
      last?.text === text &&
      last.style.family === style.family &&
      last.style.weight === style.weight &&
      last.style.size === style.size
    ) {
      return last.line;
    }
    const line = this.wrap(text.replaceAll('\n', ' '), style, Infinity)[0]!;
    this.lastSingleLine = { text, style: { ...style }, line };
    return line;
  }

  /** Greedy line filling in logical order; `limit` in em. */
  private wrapParagraph(
    paragraph: Paragraph,
    size: number,
    limit: number,
    paragraphStart: number,
  ): TextLine[] {
    const line = (start: number, end: number, pieces: readonly Piece[]): TextLine =>
      this.line(paragraph, start, end, pieces, size, paragraphStart);
    const lines: TextLine[] = [];
    let lineStart = 0;
    let pieces: Piece[] = [];
    let width = 0;
    /** The last unit's trailing spaces: they count only once something follows them on the line. */
    let hanging: readonly Piece[] = [];
    let hangingWidth = 0;
    /**
     * [from, to) of one unit, shaped and measured; a long one that a line cannot hold is neither
     * (width Infinity): measuring the rest of a megabyte run at every line was quadratic.
     */
    const measure = (from: number, to: number): { content: Piece[]; contentWidth: number } => {
      if (to - from > LONG_RUN && paragraph.fit(from, to, limit) < to)
        return { content: [], contentWidth: Infinity };
      const content = paragraph.pieces(from, to);
      return { content, contentWidth: widthOf(content) };
    };
    for (const unit of paragraph.units) {
      let { content, contentWidth } = measure(unit.start, unit.contentEnd);
      if (unit.start > lineStart && width + hangingWidth + contentWidth > limit + EPSILON) {
        lines.push(line(lineStart, unit.start, pieces));
        lineStart = unit.start;
        pieces = [];
        width = 0;
        hanging = [];
        hangingWidth = 0;
      }
      // A word wider than a whole line is broken between graphemes.
      while (contentWidth > limit + EPSILON) {
        const end = paragraph.fit(lineStart, unit.contentEnd, limit);
        if (end >= unit.contentEnd) break;
        lines.push(line(lineStart, end, paragraph.pieces(lineStart, end)));
        lineStart = end;
        ({ content, contentWidth } = measure(end, unit.contentEnd));
      }
      pieces.push(...hanging, ...content);
      width += hangingWidth + contentWidth;
      hanging = paragraph.pieces(unit.contentEnd, unit.end);
      hangingWidth = widthOf(hanging);
    }
    lines.push(line(lineStart, paragraph.text.length, pieces));
    return lines;
  }

  private line(
    paragraph: Paragraph,
    start: number,
    end: number,
    pieces: readonly Piece[],
    size: number,
    paragraphStart: number,
  ): TextLine {
    const drafts: RunDraft[] = [];
    for (const piece of pieces) {
      const last = drafts.at(-1);
      if (last?.span === piece.span) {
        last.pieces.push(piece);
        last.end = piece.end;
      } else {
        drafts.push({ span: piece.span, start: piece.start, end: piece.end, pieces: [piece] });
      }
    }
    let x = 0;
    const runs = paragraph.visualOrder(drafts, start, pieces.at(-1)?.end ?? start).map((draft) => {
      const run = this.run(paragraph, draft, x, widthOf(draft.pieces) * size);
      x += run.width;
      return run;
    });
    return {
      runs,
      width: x,
      direction: paragraph.direction,
      text: paragraph.text.slice(start, end),
      paragraphStart,
    };
  }

  private run(
    paragraph: Paragraph,
    { span, start, end, pieces }: RunDraft,
    x: number,
    width: number,
  ): TextRun {
    const text = paragraph.text.slice(start, end);
    if (span.kind === 'emoji') return { kind: 'emoji', x, width, text, start, svg: span.svg };
    const rtl = (span.level & 1) === 1;
    const shapes = pieces.map((piece) => piece.shaped!);
    const shapeRanges = pieces.map((piece) => ({ start: piece.start, end: piece.end }));
    return {
      kind: 'glyphs',
      x,
      width,
      text,
      start,
      face: span.face,
      shapes: rtl ? shapes.reverse() : shapes,
      rtl,
      shapeRanges: rtl ? shapeRanges.reverse() : shapeRanges,
      actualText:
        span.missing ||
        (!rtl &&
          shapes.some((shape) => shape.kind === 'complex' && (!shape.readsInOrder || shape.movesGlyphs)))
          ? text
          : null,
    };
  }
}
