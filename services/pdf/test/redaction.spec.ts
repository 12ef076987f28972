import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { ShapedText } from '@chatexhibit/pdf/domain/text/face';
import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import { boxedText, type LineMask, maskLine } from '@chatexhibit/pdf/domain/text/line-mask';
import { type CharRange, TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import {
  type DocumentInfo,
  PAGE,
  type TextMask,
  TwinPages,
} from '@chatexhibit/pdf/domain/transcript/twin-pages';
import { drawingOperators, pdfForms, pdfObjects as objects } from './support/pdf-operators';
import { readWithPdfjs } from './support/pdfjs';
import { BODY } from './support/text-fixture';

const run = promisify(execFile);
const layout = new TextLayout(FontSet.shared());

/** What the public copy must not give away, each with its box's label. */
const SECRETS = {
  ssn: { text: '123-45-6789', label: 'SSN/TIN' },
  card: { text: '4111 1111 1111 1111', label: 'Account no.' },
  birth: { text: '04/07/1989', label: 'Birth date' },
  // The text goes on with a combining accent (José as Jose + U+0301): the é is masked whole.
  name: { text: 'Jose', label: 'Minor' },
  code: { text: '🔑 7731', label: 'Redacted' },
  arabic: { text: 'رقم حسابي', label: 'Account no.' },
} as const;
/** Parts of the secrets that would show a partial leak. */
const FRAGMENTS = ['6789', '4111', '1111', '1989', '7731', '🔑', 'Jos', '\u0301', 'é', 'حسابي', 'رقم'];
/** Text around the masks, which both copies keep. */
const KEPT = ['Door', 'ask', 'Ramos', 'البنك'];

const TEXT =
  `SSN ${SECRETS.ssn.text}, card ${SECRETS.card.text} (exp 09/27), born ${SECRETS.birth.text}. ` +
  `Door code ${SECRETS.code.text}, ask ${SECRETS.name.text}\u0301 Ramos.\n` +
  `قال أحمد: ${SECRETS.arabic.text} عند البنك`;
const MASKS: TextMask[] = Object.values(SECRETS).map(({ text, label }, index) => ({
  start: TEXT.indexOf(text),
  end: TEXT.indexOf(text) + text.length,
  label,
  shortLabel: `R${index + 1}`,
}));
/** A number far narrower than its box's label: the box is as wide as "[Sealed]" all the same. */
const PIN = { text: 'PIN 4242 then', start: 4, end: 8, label: 'Sealed', shortLabel: 'R9' } as const;
/** A date narrower than "[Birth date]", whose box is as wide as that label, as a longer date's is. */
const SHORT_BIRTH = {
  text: 'born 4/7/89 then',
  start: 5,
  end: 11,
  label: 'Birth date',
  shortLabel: 'R10',
} as const;
/** Narrow enough that the card number wraps onto a second line. */
const WIDTH = 200;

type ExhibitCopy = 'public' | 'sealed';
const INFO: DocumentInfo = {
  title: 'Exhibit',
  subject: 'Redaction test',
  author: null,
  creator: 'ChatExhibit test',
  createdAt: new Date('2026-11-23T09:00:00.000Z'),
};

/** The same paragraph and label, masked, in a copy that removes and a copy that marks. */
async function writeExhibit(dir: string): Promise<Record<ExhibitCopy, string>> {
  const pages = new TwinPages<ExhibitCopy>(layout, {
    public: { info: INFO, pdfA: true, redaction: 'remove' },
    sealed: { info: { ...INFO, title: 'Exhibit (unredacted, under seal)' }, pdfA: false, redaction: 'mark' },
  });
  const files = { public: path.join(dir, 'public.pdf'), sealed: path.join(dir, 'sealed.pdf') };
  const outs = pages.copies.map((copy) => pages.documents[copy].pipe(createWriteStream(files[copy])));
  pages.paragraph(TEXT, PAGE.margin, WIDTH, BODY, '#0f172a', MASKS);
  const reference = `Ref ${SECRETS.ssn.text}`;
  pages.label(reference, PAGE.margin, BODY, '#0f172a', {
    masks: [
      {
        start: 4,
        end: reference.length,
        label: SECRETS.ssn.label,
        shortLabel: 'R1',
      },
    ],
  });
  pages.y += 20;
  pages.paragraph(PIN.text, PAGE.margin, WIDTH, BODY, '#0f172a', [PIN]);
  pages.paragraph(SHORT_BIRTH.text, PAGE.margin, WIDTH, BODY, '#0f172a', [SHORT_BIRTH]);
  pages.end();
  await Promise.all(outs.map((out) => finished(out)));
  return files;
}

const pdftotext = async (file: string, ...options: string[]): Promise<string> =>
  (await run('pdftotext', [...options, file, '-'])).stdout;

/** Each word pdftotext finds, with where it is. */
async function words(file: string): Promise<{ word: string; at: string }[]> {
  const html = await pdftotext(file, '-bbox');
  return Array.from(
    html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/g),
    ([, x, y, word]) => ({ word: word!, at: `${x} ${y}` }),
  );
}

