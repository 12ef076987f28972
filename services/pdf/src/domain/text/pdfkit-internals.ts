import type { Font } from 'fontkit';

/**
 * The parts of a pdfkit 0.20.2 document that the painter uses and pdfkit's typings leave out
 * (see node_modules/pdfkit/js/pdfkit.js): the current page's resources, the transformation
 * matrix, the opacity states, the current font, object references.
 */
export interface PdfkitDocument {
  page: PdfkitPage;
  _ctm: number[];
  _opacityRegistry: object;
  _opacityCount: number;
  _font: unknown;
  _fontSource: unknown;
  _fontFamily: unknown;
  font(src: Font, family: string): unknown;
  ref(data?: object): PdfkitRef;
}

/** The resources of the current page, by name. */
export interface PdfkitPage {
  fonts: Record<string, PdfkitRef>;
  xobjects: Record<string, PdfkitRef>;
}

export interface PdfkitRef {
  data: Record<string, unknown>;
  end(chunk?: string): void;
}

/** pdfkit's EmbeddedFont: a font subset embedded when the document ends, with widths and a ToUnicode map. */
export interface EmbeddedFont {
  id: string;
  /** 1000 / unitsPerEm */
  scale: number;
  /** fontkit's subset: `glyphs` lists the font's glyph id of each subset id (includeGlyph adds each id once). */
  subset: { includeGlyph(glyphId: number): number; glyphs: number[] };
  /** By subset glyph id: the advance (per 1000 em) for the PDF's width table. */
  widths: (number | undefined)[];
  /** By subset glyph id: the characters the ToUnicode map gives for it. */
  unicode: (readonly number[] | undefined)[];
  ref(): PdfkitRef;
}

export function internals(doc: PDFKit.PDFDocument): PdfkitDocument {
  return doc as unknown as PdfkitDocument;
}
