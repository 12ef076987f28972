import { EMOJI_ADVANCE, EMOJI_TOP } from './emoji';
import { EMOJI_BOX, EmojiForms } from './emoji-forms';
import type { ComplexShape, Face, ShapedText, SimpleShape } from './face';
import type { FontSet, TextStyle } from './font-set';
import { type EmbeddedFont, internals, type PdfkitDocument } from './pdfkit-internals';
import type { LineMask, MaskedStretch } from './line-mask';
import { type CharRange, type EmojiRun, TextLayout, type TextLine, type TextRun } from './text-layout';

/** pdfkit's embedded subset of a face in this document, and each glyph's code in it. */
interface PdfFace {
  readonly font: EmbeddedFont;
  /**
   * By fontkit glyph id: the subset id as two bytes of a PDF string (see glyphCode), and its
   * characters (the array last seen with them, so that a simple glyph's own array matches at once).
   */
  readonly codes: Map<number, { readonly code: string; codePoints: readonly number[] }>;
  /** By glyph id and characters: the codes of glyphs drawn for other characters than at their first use. */
  readonly otherCodes: Map<string, string>;
}

/** A complex shape as TJ operands for one document; a shape with glyphs off the baseline has several. */
interface EncodedSegment {
  /** Text rise in em (a mark raised or lowered by the font's positioning). */
  readonly rise: number;
  /** TJ array contents: strings of glyph codes and adjustments in thousandths of an em. */
  readonly operands: string;
}

/** A coordinate for a content stream: at most three decimals, no exponent. */
function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** Bytes that a PDF literal string must escape. */
const STRING_ESCAPES = new Map([
  [0x28, '\\('],
  [0x29, '\\)'],
  [0x5c, '\\\\'],
  [0x0a, '\\n'],
  [0x0d, '\\r'],
]);

/**
 * A subset glyph id as the two bytes of an Identity-H code inside a PDF literal string: half
 * the size of pdfkit's hex, which makes the content streams faster to build and to compress.
 */
function glyphCode(subsetId: number): string {
  let code = '';
  for (const byte of [subsetId >> 8, subsetId & 0xff])
    code += STRING_ESCAPES.get(byte) ?? String.fromCharCode(byte);
  return code;
}

/** A TJ adjustment (thousandths of an em): two decimals. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Draws laid-out lines into one PDF document with content-stream operators (pdfkit's doc.text()
 * would lay everything out again). It holds the document's state: pdfkit's embedded subset of
 * each face it uses, the complex words encoded for those subsets, and the emoji forms.
 */
export class TextPainter {
  private readonly pdfkit: PdfkitDocument;
  private readonly layout: TextLayout;
  /** The face of the invisible text under each emoji. */
  private readonly placeholder: Face;
  private readonly faces = new Map<Face, PdfFace>();
  private readonly encoded = new WeakMap<ComplexShape, readonly EncodedSegment[]>();
  private readonly colours = new Map<string, string>();
  private readonly emoji: EmojiForms;

