import PDFDocument from 'pdfkit';
import { FontSet } from '../src/domain/text/font-set';
import { type EmbeddedFont, internals } from '../src/domain/text/pdfkit-internals';

/**
 * The canary of pdfkit's private parts the text painter and the emoji forms use (see
 * pdfkit-internals.ts). pdfkit's typings leave them out and a release may rename them: after an
 * upgrade, a failure here names the part that moved, before any document comes out wrong.
 */
describe('pdfkit internals the painter relies on', () => {
  const doc = new PDFDocument({ autoFirstPage: true });
  const pdfkit = internals(doc);
  afterAll(() => doc.end());

  it('keeps the current page resources by name', () => {
    expect(pdfkit.page.fonts).toEqual(expect.any(Object));
    expect(pdfkit.page.xobjects).toEqual(expect.any(Object));
  });

  it('keeps the transformation matrix and the opacity states as fields', () => {
    const [a, b, c, d, e, f] = pdfkit._ctm as [number, number, number, number, number, number];
    doc.translate(10, 20);
    expect(pdfkit._ctm).toEqual([a, b, c, d, a * 10 + c * 20 + e, b * 10 + d * 20 + f]);
    expect(pdfkit._opacityRegistry).toEqual(expect.any(Object));
    expect(pdfkit._opacityCount).toBe(0);
    doc.fillOpacity(0.5);
    expect(pdfkit._opacityCount).toBe(1);
  });

  it('makes an embedded font subset from a fontkit font, current in _font', () => {
    const face = FontSet.shared().face('sans', 'regular');
    pdfkit.font(face.font, 'canary');
    const font = pdfkit._font as EmbeddedFont;
    expect(pdfkit._fontFamily).toBe('canary');
    expect(pdfkit._fontSource).toBe(face.font);
    expect(typeof font.id).toBe('string');
    expect(font.scale).toBeCloseTo(1000 / face.unitsPerEm);
    const glyph = face.font.glyphForCodePoint(0x41).id;
    const subsetId = font.subset.includeGlyph(glyph);
    expect(Number.isInteger(subsetId)).toBe(true);
    expect(font.subset.includeGlyph(glyph)).toBe(subsetId);
    // The glyph of each subset id, where the painter adds a copy of a glyph for other characters.
    expect(font.subset.glyphs[subsetId]).toBe(glyph);
    expect(Array.isArray(font.widths)).toBe(true);
    expect(Array.isArray(font.unicode)).toBe(true);
    expect(font.ref()).toMatchObject({ data: expect.any(Object), end: expect.any(Function) });
  });

  it('makes indirect objects with data and an end', () => {
    const ref = pdfkit.ref({ Type: 'XObject' });
    expect(ref.data).toEqual({ Type: 'XObject' });
    expect(typeof ref.end).toBe('function');
    ref.end();
  });
});