/** Rectangles the pages draw, `fill` or `stroke`, as [x, y, width, height]. */
function rectangles(operators: string, paint: 'f' | 'S'): number[][] {
  return Array.from(
    operators.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\n(?:[^\n]*\n)*?(f|S)\n/g),
  )
    .filter((match) => match[5] === paint)
    .map((match) => match.slice(1, 5).map(Number));
}

describe('a paragraph with masks, in a copy that removes them and one that marks them', () => {
  let dir: string;
  let files: Record<ExhibitCopy, string>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-redaction-'));
    files = await writeExhibit(dir);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    ['in reading order', []],
    ['in drawing order (-raw)', ['-raw']],
  ])(
    'leaves no masked text for pdftotext to find %s, only the labels',
    async (_order: string, options: string[]) => {
      const removed = await pdftotext(files.public, ...options);
      for (const fragment of [...Object.values(SECRETS).map((s) => s.text), ...FRAGMENTS])
        expect(removed).not.toContain(fragment);
      for (const label of ['[SSN/TIN]', '[Account no.]', '[Birth date]', '[Redacted]', '[Minor]'])
        expect(removed).toContain(label);
      // However little a box removes, it carries its label: none is chosen by how much room there is.
      expect(removed).toContain('PIN [Sealed] then');
      expect(removed).toContain('born [Birth date] then');
      expect(removed).not.toMatch(/\[R\d+\]/);
      expect(removed).not.toContain('4242');
      for (const kept of KEPT) expect(removed).toContain(kept);
      // The sealed copy keeps every word, and draws no label.
      const marked = await pdftotext(files.sealed, ...options);
      // Word by word: pdftotext breaks the lines, and -raw gives right-to-left words in drawing order.
      const flat = marked.normalize('NFD').replace(/[\s\u202a-\u202e]+/g, ' ');
      for (const secret of Object.values(SECRETS))
        for (const word of secret.text.split(' ')) expect(flat).toContain(word);
      expect(marked).not.toContain('[SSN/TIN]');
    },
  );

  it('leaves no masked text in what pdf.js reads', async () => {
    const removed = (await readWithPdfjs(files.public)).pages.join('\n');
    for (const fragment of [...Object.values(SECRETS).map((s) => s.text), ...FRAGMENTS])
      expect(removed).not.toContain(fragment);
    expect(removed).toContain('[SSN/TIN]');
    const marked = (await readWithPdfjs(files.sealed)).pages.join('\n');
    expect(marked).toContain(SECRETS.ssn.text);
    expect(marked).toContain(SECRETS.arabic.text);
  });

  it('leaves no masked text in any object, ActualText and inflated streams included', async () => {
    // Whole secrets, and the emoji, whose image carries its ActualText (fragments of a few bytes
    // turn up by chance in font programs).
    const needles = [...Object.values(SECRETS).map((s) => s.text), '🔑', 'حسابي'];
    const found = (pdf: string) =>
      needles.filter((needle) => pdfForms(needle).some((form) => pdf.includes(form)));
    expect(found(await objects(files.public))).toEqual([]);
    // The search finds what is there: the sealed copy keeps the emoji's ActualText.
    expect(found(await objects(files.sealed))).toContain('🔑');
  });

  it('starts each paragraph at the same place in both copies, on as many pages, the public one re-flowed after its boxes', async () => {
    const [removed, marked] = await Promise.all([words(files.public), words(files.sealed)]);
    // Each text takes the room of its longer version in both: the texts after it start level.
    for (const first of ['SSN', 'Ref', 'PIN']) {
      const at = (list: { word: string; at: string }[]) => list.find(({ word }) => word === first)?.at;
      expect(at(removed)).toBeDefined();
      expect(at(removed)).toBe(at(marked));
    }
    const lastBorn = (list: { word: string; at: string }[]) =>
      list.findLast(({ word }) => word === 'born')?.at;
    expect(lastBorn(removed)).toBe(lastBorn(marked));
    // Within a text, what follows a box moves up to it: "card" follows "[SSN/TIN]", narrower than the number.
    const x = (list: { word: string; at: string }[], word: string) =>
      Number(list.find((found) => found.word === word)!.at.split(' ')[0]);
    expect(x(removed, 'card')).toBeLessThan(x(marked, 'card') - 5);
    const [publicPages, sealedPages] = await Promise.all(
      [files.public, files.sealed].map(async (file) => (await readWithPdfjs(file)).pages.length),
    );
    expect(publicPages).toBe(sealedPages);
  });

  it('embeds no font of a script only the removed text was written in: the fonts would tell it', async () => {
    const text = 'Call 龘靐齉 now';
    const pages = new TwinPages<ExhibitCopy>(layout, {
      public: { info: INFO, pdfA: true, redaction: 'remove' },
      sealed: { info: INFO, pdfA: false, redaction: 'mark' },
    });
    const cjk = { public: path.join(dir, 'cjk-public.pdf'), sealed: path.join(dir, 'cjk-sealed.pdf') };
    const outs = pages.copies.map((copy) => pages.documents[copy].pipe(createWriteStream(cjk[copy])));
    const mask = { start: 5, end: 8, label: 'Minor', shortLabel: 'R1' };
    pages.paragraph(text, PAGE.margin, WIDTH, BODY, '#0f172a', [mask]);
    pages.end();
    await Promise.all(outs.map((out) => finished(out)));
    const fonts = async (file: string) => (await run('pdffonts', [file])).stdout;
    expect(await fonts(cjk.sealed)).toMatch(/NotoSansSC/);
    expect(await fonts(cjk.public)).not.toMatch(/NotoSansSC/);
    expect(await pdftotext(cjk.public)).toContain('Call [Minor] now');
  });

  it('never draws a label smaller than 6 pt', async () => {
    const sizes = Array.from((await drawingOperators(files.public)).matchAll(/ ([\d.]+) Tf /g), ([, size]) =>
      Number(size),
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(6);
  });

  it('draws each box as wide as its label in the text’s own face and size, and outlines what it removes in the sealed copy', async () => {
    const boxes = rectangles(await drawingOperators(files.public), 'f');
    // One box per mask, never split over two lines: the card number, which wraps, has one; so has the label's.
    const labels = [...MASKS, SECRETS.ssn, PIN, SHORT_BIRTH].map(({ label }) => label);
    expect(boxes).toHaveLength(labels.length);
    const widths = boxes.map(([, , width]) => width!).sort((a, b) => a - b);
    const labelWidths = labels.map((label) => layout.measure(`[${label}]`, BODY)).sort((a, b) => a - b);
    // To a quarter point: the label is kerned and, in a right-to-left line, shaped with its neighbours.
    expect(Math.max(...widths.map((width, i) => Math.abs(width - labelWidths[i]!)))).toBeLessThan(0.25);
    // The sealed copy outlines the text itself, the wrapped card number on each of its lines.
    const outlines = rectangles(await drawingOperators(files.sealed), 'S');
    expect(outlines).toHaveLength(labels.length + 1);
  });
});

