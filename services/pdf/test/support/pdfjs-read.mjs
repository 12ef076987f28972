// Reads a PDF as pdf.js gives it to PDF.js-based readers and browsers, and prints it as JSON:
// { pages: the text of each page (getTextContent; a line ends where pdf.js marks one),
//   outline: the bookmarks, each { title, page (from 1), items } }.
// pdfjs-dist is ES modules only, so the tests run this as a child process: `node pdfjs-read.mjs file.pdf`.
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const data = new Uint8Array(await readFile(process.argv[2]));
const pdf = await getDocument({ data, isEvalSupported: false, verbosity: 0 }).promise;
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
      const dest = typeof item.dest === 'string' ? await pdf.getDestination(item.dest) : item.dest;
      return {
        title: item.title,
        page: dest ? (await pdf.getPageIndex(dest[0])) + 1 : null,
        items: await entries(item.items),
      };
    }),
  );
const outline = await entries(await pdf.getOutline());
await pdf.destroy();
process.stdout.write(JSON.stringify({ pages, outline }));
