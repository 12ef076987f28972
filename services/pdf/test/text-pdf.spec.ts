import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import { FontSet, type TextStyle } from '@chatexhibit/pdf/domain/text/font-set';
import { ascent, lineHeight, TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { TextPainter } from '@chatexhibit/pdf/domain/text/text-painter';
import { paintedGlyphs, readWithPdfjs } from './support/pdfjs';
import { MULTI_SCRIPT } from './support/text-fixture';

const run = promisify(execFile);
const ARTIFACTS = path.join(__dirname, '..', '..', '..', '.test-artifacts');
const CREATED = new Date('2026-11-23T09:00:00.000Z');
const MARGIN = 72;
const WIDTH = 612 - 2 * MARGIN;
const BODY: TextStyle = { family: 'sans', weight: 'regular', size: 12 };
const FOOTER: TextStyle = { family: 'mono', weight: 'bold', size: 8 };

interface Engine {
  fonts: FontSet;
  layout: TextLayout;
  Painter: typeof TextPainter;
}
const fonts = FontSet.shared();
const ENGINE: Engine = { fonts, layout: new TextLayout(fonts), Painter: TextPainter };

/**
 * `text` laid out on page 1 of a two-page PDF (right-to-left paragraphs right-aligned), with
 * footers drawn afterwards on every page through bufferPages, as the transcript does.
 */
async function writePdf(
  file: string,
  text: string,
  { filing = false, engine = ENGINE }: { filing?: boolean; engine?: Engine } = {},
): Promise<Buffer> {
  const { layout } = engine;
  const doc = new PDFDocument({
    size: 'LETTER',
    bufferPages: true,
    pdfVersion: '1.7',
    ...(filing && { subset: 'PDF/A-2b' as const }),
    info: { Title: 'Text engine', CreationDate: CREATED, ModDate: CREATED },
  });
  const out = createWriteStream(file);
  doc.pipe(out);
  const painter = new engine.Painter(doc, engine.fonts);
  let top = MARGIN;
  for (const line of layout.wrap(text, BODY, WIDTH)) {
    const left = line.direction === 'rtl' ? MARGIN + WIDTH - line.width : MARGIN;
    painter.drawLine(line, left, top + ascent(BODY), BODY, '#0f172a');
    top += lineHeight(BODY);
  }
  doc.addPage();
  painter.drawText('Second page ✓', MARGIN, MARGIN + ascent(BODY), BODY, '#1d4ed8');
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    painter.drawText(`Page ${page + 1} of ${count} · صفحة`, MARGIN, 760, FOOTER, '#475569', {
      align: 'right',
      width: WIDTH,
    });
  }
  doc.end();
  await finished(out);
  return readFile(file);
}