  /** One painter per PDF document. */
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    fonts: FontSet,
  ) {
    this.pdfkit = internals(doc);
    this.emoji = new EmojiForms(doc);
    this.layout = sharedLayout(fonts);
    this.placeholder = fonts.face('sans', 'regular');
  }

  /**
   * Draws `line` with its left edge at x and its BASELINE at y (pdfkit's top-down page
   * coordinates), in `color` (hex like '#1d4ed8'). With `mask` (see maskLine), the masked
   * clusters are left out altogether (no glyph, no text, no ActualText), and `drawStretch` is
   * called for each masked stretch where it comes in reading order, so that what it draws (a
   * label) is read in the line's place.
   */
  drawLine<Mask extends CharRange>(
    line: TextLine,
    x: number,
    y: number,
    style: TextStyle,
    color: string,
    mask: LineMask<Mask> | null = null,
    drawStretch: (stretch: MaskedStretch<Mask>) => void = () => {},
  ): void {
    if (line.runs.length === 0) return;
    // Runs with marked content go through pdfkit, which tracks the marks open on each page; the
    // others collect into one chunk.
    let chunk = `q ${this.rgb(color)} rg`;
    const show = (operators: string, actualText: string | null): void => {
      if (actualText === null) {
        chunk += `\n${operators}`;
      } else {
        this.write(chunk);
        this.doc.markContent('Span', { actual: actualText });
        this.write(operators);
        this.doc.endMarkedContent();
        chunk = '';
      }
    };
    const pending = [...(mask?.stretches ?? [])].sort((a, b) => a.start - b.start);
    /** Draws the masked stretches that come before `position` in reading order. */
    const stretchesBefore = (position: number): void => {
      if (pending.length === 0 || pending[0]!.start >= position) return;
      this.write(chunk);
      chunk = '';
      while (pending.length > 0 && pending[0]!.start < position) drawStretch(pending.shift()!);
    };
    // Stretches of one face are drawn in logical order, each at its place on the line: text
    // extraction that reads the content stream (pdf.js) gets a mixed line's parts in reading order.
    const runs = line.runs.length === 1 ? line.runs : logicalOrder(line.runs);
    for (const run of runs) {
      const parts = mask?.runs.get(run);
      if (parts !== undefined) {
        // A masked emoji has no parts; a glyph run's parts keep an ActualText only for their own characters.
        for (const part of parts) {
          if (run.kind !== 'glyphs') continue;
          stretchesBefore(part.start);
          show(
            this.textObject(run.face, part.shapes, x + part.x, y, style.size),
            run.actualText === null ? null : part.text,
          );
        }
      } else {
        stretchesBefore(run.start);
        if (run.kind === 'emoji') show(this.emojiOperators(run, x + run.x, y, style.size), run.text);
        else show(this.textObject(run.face, run.shapes, x + run.x, y, style.size), run.actualText);
      }
    }
    stretchesBefore(Infinity);
    this.write(`${chunk}\nQ`);
  }

  /** Convenience: measure-free single line (no wrapping), e.g. for footers. */
  drawText(
    text: string,
    x: number,
    y: number,
    style: TextStyle,
    color: string,
    options?: { align?: 'left' | 'right' | 'center'; width?: number },
  ): void {
    const line = this.layout.singleLine(text, style);
    this.drawLine(line, alignedLeft(line, x, options), y, style, color);
  }

  /** Appends to the page's content, as bytes: pdfkit would copy a string one character at a time. */
  private write(content: string): void {
    if (content !== '') this.doc.addContent(Buffer.from(`${content}\n`, 'latin1'));
  }

  /** The fill colour's operands ('r g b'), from a hex colour. */
  private rgb(color: string): string {
    let operands = this.colours.get(color);
    if (operands === undefined) {
      const hex = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(color)?.[1];
      if (hex === undefined) throw new Error(`Not a hex colour: ${color}`);
      const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
      operands = [0, 2, 4].map((at) => num(parseInt(full.slice(at, at + 2), 16) / 255)).join(' ');
      this.colours.set(color, operands);
    }
    return operands;
  }

  /**
   * A text object showing `shapes` from x on the baseline. pdfkit's page space runs top-down, so
   * the text matrix flips y back (1 0 0 -1) to set glyphs upright. `textState` operators
   * (render mode, scaling) must be undone by the caller's Q.
   */
  private textObject(
    face: Face,
    shapes: readonly ShapedText[],
    x: number,
    baseline: number,
    size: number,
    textState = '',
  ): string {
    const pdfFace = this.pdfFace(face);
    const fonts = this.pdfkit.page.fonts;
    fonts[pdfFace.font.id] ??= pdfFace.font.ref();
    const state = textState === '' ? '' : `${textState} `;
    let out = `BT ${state}/${pdfFace.font.id} ${num(size)} Tf 1 0 0 -1 ${num(x)} ${num(baseline)} Tm`;
    let operands = '';
    for (const shape of shapes) {
      if (shape.kind === 'simple') {
        operands += this.simpleOperands(shape, pdfFace);
        continue;
      }
      for (const segment of this.complexOperands(shape, pdfFace)) {
        if (segment.rise === 0) {
          operands += segment.operands;
        } else {
          if (operands !== '') out += ` [${operands}] TJ`;
          out += ` ${num(segment.rise * size)} Ts [${segment.operands}] TJ 0 Ts`;
          operands = '';
        }
      }
    }
    if (operands !== '') out += ` [${operands}] TJ`;
    return `${out} ET`;
  }

  /** TJ operands for simple text: its glyphs, with kerning as adjustments (thousandths of an em, leftward). */
  private simpleOperands({ face, text }: SimpleShape, pdfFace: PdfFace): string {
    const thousandths = 1000 / face.unitsPerEm;
    let operands = '(';
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (i > 0) {
        const kern = face.kern(text.charCodeAt(i - 1), code);
        if (kern !== 0) operands += `) ${round(-kern * thousandths)} (`;
      }
      const glyph = face.simpleGlyph(code)!;
      operands += this.glyphCode(pdfFace, glyph.id, glyph.advanceWidth, glyph.codePoints);
    }
    return `${operands})`;
  }

  /**
   * TJ operands for a complex shape, cached per document since complex words recur too. Marks
   * offset by the font are moved with adjustments (sideways) and text rise (up and down).
   */
  private complexOperands(shape: ComplexShape, pdfFace: PdfFace): readonly EncodedSegment[] {
    const cached = this.encoded.get(shape);
    if (cached) return cached;
    const segments: EncodedSegment[] = [];
    const unitsPerEm = shape.face.unitsPerEm;
    const thousandths = 1000 / unitsPerEm;
    let rise = 0;
    let operands = '';
    let codes = '';
    let adjustment = 0;
    const flushCodes = (): void => {
      if (codes !== '') operands += `(${codes})`;
      codes = '';
    };
    const adjust = (): void => {
      const rounded = round(adjustment);
      if (rounded !== 0) {
        flushCodes();
        operands += ` ${rounded} `;
      }
      adjustment = 0;
    };
    const endSegment = (): void => {
      adjust();
      flushCodes();
      if (operands !== '') segments.push({ rise: rise / unitsPerEm, operands });
      operands = '';
    };
    for (const glyph of shape.glyphs) {
      // PDF/A forbids drawing .notdef: a glyph no font has keeps its advance but is not drawn.
      if (glyph.id === 0) {
        adjustment -= glyph.xAdvance * thousandths;
        continue;
      }
      if (glyph.yOffset !== rise) {
        endSegment();
        rise = glyph.yOffset;
      }
      adjustment -= glyph.xOffset * thousandths;
      adjust();
      codes += this.glyphCode(pdfFace, glyph.id, glyph.advanceWidth, glyph.codePoints);
      adjustment += (glyph.advanceWidth - glyph.xAdvance + glyph.xOffset) * thousandths;
    }
    endSegment();
    this.encoded.set(shape, segments);
    return segments;
  }

  /**
   * A glyph's code in this document's subset of its face. The first use adds the glyph to the
   * subset with its width and its characters (the ToUnicode map that lets text be extracted).
   */
  private glyphCode(
    { font, codes, otherCodes }: PdfFace,
    id: number,
    advanceWidth: number,
    codePoints: readonly number[],
  ): string {
    const first = codes.get(id);
    if (first === undefined) {
      const subsetId = font.subset.includeGlyph(id);
      font.widths[subsetId] ??= advanceWidth * font.scale;
      font.unicode[subsetId] ??= codePoints;
      const code = glyphCode(subsetId);
      codes.set(id, { code, codePoints });
      return code;
    }
    if (first.codePoints === codePoints) return first.code;
    if (sameCodePoints(first.codePoints, codePoints)) {
      first.codePoints = codePoints;
      return first.code;
    }
    // The same glyph drawn for other characters (the "(" of a ")" mirrored in right-to-left text):
    // a copy of it in the subset, whose ToUnicode entry gives them.
    const key = `${id} ${codePoints.join(' ')}`;
    let code = otherCodes.get(key);
    if (code === undefined) {
      const subsetId = font.subset.glyphs.push(id) - 1;
      font.widths[subsetId] = advanceWidth * font.scale;
      font.unicode[subsetId] = codePoints;
      code = glyphCode(subsetId);
      otherCodes.set(key, code);
    }
    return code;
  }

  /**
   * pdfkit's EmbeddedFont for `face` in this document, made by doc.font() from the process's
   * parsed fontkit font (no file read or parse per document). doc.font() also makes it the
   * current font; the caller's current font is put back.
   */
  private pdfFace(face: Face): PdfFace {
    let pdfFace = this.faces.get(face);
    if (!pdfFace) {
      const doc = this.pdfkit;
      const current = { _font: doc._font, _fontSource: doc._fontSource, _fontFamily: doc._fontFamily };
      doc.font(face.font, `chatexhibit-${face.name}`);
      pdfFace = { font: doc._font as EmbeddedFont, codes: new Map(), otherCodes: new Map() };
      Object.assign(doc, current);
      this.faces.set(face, pdfFace);
    }
    return pdfFace;
  }

  /**
   * The emoji's image, over an invisible space stretched to its width: text extraction
   * (pdftotext) gives a marked span's ActualText only where the span shows some text.
   */
  private emojiOperators(run: EmojiRun, x: number, baseline: number, size: number): string {
    const formName = this.emoji.place(run.text, run.svg);
    const space = this.placeholder.shape(' ', false);
    const invisible = this.textObject(
      this.placeholder,
      [space],
      x,
      baseline,
      size,
      `3 Tr ${num((100 * EMOJI_ADVANCE) / space.width)} Tz`,
    );
    const left = x + ((EMOJI_ADVANCE - 1) / 2) * size;
    const scale = num(size / EMOJI_BOX);
    return `q ${invisible} ${scale} 0 0 ${scale} ${num(left)} ${num(baseline - EMOJI_TOP * size)} cm /${formName} Do Q`;
  }
}

