// Prints, as JSON, every glyph a PDF paints with text-showing operators, read by pdf.js (not by
// our own code): per page, the font's name, the glyph's character code and the characters its
// ToUnicode entry gives. Run as `node painted-glyphs.mjs file.pdf` (pdf.js is an ES module, which
// the jest runtime cannot load).
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const SHOW_TEXT = new Set([
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
]);

const pdf = await getDocument({ url: process.argv[2], fontExtraProperties: true, verbosity: 0 }).promise;
const glyphs = [];
for (let number = 1; number <= pdf.numPages; number += 1) {
  const page = await pdf.getPage(number);
  const { fnArray, argsArray } = await page.getOperatorList();
  let font = null;
  fnArray.forEach((fn, i) => {
    if (fn === OPS.setFont) font = page.commonObjs.get(argsArray[i][0]).name;
    if (!SHOW_TEXT.has(fn)) return;
    for (const glyph of argsArray[i][0]) {
      if (typeof glyph !== 'object' || glyph === null) continue;
      glyphs.push({
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
await pdf.destroy();
process.stdout.write(JSON.stringify(glyphs));
