import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.join(__dirname, 'read-with-pdfjs.mjs');

/** A PDF's text per page and its bookmarks, as pdf.js gives them to PDF.js-based readers. */
export interface PdfjsReading {
  pages: string[];
  outline: PdfjsOutlineEntry[];
  /** The page labels a reader shows instead of page indices; null when the PDF sets none. */
  labels: string[] | null;
}
export interface PdfjsOutlineEntry {
  title: string;
  /** From 1; null when the bookmark points nowhere. */
  page: number | null;
  items: PdfjsOutlineEntry[];
}

/** A glyph a page paints, read by pdf.js from the content stream (not by our own code). */
export interface PaintedGlyph {
  page: number;
  font: string;
  /** The glyph's code in its font: 0 is .notdef, the font's empty box. */
  code: number;
  /** What the font's ToUnicode map gives for the glyph. */
  unicode: string;
  inFont: boolean;
}

/** A link annotation: the page it is on and the page it goes to (from 1; null when nowhere). */
export interface PdfjsLink {
  page: number;
  target: number | null;
}

/** A page as an attacker measures its redactions: the rectangles it fills black, and its text. */
export interface BoxesOnPage {
  /** pt, x from the left and y from the top */
  boxes: { x: number; y: number; width: number; height: number }[];
  texts: { text: string; x: number; baseline: number; size: number; family: string }[];
}

async function pdfjs(what: 'text' | 'glyphs' | 'links' | 'paths' | 'boxes', file: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, [SCRIPT, what, file], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout);
}

export const readWithPdfjs = async (file: string): Promise<PdfjsReading> =>
  (await pdfjs('text', file)) as PdfjsReading;

export const readLinks = async (file: string): Promise<PdfjsLink[]> =>
  (await pdfjs('links', file)) as PdfjsLink[];

/** Each page's painted paths (the arguments of its path operators), to compare two documents' pages. */
export const paintedPaths = async (file: string): Promise<string[][]> =>
  (await pdfjs('paths', file)) as string[][];

export const paintedGlyphs = async (file: string): Promise<PaintedGlyph[]> =>
  (await pdfjs('glyphs', file)) as PaintedGlyph[];

/** Each page's black boxes and text items, read by pdf.js from the content stream. */
export const blackBoxes = async (file: string): Promise<BoxesOnPage[]> =>
  (await pdfjs('boxes', file)) as BoxesOnPage[];
