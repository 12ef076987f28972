// Reads a PDF with pdf.js, as PDF.js-based readers and browsers do, and prints JSON.
// `node read-with-pdfjs.mjs text <file.pdf>`: { pages: each page's text (getTextContent; a line ends where
//   pdf.js marks one), outline: the bookmarks, each { title, page (from 1), items }, labels: the page
//   labels a reader shows (getPageLabels; null when the PDF has none) }.
// `node read-with-pdfjs.mjs links <file.pdf>`: every link annotation, per page: { page, target (the
//   page, from 1, its destination resolves to; null when it resolves to none) }.
// `node read-with-pdfjs.mjs paths <file.pdf>`: each page's painted paths (rules, boxes, tints, marks),
//   as the arguments of its path operators, in order: where two pages draw the same shapes, the same.
// `node read-with-pdfjs.mjs glyphs <file.pdf>`: every glyph painted by a text-showing operator, per page:
//   the font's name, the glyph's character code and what its ToUnicode entry gives.
// `node read-with-pdfjs.mjs boxes <file.pdf>`: per page, the rectangles it fills black (x, y from the
//   top, width, height, in the page's own units, as an attacker measures redaction boxes) and its text
//   items (getTextContent: text, x, baseline from the top, size, the font's family).
// pdfjs-dist is ES modules only, which the jest runtime cannot load: the tests run this as a child
// process (pdfjs.ts).
import { readFile } from 'node:fs/promises';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const [what, file] = process.argv.slice(2);
const pdf = await getDocument({
  data: new Uint8Array(await readFile(file)),
  isEvalSupported: false,
  fontExtraProperties: true,
  verbosity: 0,
}).promise;

async function text() {
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
    );
  }
  const entries = async (items) =>
    Promise.all(
      (items ?? []).map(async (item) => {
        return {
          title: item.title,
          page: item.dest ? await destinationPage(item.dest) : null,
          items: await entries(item.items),
        };
      }),
    );
  return { pages, outline: await entries(await pdf.getOutline()), labels: await pdf.getPageLabels() };
}

/** A destination's page, from 1: a named destination looked up first; null when there is none. */
async function destinationPage(dest) {
  const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
  return explicit ? (await pdf.getPageIndex(explicit[0])) + 1 : null;
}

async function links() {
  const found = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    for (const annotation of await (await pdf.getPage(number)).getAnnotations()) {
      if (annotation.subtype !== 'Link') continue;
      found.push({ page: number, target: annotation.dest ? await destinationPage(annotation.dest) : null });
    }
  }
  return found;
}

const SHOW_TEXT = new Set([
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
]);

async function glyphs() {
  const painted = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const { fnArray, argsArray } = await page.getOperatorList();
    let font = null;
    fnArray.forEach((fn, i) => {
      if (fn === OPS.setFont) font = page.commonObjs.get(argsArray[i][0]).name;
      if (!SHOW_TEXT.has(fn)) return;
      for (const glyph of argsArray[i][0]) {
        if (typeof glyph !== 'object' || glyph === null) continue;
        painted.push({
          page: number,
          font,
          code: glyph.originalCharCode,
          unicode: glyph.unicode,
          inFont: glyph.isInFont,
        });
      }
    });
    page.cleanup();
  }
  return painted;
}

async function paths() {
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const { fnArray, argsArray } = await (await pdf.getPage(number)).getOperatorList();
    pages.push(
      fnArray.flatMap((fn, i) =>
        fn === OPS.constructPath
          ? [JSON.stringify(argsArray[i], (_key, value) => (ArrayBuffer.isView(value) ? [...value] : value))]
          : [],
      ),
    );
  }
  return pages;
}

async function boxes() {
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const { fnArray, argsArray } = await page.getOperatorList();
    const filled = [];
    let fill = '#000000';
    const saved = [];
    fnArray.forEach((fn, i) => {
      if (fn === OPS.save) saved.push(fill);
      else if (fn === OPS.restore) fill = saved.pop() ?? fill;
      else if (fn === OPS.setFillRGBColor) fill = argsArray[i][0];
      else if (fn === OPS.constructPath) {
        const [paint, , minMax] = argsArray[i];
        if ((paint !== OPS.fill && paint !== OPS.eoFill) || fill !== '#000000' || !minMax) return;
        // The page's coordinates as its writer set them (pdfkit's run from the top).
        const [minX, minY, maxX, maxY] = minMax;
        filled.push({ x: minX, y: minY, width: maxX - minX, height: maxY - minY });
      }
    });
    const content = await page.getTextContent();
    const top = page.view[3];
    const texts = content.items
      .filter((item) => 'str' in item && item.str !== '')
      .map((item) => ({
        text: item.str,
        x: item.transform[4],
        baseline: top - item.transform[5],
        size: Math.hypot(item.transform[2], item.transform[3]),
        family: content.styles[item.fontName]?.fontFamily ?? '',
      }));
    pages.push({ boxes: filled, texts });
    page.cleanup();
  }
  return pages;
}

const READERS = { text, links, glyphs, paths, boxes };
const result = await READERS[what]();
await pdf.destroy();
process.stdout.write(JSON.stringify(result));