/** What a line still draws where masks apply: its drawn parts' characters, in logical order. */
function drawnText(mask: LineMask<CharRange>): string {
  return [...mask.runs.values()].flatMap((parts) => parts.map((part) => part.text)).join('|');
}

/** The characters of the glyphs a masked line still draws. */
function drawnGlyphCharacters(mask: LineMask<CharRange>): string {
  const characters = (shape: ShapedText): string =>
    shape.kind === 'simple'
      ? shape.text
      : shape.glyphs.map((g) => String.fromCodePoint(...g.codePoints)).join('');
  return [...mask.runs.values()]
    .flatMap((parts) => parts.flatMap((part) => part.shapes.map(characters)))
    .join('');
}

describe('masking a laid-out line', () => {
  const line = (text: string, width = 1000) => layout.wrap(text, BODY, width);

  it('masks a ligature, a letter with its marks, a syllable and an emoji whole when a mask takes part of it', () => {
    // Lam-alef is one glyph: masking the lam hides the alef with it.
    const salam = maskLine(line('سلام')[0]!, [{ start: 1, end: 2 }], BODY.size)!;
    expect(drawnGlyphCharacters(salam)).not.toMatch(/[لا]/);
    expect(drawnGlyphCharacters(salam)).toMatch(/س/);
    // e + U+0301 is one character to a reader.
    const jose = maskLine(line('Jose\u0301 Ramos')[0]!, [{ start: 0, end: 4 }], BODY.size)!;
    expect(drawnText(jose)).toBe(' Ramos');
    // स्ते is one syllable, drawn as one conjunct.
    const namaste = maskLine(line('नमस्ते दुनिया')[0]!, [{ start: 2, end: 3 }], BODY.size)!;
    for (const character of ['स', '\u094D', 'त', '\u0947'])
      expect(drawnGlyphCharacters(namaste)).not.toContain(character);
    expect(drawnText(namaste)).toMatch(/^नम\|/);
    // A family emoji is one image: masking its first person hides it all.
    const family = maskLine(line('a 👨‍👩‍👧 b')[0]!, [{ start: 2, end: 4 }], BODY.size)!;
    expect(drawnText(family)).not.toContain('👩');
    expect(family.stretches).toHaveLength(1);
  });

  it('boxes a masked right-to-left word where it is drawn, at the line’s right end', () => {
    const [rtl] = line('مرحبا بالعالم');
    const mask = maskLine(rtl!, [{ start: 0, end: 5 }], BODY.size)!;
    expect(mask.stretches).toHaveLength(1);
    const { x, width } = mask.stretches[0]!;
    expect(x + width).toBeCloseTo(rtl!.width, 2);
    expect(x).toBeGreaterThan(rtl!.width / 3);
  });

  it('gives a mask that wraps one box on each line, and none to the lines it misses', () => {
    const text = 'first line words 4111 1111 1111 1111 after\nnext paragraph';
    const lines = line(text, 110);
    const start = text.indexOf('4111');
    const masks = [{ start, end: start + 19 }];
    const applied = lines.map((l) => maskLine(l, masks, BODY.size));
    const boxed = applied.filter((mask) => mask !== null);
    expect(boxed.length).toBeGreaterThanOrEqual(2);
    for (const mask of boxed) expect(mask!.stretches).toHaveLength(1);
    // The second paragraph's offsets start after the first's: a mask there finds its own line only.
    const next = text.indexOf('next');
    const inNext = lines.map((l) => maskLine(l, [{ start: next, end: next + 4 }], BODY.size));
    expect(inNext.filter((mask) => mask !== null)).toHaveLength(1);
    expect(drawnText(inNext.at(-1)!)).toBe(' paragraph');
  });
});

