import PDFDocument from 'pdfkit';
import { FontSet, type TextStyle } from '../text/font-set';
import { type BoxedText, boxedText, maskLine } from '../text/line-mask';
import { ascent, type CharRange, lineHeight, type TextLine, type TextLayout } from '../text/text-layout';
import { alignedLeft, TextPainter } from '../text/text-painter';
import type { RowStarts } from './row-starts';

/** US Letter, the size US courts file; one-inch margins as most local rules ask. */
export const PAGE = { width: 612, height: 792, margin: 72, top: 64, bottom: 72 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** An entry of the bookmarks (the PDF outline), the same in every copy, in the order of TwinPages.copies. */
export interface Bookmark {
  readonly items: readonly PDFKit.PDFOutline[];
}

/** pdfkit 0.20.2's outline items take a destination's top and left, which its typings leave out. */
export type OutlineOptions = { expanded?: boolean; top: number; left: number };

export interface DocumentInfo {
  title: string;
  subject: string;
  /** Omitted from the document when absent. */
  keywords?: string;
  author: string | null;
  creator: string;
  createdAt: Date;
}

/** The two PDFs written from one layout: transcript.pdf (files may be embedded) and its PDF/A court-filing copy. */
export const TRANSCRIPT_COPIES = ['transcript', 'filing'] as const;
export type TranscriptCopy = (typeof TRANSCRIPT_COPIES)[number];

/** Text drawn the same in every copy, or a different text in each (which copy it is, its Bates number). */
export type CopyText<Copy extends string = TranscriptCopy> = string | Readonly<Record<Copy, string>>;

/** A copy's own version of a text. */
export const textIn = <Copy extends string>(text: CopyText<Copy>, copy: Copy): string =>
  typeof text === 'string' ? text : text[copy];

/**
 * What a copy does with the masks of a text: 'remove' leaves the masked characters out and
 * covers each masked stretch with a black box carrying the mask's label; 'mark' draws them and
 * outlines each stretch, showing what the other copy removes.
 */
export type RedactionMode = 'remove' | 'mark';

/** The words on a redaction's black box. */
export interface BoxLabel {
  /**
   * A few words (e.g. 'SSN/TIN', or the filer's 'E.M.'), drawn in brackets on each of its boxes:
   * "[SSN/TIN]". A box is laid out as this label, so its width tells the label, nothing else.
   */
  readonly label: string;
  /** What finds it in the redaction log ('R3'). */
  readonly shortLabel: string;
  /** The redaction log's rows (by number) the box stands for, told to `onBoxDrawn` with its page. */
  readonly logRows?: readonly number[];
}

/** Characters [start, end) of a text to redact, and the words on their box. */
export interface TextMask extends CharRange, BoxLabel {}

/**
 * What did not fit of a text a copy draws in the room a redacting copy's version of it takes:
 * from its first character not drawn, with its masks as ranges of that rest.
 */
export interface CarriedOver {
  readonly copy: string;
  readonly text: string;
  readonly masks: readonly TextMask[];
  /** The text's own style, before it was set smaller. */
  readonly style: TextStyle;
  /** Where it would have gone: the layout's page and the top of its last line there. */
  readonly page: number;
  readonly y: number;
}

/** Where what a copy cannot fit in its room goes. */
export interface CarryOver {
  /** The words that end the room's last line, saying where the text continues. */
  note(page: number): string;
  carry(rest: CarriedOver): void;
}

/** How one copy is written. */
export interface CopySetup {
  readonly info: DocumentInfo;
  /** PDF/A-2b */
  readonly pdfA: boolean;
  /** Absent: masks are ignored and every text is drawn whole. */
  readonly redaction?: RedactionMode;
}

/** The smallest size text is drawn in, pt: still readable in print. */
export const SMALLEST_SIZE = 6;
/** The steps, pt, in which a text is made smaller to fit the room a redacting copy gives it. */
const SHRINK_STEP = 0.5;

/**
 * The label on a removed stretch: white, bold, at most this share of the text's size, smaller
 * where the box (the label in the text's own face and size) is narrower than that, but never below
 * `minSize` (the box's padding takes what that adds in small text).
 */
const REDACTION_LABEL = {
  share: 0.8,
  minSize: SMALLEST_SIZE,
  padding: 1,
  family: 'sans',
  weight: 'bold',
} as const;
/** The outline round a masked stretch in a 'mark' copy, pt. */
const MARK_LINE_WIDTH = 0.5;

interface CopyPen<Copy extends string> {
  readonly copy: Copy;
  readonly doc: PDFKit.PDFDocument;
  readonly painter: TextPainter;
  readonly redaction: RedactionMode | undefined;
}

type LabelOptions = { align?: 'left' | 'right' | 'center'; width?: number; masks?: readonly TextMask[] };

/** Where a label starts: the same x in every copy, or each copy's own (after a text whose width differs). */
export type CopyX<Copy extends string> = number | ((copy: Copy) => number);

/** A copy's lines of a wrapped text, and the version they were wrapped from. */
interface CopyLines {
  readonly lines: readonly TextLine[];
  readonly text: string;
  readonly masks: readonly TextMask[];
  /**
   * The lines that give the copy's room: its own, or when a copy removes the masks, those of its
   * version with every mask replaced by its box's label, whose layout tells nothing of what is masked.
   */
  readonly room: readonly TextLine[];
  /**
   * Set when the lines are smaller than the text's style, to fit the room: their style. They are
   * drawn from the top of the room, as many as it holds.
   */
  readonly shrunk: TextStyle | null;
}

/** A text as each copy lays it out (TwinPages.wrap). */
export interface WrappedText<Copy extends string> {
  /** The most room lines of any copy laid out: the room the text takes in all. */
  readonly lineCount: number;
  readonly copies: ReadonlyMap<Copy, CopyLines>;
}

/**
 * Pages `first` to `last` (from 1) of a layout, drawn into documents of their own after the pages
 * those already hold (a volume's front matter): the pages before are only laid out (where each
 * line goes, nothing drawn), and a page past `last` is not begun (PastWindowError). The layout
 * (every line's page and height) does not depend on what is drawn, so each page is the one the
 * whole document has there.
 */
export interface PageWindow<Copy extends string> {
  first: number;
  last: number;
  /** The whole layout's page count, which "Page X of Y" names. */
  pageCount: number;
  into: Readonly<Record<Copy, PDFKit.PDFDocument>>;
  /**
   * Where the layout's rows started, as the windows of it laid out so far found: it resumes at
   * the last row before `first` rather than at its first page, and records the rows it reaches.
   */
  rowStarts: RowStarts;
}

/** A windowed layout reached the page after its window: what it was drawing there is not drawn. */
export class PastWindowError extends Error {
  constructor(readonly page: number) {
    super(`Page ${page} is past the window.`);
    this.name = 'PastWindowError';
  }
}

/**
 * Copies of one document written side by side (the transcript and its court-filing copy; an
 * exhibit and its unredacted copy): every text is laid out once for all and drawn into each, so
 * all have the same pages and a page or Bates number cites the same message in any. Only what
 * must differ (attachments in the transcript; PDF/A; the lines that say which copy it is, and the
 * Bates numbers; masked text, which a copy that removes it lays out with a box of its label's
 * width in its place) is done to one of them: a text that differs takes the height of its longest
 * version in all, so the pages stay the same.
 */
export class TwinPages<Copy extends string = TranscriptCopy> {
  /** The copies drawn, in the order of the setup's keys. */
  readonly copies: readonly Copy[];
  /** The copies whose texts take room: those drawn, and those the pages must stay the same as. */
  private laidOut: readonly Copy[];
  /** Set while `alone` draws pages of one copy after the pages all share. */
  private drawingAlone = false;
  /** Where the pages of one copy alone start among its document's pages, by copy. */
  private readonly alonePagesFrom = new Map<Copy, number>();
  /** Each copy's document and how it draws; none before a window's first page (nothing is drawn). */
  private pens: readonly CopyPen<Copy>[];
  /** Opens the pictures laid out before a window, to measure them; made for the first. */
  private picturesBeforeWindow: PDFKit.PDFDocument | null = null;
  /** Top of the next line, in pdfkit's top-down page coordinates. */
  y: number = PAGE.top;
  /** The layout's page being drawn, from 1. */
  pageNumber = 1;
  /** Called after each new page, to draw what continues there (a running header). */
  onNewPage: () => void = () => {};
  /** Called for each picture drawn (not only laid out): a volume too large names the messages whose pictures it shows. */
  onPicture: () => void = () => {};
  /** Called for each black box a copy that removes masked text draws, with the layout's page it is on. */
  onBoxDrawn: (box: BoxLabel, page: number) => void = () => {};
  /** Takes what of a text a copy cannot fit in the room a redacting copy gives it, even at the smallest size. */
  carryOver: CarryOver | null = null;
  /** Where the window's first page is among its documents' pages (after their front matter). */
  private windowStart = 0;
  /** Set while front matter is drawn, which must fit its page. */
  private onFrontMatter = false;

  /**
   * `laidOut` names the copies whose versions of a text take room, by default those set up: a
   * copy drawn alone keeps the pages of its twin by laying out the twin's texts too. With a
   * `window`, only its pages are drawn, into documents kept, `window.into`.
   */
  constructor(
    readonly layout: TextLayout,
    private readonly setup: Readonly<Record<Copy, CopySetup>>,
    private readonly fonts: FontSet = FontSet.shared(),
    laidOut: readonly Copy[] | null = null,
    readonly window: PageWindow<Copy> | null = null,
  ) {
    this.copies = Object.keys(setup) as Copy[];
    this.laidOut = laidOut ?? this.copies;
    this.pens =
      window === null
        ? this.penInto(
            Object.fromEntries(
              this.copies.map((copy) => [copy, createDocument(setup[copy].info, setup[copy].pdfA)]),
            ) as Record<Copy, PDFKit.PDFDocument>,
          )
        : [];
    if (window?.first === 1) this.enterWindow();
  }

  private penInto(docs: Readonly<Record<Copy, PDFKit.PDFDocument>>): CopyPen<Copy>[] {
    return this.copies.map((copy) => {
      const doc = docs[copy];
      return { copy, doc, painter: new TextPainter(doc, this.fonts), redaction: this.setup[copy].redaction };
    });
  }

  /**
   * A text a copy that removes masked text says otherwise (the caption of a withheld picture):
   * `removed` in such a copy, `shown` in every other.
   */
  unlessRemoved(shown: string, removed: string): CopyText<Copy> {
    return Object.fromEntries(
      [...new Set([...this.copies, ...this.laidOut])].map((copy) => [
        copy,
        this.setup[copy]?.redaction === 'remove' ? removed : shown,
      ]),
    ) as Record<Copy, string>;
  }

  /** Each copy's document: with a window, the one it is drawing into now. */
  get documents(): Readonly<Record<Copy, PDFKit.PDFDocument>> {
    return Object.fromEntries(this.pens.map((pen) => [pen.copy, pen.doc])) as Record<
      Copy,
      PDFKit.PDFDocument
    >;
  }

  /** Whether the page being drawn is one the window keeps (every page without a window). */
  get inWindow(): boolean {
    return this.window === null || this.pageNumber >= this.window.first;
  }

  /** The window's first page: drawing starts, into the documents kept, after their front matter. */
  private enterWindow(): void {
    this.pens = this.penInto(this.window!.into);
    this.windowStart = this.pens[0]!.doc.bufferedPageRange().count;
    for (const { doc } of this.pens) doc.addPage();
  }

  get bottom(): number {
    return PAGE.height - PAGE.bottom;
  }

  /**
   * Moves the cursor to `y` on page `page` of the layout without laying out what comes between:
   * where a window's layout resumes (RowStarts), before the window, where nothing is drawn.
   */
  resumeAt(page: number, y: number): void {
    if (this.inWindow) throw new Error('A layout resumes before its window only.');
    this.pageNumber = page;
    this.y = y;
  }

  /** Starts a new page when `height` does not fit below the cursor; says whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    if (this.onFrontMatter) throw new Error('Front matter must fit its page.');
    const next = this.pageNumber + 1;
    const open = this.stretches;
    if (open !== null) open.at(-1)!.bottom = this.y;
    if (this.window !== null && next > this.window.last && !this.drawingAlone)
      throw new PastWindowError(next);
    this.pageNumber = next;
    if (next === this.window?.first) this.enterWindow();
    else for (const { doc } of this.pens) doc.addPage();
    this.y = PAGE.top;
    this.onNewPage();
    if (open !== null) open.push({ page: next, top: this.y, bottom: this.y });
  }

  /**
   * A bookmark to the cursor's height on the current page, in every document's outline: at the
   * top level, or under `parent`. `expanded` shows its children when the document opens.
   */
  bookmark(title: string, parent: Bookmark | null = null, expanded = false): Bookmark {
    // pdfkit writes the destination's left as the page width less `left`: the page width puts it at 0.
    const options: OutlineOptions = { expanded, top: this.y, left: PAGE.width };
    return {
      items: this.pens.map(({ doc }, i) => (parent?.items[i] ?? doc.outline).addItem(title, options)),
    };
  }

  /** Draws one laid-out line at the cursor (right-aligned within `width` when it is right-to-left) and moves down. */
  line(line: TextLine, x: number, width: number, style: TextStyle, color: string): void {
    const baseline = this.y + ascent(style);
    for (const pen of this.pens) {
      const left = line.direction === 'rtl' ? x + width - line.width : x;
      pen.painter.drawLine(line, left, baseline, style, color);
    }
    this.y += lineHeight(style);
  }

  /**
   * `text` (with `masks`, ranges of each copy's version of it) wrapped to `width` as each copy
   * lays it out: a copy that removes masks lays out its boxedText, where each box is as wide as
   * its label and the text after it re-flows; every other copy, the text itself. The text takes
   * the most lines of any copy in all, counted, when a copy laid out removes the masks, on each
   * copy's boxedText: so the pages depend on nothing masked, and a message keeps its pages in every
   * copy. A copy whose own lines need more room is set smaller to fit (`shrunk`), never below
   * SMALLEST_SIZE, and what still does not fit is carried over (`carryOver`).
   */
  wrap(
    text: CopyText<Copy>,
    style: TextStyle,
    width: number,
    masks: readonly TextMask[] = [],
  ): WrappedText<Copy> {
    const wrapped = new Map<string, TextLine[]>();
    const wrap = (version: string): TextLine[] => {
      let lines = wrapped.get(version);
      if (lines === undefined) {
        lines = this.layout.wrap(version, style, width);
        wrapped.set(version, lines);
      }
      return lines;
    };
    const boxed = masks.length > 0 && this.laidOut.some((copy) => this.setup[copy]?.redaction === 'remove');
    const versions = new Map<Copy, CopyLines>();
    for (const copy of new Set([...this.copies, ...this.laidOut])) {
      const own = textIn(text, copy);
      const version = this.versionIn(copy, own, masks);
      const lines = wrap(version.text);
      const room = boxed ? wrap(boxedText(own, masks, boxLabel).text) : lines;
      versions.set(copy, { lines, text: version.text, masks: version.masks, room, shrunk: null });
    }
    const lineCount = Math.max(...this.laidOut.map((copy) => versions.get(copy)!.room.length));
    for (const [copy, version] of versions) {
      if (version.lines.length > lineCount)
        versions.set(copy, this.shrunkTo(version, style, width, lineCount));
    }
    return { lineCount, copies: versions };
  }

  /** A version set in the largest style, down to SMALLEST_SIZE, whose lines fit `lineCount` lines of `style`. */
  private shrunkTo(version: CopyLines, style: TextStyle, width: number, lineCount: number): CopyLines {
    const room = lineCount * lineHeight(style);
    let shrunk: TextStyle = style;
    let lines = version.lines;
    while (shrunk.size > SMALLEST_SIZE && lines.length * lineHeight(shrunk) > room) {
      shrunk = { ...style, size: Math.max(SMALLEST_SIZE, shrunk.size - SHRINK_STEP) };
      lines = this.layout.wrap(version.text, shrunk, width);
    }
    return { ...version, lines, shrunk };
  }

  /** A copy's version of a text: its boxedText in a copy that removes masks. */
  private versionIn(copy: Copy, text: string, masks: readonly TextMask[]): BoxedText<TextMask> {
    if (masks.length === 0 || this.setup[copy]?.redaction !== 'remove') return { text, masks };
    return boxedText(text, masks, boxLabel);
  }

  /**
   * Wraps `text` to `width` (see `wrap`) and draws it from the cursor down, breaking pages between
   * lines. A text that differs between the copies moves all down by the longest version's lines.
   */
  paragraph(
    text: CopyText<Copy>,
    x: number,
    width: number,
    style: TextStyle,
    color: string,
    masks: readonly TextMask[] = [],
  ): void {
    this.wrappedLines(this.wrap(text, style, width, masks), x, width, style, color);
  }

  /**
   * Draws the lines of a wrapped text from the cursor down, breaking pages between them. A copy's
   * shrunk lines fill the room from its top, each on the page of the line of the room it starts
   * in and none across a page break; when they do not all fit, the last place holds what of the
   * text fits before a note of where it continues, and the rest is carried over.
   */
  wrappedLines(text: WrappedText<Copy>, x: number, width: number, style: TextStyle, color: string): void {
    const shrunk = [...text.copies].flatMap(([copy, version]) =>
      version.shrunk === null ? [] : [{ copy, version, style: version.shrunk, next: 0, y: 0, page: 0 }],
    );
    for (let i = 0; i < text.lineCount; i += 1) {
      this.ensure(lineHeight(style));
      const baseline = this.y + ascent(style);
      for (const pen of this.pens) {
        const { lines, masks, shrunk } = text.copies.get(pen.copy)!;
        const line = lines[i];
        if (line === undefined || shrunk !== null) continue;
        const left = line.direction === 'rtl' ? x + width - line.width : x;
        this.drawLine(pen, line, left, baseline, style, color, masks);
      }
      const bottom = this.y + lineHeight(style);
      for (const placing of shrunk) {
        const { copy, version } = placing;
        const height = lineHeight(placing.style);
        if (placing.page !== this.pageNumber) [placing.page, placing.y] = [this.pageNumber, this.y];
        const fits = Math.floor((bottom - placing.y) / height + 1e-9);
        const left = version.lines.length - placing.next;
        const carried = i === text.lineCount - 1 && left > fits;
        const drawn = Math.min(left, carried ? fits - 1 : fits);
        const pens = this.pens.filter((pen) => pen.copy === copy);
        for (const line of version.lines.slice(placing.next, placing.next + drawn)) {
          const lineLeft = line.direction === 'rtl' ? x + width - line.width : x;
          const lineBaseline = placing.y + ascent(placing.style);
          for (const pen of pens)
            this.drawLine(pen, line, lineLeft, lineBaseline, placing.style, color, version.masks);
          placing.y += height;
        }
        placing.next += drawn;
        if (carried)
          this.carryRest(copy, pens, restOf(version, placing.next), style, placing, x, width, color);
      }
      this.y = bottom;
    }
  }

  /**
   * The last place of a room that does not hold a copy's text: what of `rest` fits before the
   * note of where it continues, the note at the line's right end; the remainder is carried over.
   */
  private carryRest(
    copy: Copy,
    pens: readonly CopyPen<Copy>[],
    rest: { text: string; masks: readonly TextMask[] },
    style: TextStyle,
    at: { style: TextStyle; y: number },
    x: number,
    width: number,
    color: string,
  ): void {
    if (this.carryOver === null)
      throw new Error('A text that does not fit its room has nowhere to continue.');
    const note = this.layout.singleLine(this.carryOver.note(this.pageNumber), at.style);
    const room = width - note.width - at.style.size;
    const first = room > 0 ? this.layout.wrap(rest.text, at.style, room)[0] : undefined;
    // A line of words, never one word squeezed past the room (which wrap leaves whole).
    const fits = first !== undefined && first.width <= room;
    const baseline = at.y + ascent(at.style);
    for (const pen of pens) {
      if (fits) {
        const left = first.direction === 'rtl' ? x + room - first.width : x;
        this.drawLine(pen, first, left, baseline, at.style, color, rest.masks);
      }
      pen.painter.drawLine(note, x + width - note.width, baseline, at.style, color);
    }
    const carried = fits ? sliceFrom(rest, first.text.length) : rest;
    this.carryOver.carry({ copy, ...carried, style, page: this.pageNumber, y: at.y });
  }

  /** One line of text at the cursor's line without moving it (labels, columns, right-aligned notes). */
  label(
    text: CopyText<Copy>,
    x: CopyX<Copy>,
    style: TextStyle,
    color: string,
    options?: LabelOptions & { lineStyle?: TextStyle },
  ): void {
    this.textAt(text, x, this.y + ascent(options?.lineStyle ?? style), style, color, options);
  }

  /**
   * Text at an absolute baseline on the current page, e.g. footers; a copy that removes `masks`
   * draws its boxedText.
   */
  textAt(
    text: CopyText<Copy>,
    x: CopyX<Copy>,
    baseline: number,
    style: TextStyle,
    color: string,
    options?: LabelOptions,
  ): void {
    for (const pen of this.pens) {
      const left = typeof x === 'number' ? x : x(pen.copy);
      const masks = options?.masks ?? [];
      if (pen.redaction === undefined || masks.length === 0) {
        pen.painter.drawText(textIn(text, pen.copy), left, baseline, style, color, options);
      } else {
        const version = this.versionIn(pen.copy, textIn(text, pen.copy), masks);
        const line = this.layout.singleLine(version.text, style);
        this.drawLine(pen, line, alignedLeft(line, left, options), baseline, style, color, version.masks);
      }
    }
  }

  /** A line into one copy, its masks applied as the copy's redaction mode says. */
  private drawLine(
    { doc, painter, redaction }: CopyPen<Copy>,
    line: TextLine,
    left: number,
    baseline: number,
    style: TextStyle,
    color: string,
    masks: readonly TextMask[],
  ): void {
    const mask = redaction === undefined || masks.length === 0 ? null : maskLine(line, masks, style.size);
    if (mask === null) {
      painter.drawLine(line, left, baseline, style, color);
      return;
    }
    const top = baseline - ascent(style);
    const height = lineHeight(style);
    if (redaction === 'mark') {
      painter.drawLine(line, left, baseline, style, color);
      for (const { x, width } of mask.stretches) {
        const inset = MARK_LINE_WIDTH / 2;
        doc
          .save()
          .rect(left + x - inset, top + inset, width + 2 * inset, height - 2 * inset)
          .lineWidth(MARK_LINE_WIDTH)
          .strokeColor('#000000')
          .stroke()
          .restore();
      }
      return;
    }
    // Each box and its label go into the line where its label's characters were laid out, so that
    // text extraction reads the label in its place.
    painter.drawLine(line, left, baseline, style, color, mask, ({ x, width, mask }) => {
      this.onBoxDrawn(mask, this.pageNumber);
      doc
        .save()
        .rect(left + x, top, width, height)
        .fillColor('#000000')
        .fill()
        .restore();
      const { share, minSize, padding, family, weight } = REDACTION_LABEL;
      const text = `[${mask.label}]`;
      const perPoint = this.layout.measure(text, { family, weight, size: 1 });
      const size = Math.max(minSize, Math.min(style.size * share, (width - 2 * padding) / perPoint));
      // On the text's baseline, as part of the line.
      painter.drawText(text, left + x, baseline, { family, weight, size }, '#ffffff', {
        align: 'center',
        width,
      });
    });
  }

  /** A thin horizontal rule at the cursor. */
  rule(x: number, width: number, color: string): void {
    for (const { doc } of this.pens) {
      doc
        .save()
        .moveTo(x, this.y)
        .lineTo(x + width, this.y)
        .lineWidth(0.5)
        .strokeColor(color)
        .stroke()
        .restore();
    }
  }

  /** The same vector drawing in every document, at coordinates the caller gives (a participant's mark). */
  draw(paint: (doc: PDFKit.PDFDocument) => void): void {
    for (const { doc } of this.pens) paint(doc);
  }

  /**
   * A JPEG or PNG, scaled to fit `width` × `maxHeight`, at the cursor; moves below it. Returns its
   * size in pixels. With a mask's label, a 'remove' copy draws a black box labelled with it
   * instead, and a 'mark' copy outlines where that box is; the box, and the room the picture takes
   * in every copy, is then all of `width` × `maxHeight`, so its size tells nothing of the picture.
   */
  image(
    data: Buffer,
    x: number,
    width: number,
    maxHeight: number,
    mask: BoxLabel | null = null,
  ): { width: number; height: number } {
    const probe = (this.pens[0]?.doc ?? (this.picturesBeforeWindow ??= measuringDocument())).openImage(data);
    const scale = Math.min(1, width / probe.width, maxHeight / probe.height);
    const size = { width: probe.width * scale, height: probe.height * scale };
    const removed = mask !== null && this.laidOut.some((copy) => this.setup[copy]?.redaction === 'remove');
    const room = removed ? { width, height: maxHeight } : size;
    this.ensure(room.height);
    if (this.pens.length > 0) this.onPicture();
    for (const pen of this.pens) {
      const { doc } = pen;
      if (mask === null || pen.redaction === undefined) {
        doc.image(data, x, this.y, size);
      } else if (pen.redaction === 'mark') {
        doc.image(data, x, this.y, size);
        doc
          .save()
          .rect(x, this.y, room.width, room.height)
          .lineWidth(MARK_LINE_WIDTH)
          .strokeColor('#000000')
          .stroke()
          .restore();
      } else {
        this.onBoxDrawn(mask, this.pageNumber);
        doc.save().rect(x, this.y, room.width, room.height).fillColor('#000000').fill().restore();
        const { family, weight } = REDACTION_LABEL;
        const label = { family, weight, size: 8 } as const;
        pen.painter.drawText(`[${mask.label}]`, x, this.y + room.height / 2, label, '#ffffff', {
          align: 'center',
          width: room.width,
        });
      }
    }
    this.y += room.height;
    return { width: probe.width, height: probe.height };
  }

  /** The stretches of pages (by the layout's page number) a `band` is drawing: open while it draws. */
  private stretches: Array<{ page: number; top: number; bottom: number }> | null = null;

  /** A page of the layout as pdfkit's switchToPage counts it in the documents kept; null before a window. */
  private indexOf(page: number): number | null {
    if (this.window !== null && page < this.window.first) return null;
    const { start } = this.pens[0]!.doc.bufferedPageRange();
    return this.window === null ? start + page - 1 : start + this.windowStart + page - this.window.first;
  }

  /**
   * Runs `draw`, then paints `paint` over the stretch of each page it drew on, from where it
   * started (on a page it continued to, from below what that page repeats) down to where it ended
   * there: a highlight, over what it marks, so nothing of what is drawn changes.
   */
  async band(
    draw: () => Promise<void>,
    paint: (doc: PDFKit.PDFDocument, top: number, bottom: number) => void,
  ): Promise<void> {
    if (this.stretches !== null) throw new Error('bands do not nest');
    const stretches = [{ page: this.pageNumber, top: this.y, bottom: this.y }];
    this.stretches = stretches;
    try {
      await draw();
      stretches.at(-1)!.bottom = this.y;
    } catch (error) {
      // A window that ends inside the band: its pages in the window are painted all the same.
      if (error instanceof PastWindowError) this.paintStretches(stretches, paint);
      throw error;
    } finally {
      this.stretches = null;
    }
    this.paintStretches(stretches, paint);
  }

  private paintStretches(
    stretches: readonly { page: number; top: number; bottom: number }[],
    paint: (doc: PDFKit.PDFDocument, top: number, bottom: number) => void,
  ): void {
    const last = this.indexOf(this.pageNumber);
    // A band that ended before the window was on pages thrown away.
    if (last === null) return;
    for (const { doc } of this.pens) {
      for (const { page, top, bottom } of stretches) {
        const index = this.indexOf(page);
        if (index === null) continue;
        doc.switchToPage(index);
        paint(doc, top, bottom);
      }
      doc.switchToPage(last);
    }
  }

  /**
   * Draws something on every page of every document once all are written (footers), told the
   * layout's page number and page count; with a window, on the window's pages.
   */
  eachPage(draw: (pageNumber: number, pageCount: number) => void): void {
    const { start } = this.pens[0]!.doc.bufferedPageRange();
    // The pages every copy has: not those one has alone.
    const count = Math.min(...this.pens.map(({ doc }) => doc.bufferedPageRange().count));
    const first = start + this.windowStart;
    for (let i = first; i < start + count; i += 1) {
      for (const { doc } of this.pens) doc.switchToPage(i);
      if (this.window === null) draw(i - start + 1, count);
      else draw(this.window.first + i - first, this.window.pageCount);
    }
  }

  /**
   * Draws on page `page` (from 1) of the front matter a window's documents hold before it, from
   * its top; once the window is drawn. What is drawn must fit the page.
   */
  frontMatter(page: number, draw: () => void): void {
    if (this.windowStart === 0) throw new Error('Only a window has front matter.');
    const { start, count } = this.pens[0]!.doc.bufferedPageRange();
    const y = this.y;
    this.y = PAGE.top;
    this.onFrontMatter = true;
    try {
      for (const { doc } of this.pens) doc.switchToPage(start + page - 1);
      draw();
    } finally {
      this.onFrontMatter = false;
      for (const { doc } of this.pens) doc.switchToPage(start + count - 1);
      this.y = y;
    }
  }

  /**
   * Draws pages that `copy` alone has, after the last page every copy shares (the text an
   * unredacted copy carries over): from a new page, numbered on from the shared ones. Only a
   * layout that reaches its last page draws them, in a window or not.
   */
  async alone(copy: Copy, draw: () => Promise<void> | void): Promise<void> {
    const [pens, laidOut] = [this.pens, this.laidOut];
    this.pens = pens.filter((pen) => pen.copy === copy);
    this.laidOut = [copy];
    this.drawingAlone = true;
    try {
      this.alonePagesFrom.set(copy, this.pens[0]!.doc.bufferedPageRange().count);
      this.newPage();
      await draw();
    } finally {
      this.pens = pens;
      this.laidOut = laidOut;
      this.drawingAlone = false;
    }
  }

  /** Draws something on each page `copy` alone has (see `alone`), told its number among them and their count. */
  eachPageAlone(copy: Copy, draw: (number: number, count: number) => void): void {
    const from = this.alonePagesFrom.get(copy);
    if (from === undefined) return;
    const pens = this.pens;
    this.pens = pens.filter((pen) => pen.copy === copy);
    try {
      const { doc } = this.pens[0]!;
      const { start, count } = doc.bufferedPageRange();
      for (let i = from; i < count; i += 1) {
        doc.switchToPage(start + i);
        draw(i - from + 1, count - from);
      }
    } finally {
      this.pens = pens;
    }
  }

  end(): void {
    for (const { doc } of this.pens) doc.end();
  }
}

/** What a copy's version of a text holds from its line `from` on: the text and its masks, as ranges of it. */
function restOf(version: CopyLines, from: number): { text: string; masks: readonly TextMask[] } {
  const line = version.lines[from]!;
  const before = version.lines
    .slice(0, from)
    .filter((earlier) => earlier.paragraphStart === line.paragraphStart);
  return sliceFrom(
    version,
    line.paragraphStart + before.reduce((length, earlier) => length + earlier.text.length, 0),
  );
}

/** A text from character `offset` on, with its masks as ranges of that. */
function sliceFrom(
  { text, masks }: { text: string; masks: readonly TextMask[] },
  offset: number,
): { text: string; masks: readonly TextMask[] } {
  return {
    text: text.slice(offset),
    masks: masks
      .filter((mask) => mask.end > offset)
      .map((mask) => ({ ...mask, start: Math.max(0, mask.start - offset), end: mask.end - offset })),
  };
}

/** The text a box stands in for in a copy's layout: its label in brackets. */
const boxLabel = (mask: TextMask): string => `[${mask.label}]`;

/** A document that only opens pictures, to measure them: nothing is drawn in it, its bytes are dropped. */
function measuringDocument(): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'LETTER', bufferPages: false, compress: false });
  doc.resume();
  return doc;
}

/** A US Letter PDF with every page kept open for footers; `pdfA` makes it PDF/A-2b. */
export function createDocument(info: DocumentInfo, pdfA: boolean): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
    // Pages stay open until the end: every footer says "Page X of Y".
    bufferPages: true,
    pdfVersion: '1.7',
    lang: 'en-US',
    displayTitle: true,
    ...(pdfA && { subset: 'PDF/A-2b' as const }),
    info: {
      Title: info.title,
      Subject: info.subject,
      ...(info.keywords !== undefined && { Keywords: info.keywords }),
      ...(info.author !== null && { Author: info.author }),
      Creator: info.creator,
      Producer: info.creator,
      CreationDate: info.createdAt,
      ModDate: info.createdAt,
    },
  });
}
