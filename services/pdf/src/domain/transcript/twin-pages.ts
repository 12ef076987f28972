import PDFDocument from 'pdfkit';
import { FontSet, type TextStyle } from '../text/font-set';
import { ascent, lineHeight, type TextLine, type TextLayout } from '../text/text-layout';
import { TextPainter } from '../text/text-painter';

/** US Letter, the size US courts file; one-inch margins as most local rules ask. */
export const PAGE = { width: 612, height: 792, margin: 72, top: 64, bottom: 72 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** An entry of the bookmarks (the PDF outline), the same in both documents. */
export interface Bookmark {
  readonly items: readonly [PDFKit.PDFOutline, PDFKit.PDFOutline];
}

/** pdfkit 0.20.2's outline items take a destination's top and left, which its typings leave out. */
type OutlineOptions = { expanded?: boolean; top: number; left: number };

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

/** Text drawn the same in both copies, or a different text in each (which copy it is, its Bates number). */
export type CopyText = string | Readonly<Record<TranscriptCopy, string>>;

/** A copy's own version of a text. */
export const textIn = (text: CopyText, copy: TranscriptCopy): string =>
  typeof text === 'string' ? text : text[copy];

/**
 * The transcript and its court-filing copy, written side by side: every line is laid out once
 * and drawn into both, so the two have the same pages and a page or Bates number cites the same
 * message in either. Only what must differ (attachments in the transcript; PDF/A in the filing
 * copy; the lines that say which copy it is, and the Bates numbers) is done to one of them: a text
 * that differs takes the height of the longer version in both, so the pages stay the same.
 */
export class TwinPages {
  readonly transcript: PDFKit.PDFDocument;
  readonly filing: PDFKit.PDFDocument;
  private readonly painters: readonly [TextPainter, TextPainter];
  /** Top of the next line, in pdfkit's top-down page coordinates. */
  y: number = PAGE.top;
  /** Called after each new page, to draw what continues there (a running header). */
  onNewPage: () => void = () => {};

  constructor(
    readonly layout: TextLayout,
    info: Readonly<Record<TranscriptCopy, DocumentInfo>>,
    fonts: FontSet = FontSet.shared(),
  ) {
    this.transcript = createDocument(info.transcript, false);
    this.filing = createDocument(info.filing, true);
    this.painters = [new TextPainter(this.transcript, fonts), new TextPainter(this.filing, fonts)];
  }

  get bottom(): number {
    return PAGE.height - PAGE.bottom;
  }

  /** Starts a new page when `height` does not fit below the cursor; says whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.transcript.addPage();
    this.filing.addPage();
    this.y = PAGE.top;
    this.onNewPage();
  }

  /**
   * A bookmark to the cursor's height on the current page, in both documents' outlines: at the
   * top level, or under `parent`. `expanded` shows its children when the document opens.
   */
  bookmark(title: string, parent: Bookmark | null = null, expanded = false): Bookmark {
    // pdfkit writes the destination's left as the page width less `left`: the page width puts it at 0.
    const options: OutlineOptions = { expanded, top: this.y, left: PAGE.width };
    const add = (doc: PDFKit.PDFDocument, under: PDFKit.PDFOutline | undefined): PDFKit.PDFOutline =>
      (under ?? doc.outline).addItem(title, options);
    return { items: [add(this.transcript, parent?.items[0]), add(this.filing, parent?.items[1])] };
  }

  /** Draws one laid-out line at the cursor (right-aligned within `width` when it is right-to-left) and moves down. */
  line(line: TextLine, x: number, width: number, style: TextStyle, color: string): void {
    this.lines([line, line], x, width, style, color);
  }

  /**
   * Wraps `text` to `width` and draws it from the cursor down, breaking pages between lines. A
   * text that differs between the copies moves both down by the longer version's lines.
   */
  paragraph(text: CopyText, x: number, width: number, style: TextStyle, color: string): void {
    const wrap = (copy: TranscriptCopy) => this.layout.wrap(textIn(text, copy), style, width);
    const transcript = wrap('transcript');
    const filing = typeof text === 'string' ? transcript : wrap('filing');
    for (let i = 0; i < Math.max(transcript.length, filing.length); i += 1) {
      this.ensure(lineHeight(style));
      this.lines([transcript[i], filing[i]], x, width, style, color);
    }
  }

  /** Draws each copy's line (none when undefined) at the cursor and moves down. */
  private lines(
    lines: readonly [TextLine | undefined, TextLine | undefined],
    x: number,
    width: number,
    style: TextStyle,
    color: string,
  ): void {
    const baseline = this.y + ascent(style);
    lines.forEach((line, i) => {
      if (line === undefined) return;
      const left = line.direction === 'rtl' ? x + width - line.width : x;
      this.painters[i]!.drawLine(line, left, baseline, style, color);
    });
    this.y += lineHeight(style);
  }

  /** One line of text at the cursor's line without moving it (labels, columns, right-aligned notes). */
  label(
    text: CopyText,
    x: number,
    style: TextStyle,
    color: string,
    options?: { align?: 'left' | 'right' | 'center'; width?: number; lineStyle?: TextStyle },
  ): void {
    this.textAt(text, x, this.y + ascent(options?.lineStyle ?? style), style, color, options);
  }

  /** Text at an absolute baseline on the current page, e.g. footers. */
  textAt(
    text: CopyText,
    x: number,
    baseline: number,
    style: TextStyle,
    color: string,
    options?: { align?: 'left' | 'right' | 'center'; width?: number },
  ): void {
    TRANSCRIPT_COPIES.forEach((copy, i) =>
      this.painters[i]!.drawText(textIn(text, copy), x, baseline, style, color, options),
    );
  }

  /** A thin horizontal rule at the cursor. */
  rule(x: number, width: number, color: string): void {
    for (const doc of [this.transcript, this.filing]) {
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

  /** The same vector drawing in both documents, at coordinates the caller gives (a participant's mark). */
  draw(paint: (doc: PDFKit.PDFDocument) => void): void {
    for (const doc of [this.transcript, this.filing]) paint(doc);
  }

  /** A JPEG or PNG, scaled to fit `width` × `maxHeight`, at the cursor; moves below it. Returns its size in pixels. */
  image(data: Buffer, x: number, width: number, maxHeight: number): { width: number; height: number } {
    const probe = this.transcript.openImage(data);
    const scale = Math.min(1, width / probe.width, maxHeight / probe.height);
    const height = probe.height * scale;
    this.ensure(height);
    for (const doc of [this.transcript, this.filing]) {
      doc.image(data, x, this.y, { width: probe.width * scale, height });
    }
    this.y += height;
    return { width: probe.width, height: probe.height };
  }

  /** Draws something on every page of both documents once all are written (footers). */
  eachPage(draw: (pageNumber: number, pageCount: number) => void): void {
    const { start, count } = this.transcript.bufferedPageRange();
    for (let i = start; i < start + count; i += 1) {
      this.transcript.switchToPage(i);
      this.filing.switchToPage(i);
      draw(i - start + 1, count);
    }
  }

  end(): void {
    this.transcript.end();
    this.filing.end();
  }
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