describe('the text engine in a PDF', () => {
  let dir: string;
  let pdf: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-text-'));
    pdf = path.join(dir, 'multi-script.pdf');
    await writePdf(pdf, MULTI_SCRIPT);
  }, 30_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const text = async (...args: string[]): Promise<string> =>
    (await run('pdftotext', ['-enc', 'UTF-8', ...args, pdf, '-'])).stdout.normalize('NFC');

  it.each([[[]], [['-layout']]])('copies every script out in logical order (pdftotext %j)', async (args) => {
    const copied = await text(...args);
    for (const exact of [
      'English: The quick brown fox jumps over the lazy dog.',
      'Русский: Привет! Встреча в 15:00.',
      'Ελληνικά: Καλημέρα κόσμε',
      'สวัสดีครับ',
      '我们明天下午三点见面。',
      'こんにちは、カタカナ',
      '안녕하세요 반갑습니다',
      'नमस्ते दुनिया',
    ]) {
      expect(copied).toContain(exact);
    }
    for (const word of ['مرحبا', 'كيف', 'حالك', 'وصلت', 'الأوراق', 'שלום', 'המסמכים', 'אצלי', 'صفحة']) {
      expect(copied).toContain(word);
    }
    // The same words in visual order would mean the text layer is backwards.
    for (const backwards of ['ابحرم', 'םולש']) expect(copied).not.toContain(backwards);
    for (const emoji of ['😀', '👍🏽', '👨‍👩‍👧', '🇺🇸', '1️⃣', '❤️']) expect(copied).toContain(emoji);
  });

  it('draws on any page of a buffered document', async () => {
    expect(await text('-f', '1', '-l', '1')).toContain('Page 1 of 2');
    const second = await text('-f', '2', '-l', '2');
    expect(second).toContain('Second page ✓');
    expect(second).toContain('Page 2 of 2');
  });

  it('draws U+FFFD for a character no font has, and copies the character itself out', async () => {
    const missing = path.join(dir, 'missing.pdf');
    await writePdf(missing, 'Private \uE000 use');
    const copied = (await run('pdftotext', ['-enc', 'UTF-8', missing, '-'])).stdout;
    expect(copied).toContain('Private \uE000 use');
    expect(copied).not.toContain('\uFFFD');
  });

  it('copies a mirrored bracket out as the one typed, also where the same glyph stands for the other bracket', async () => {
    const brackets = path.join(dir, 'brackets.pdf');
    // In the right-to-left line, the ")" after a Latin word is drawn in Noto Sans as "(", the
    // glyph the left-to-right line above draws for a typed "(".
    await writePdf(brackets, 'Call (now) please\nשלום (b)');
    const sans = (await paintedGlyphs(brackets)).filter(
      (glyph) => glyph.page === 1 && glyph.font.endsWith('+NotoSans-Regular') && '()'.includes(glyph.unicode),
    );
    const codes = (unicode: string): number[] => sans.filter((g) => g.unicode === unicode).map((g) => g.code);
    expect(codes('(')).toHaveLength(1);
    expect(codes(')')).toHaveLength(2);
    // Two glyph codes for ")": its own glyph, and the copy of "(" that the mirrored one draws.
    expect(new Set(codes(')')).size).toBe(2);
    expect((await readWithPdfjs(brackets)).pages[0]).toContain('Call (now) please');
  });

  it('embeds every font it uses, subset and with a ToUnicode map, all from the npm font packages (Noto, IBM Plex Sans Arabic)', async () => {
    const filing = path.join(dir, 'filing.pdf');
    await writePdf(filing, MULTI_SCRIPT, { filing: true });
    for (const file of [pdf, filing]) {
      const rows = (await run('pdffonts', [file])).stdout.trim().split('\n').slice(2);
      expect(rows.length).toBeGreaterThan(8);
      for (const row of rows)
        expect(row).toMatch(/^[A-Z]{6}\+(?:Noto|IBMPlexSansArabic)\S+\s.*\s+yes\s+yes\s+yes\s+\d+\s+\d+$/);
    }
  });

  it('renders page 1 (saved to .test-artifacts/text-engine.png for a look)', async () => {
    await run('pdftoppm', [
      '-r',
      '80',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      path.join(dir, 'page'),
    ]);
    await mkdir(ARTIFACTS, { recursive: true });
    await copyFile(path.join(dir, 'page.png'), path.join(ARTIFACTS, 'text-engine.png'));
    expect((await stat(path.join(dir, 'page.png'))).size).toBeGreaterThan(20_000);
  });

  it('gives the same bytes for the same input, whatever the process drew before', async () => {
    const first = await readFile(pdf);
    expect((await writePdf(path.join(dir, 'again.pdf'), MULTI_SCRIPT)).equals(first)).toBe(true);
    // A fresh process (new module state) that has drawn other emoji first, in another order:
    // 🍿 before 🎯 gives their opacity states other numbers in the order of the process.
    let engine: Engine | undefined;
    jest.isolateModules(() => {
      const fresh = {
        ...(require('@chatexhibit/pdf/domain/text/font-set') as typeof import('@chatexhibit/pdf/domain/text/font-set')),
        ...(require('@chatexhibit/pdf/domain/text/text-layout') as typeof import('@chatexhibit/pdf/domain/text/text-layout')),
        ...(require('@chatexhibit/pdf/domain/text/text-painter') as typeof import('@chatexhibit/pdf/domain/text/text-painter')),
      };
      const freshFonts = new fresh.FontSet();
      engine = { fonts: freshFonts, layout: new fresh.TextLayout(freshFonts), Painter: fresh.TextPainter };
    });
    await writePdf(path.join(dir, 'other.pdf'), '🍿 🏴󠁧󠁢󠁥󠁮󠁧󠁿 ❤️ 🇺🇸 👍🏽 first, then 👨‍👩‍👧 😀 🎯', { engine });
    expect((await writePdf(path.join(dir, 'fresh.pdf'), MULTI_SCRIPT, { engine })).equals(first)).toBe(true);
  }, 30_000);

  it("leaves the document's current font as it was", () => {
    const doc = new PDFDocument();
    const before = doc.widthOfString('Hello');
    new TextPainter(doc, fonts).drawText('Hello مرحبا 😀', MARGIN, 100, BODY, '#000000');
    expect(doc.widthOfString('Hello')).toBe(before);
  });
});