describe('the text a copy that removes masks lays out', () => {
  const label = (mask: TextMask) => `[${mask.label}]`;
  const mask = (start: number, end: number, words = 'Minor'): TextMask => ({
    start,
    end,
    label: words,
    shortLabel: 'R1',
  });

  it('puts each mask’s label in place of its characters, whatever they were, and masks the label', () => {
    for (const name of ['Al', 'Emma', 'Maximiliano']) {
      const text = `ask ${name} now`;
      const boxed = boxedText(text, [mask(4, 4 + name.length)], label);
      expect(boxed.text).toBe('ask [Minor] now');
      expect(boxed.masks).toEqual([mask(4, 11)]);
    }
  });

  it('takes a letter with its marks whole, joins overlapping masks, and keeps a label on one line', () => {
    // "José" as Jose + U+0301: a mask of "Jose" takes the accent too.
    expect(boxedText('ask Jose\u0301 Ramos', [mask(4, 8)], label).text).toBe('ask [Minor] Ramos');
    // Part of a syllable or of an emoji sequence takes all of it.
    expect(boxedText('नमस्ते दुनिया', [mask(2, 3)], label).text).toBe('नम[Minor] दुनिया');
    expect(boxedText('a 👨‍👩‍👧 b', [mask(4, 6)], label).text).toBe('a [Minor] b');
    const joined = boxedText('a 123 456 b', [mask(2, 5, 'Sealed'), mask(4, 9)], label);
    expect(joined.text).toBe('a [Sealed] b');
    expect(joined.masks).toEqual([mask(2, 10, 'Sealed')]);
    // No line breaks inside "[Account no.]".
    expect(boxedText('card 4111 1111', [mask(5, 14, 'Account no.')], label).text).toBe(
      'card [Account\u00A0no.]',
    );
  });
});