/** Where a single line starts when aligned within `width` from x (at x when no width or alignment is given). */
export function alignedLeft(
  line: TextLine,
  x: number,
  options?: { align?: 'left' | 'right' | 'center'; width?: number },
): number {
  const free = (options?.width ?? 0) - line.width;
  return options?.align === 'right' ? x + free : options?.align === 'center' ? x + free / 2 : x;
}

/**
 * A line's runs (in visual order) as stretches of visually adjacent runs of one face, each kept in
 * visual order, the stretches in logical order. pdf.js reads each stretch as one piece and puts a
 * right-to-left one in logical order itself (digits and spaces inside it too); a leftward jump
 * between two pieces of one face would lose the space between them.
 */
function logicalOrder(runs: readonly TextRun[]): TextRun[] {
  const stretches: { start: number; runs: TextRun[] }[] = [];
  let last: TextRun | undefined;
  for (const run of runs) {
    const stretch = stretches.at(-1);
    if (stretch && last?.kind === 'glyphs' && run.kind === 'glyphs' && run.face === last.face) {
      stretch.runs.push(run);
      stretch.start = Math.min(stretch.start, run.start);
    } else {
      stretches.push({ start: run.start, runs: [run] });
    }
    last = run;
  }
  return stretches.sort((a, b) => a.start - b.start).flatMap((stretch) => stretch.runs);
}

function sameCodePoints(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** One layout per font set for drawText, shared by the painters of all documents. */
const layouts = new WeakMap<FontSet, TextLayout>();

function sharedLayout(fonts: FontSet): TextLayout {
  let layout = layouts.get(fonts);
  if (!layout) {
    layout = new TextLayout(fonts);
    layouts.set(fonts, layout);
  }
  return layout;
}
