// The row-height attack on redaction (security finding H1): an attacker with exhibit.pdf reads
// where its rows and page breaks fall and asks how many lines a removed text took. Two exhibits
// that differ only in what they remove must draw the same pages; their sealed copies still keep
// every message on its page, and every character of it.

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import type { ExhibitSpecInput } from '@chatexhibit/proto/exhibit-spec';
import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import { TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { type DocumentInfo, TwinPages } from '@chatexhibit/pdf/domain/transcript/twin-pages';
import { writeExhibit } from './support/chat-transcripts';
import { blackBoxes, paintedPaths, readWithPdfjs } from './support/pdfjs';
import { transcriptMessage } from './support/transcript-message';

const run = promisify(execFile);
const layout = new TextLayout(FontSet.shared());

/** What one exhibit removes: a child's name (everywhere) and one whole message. */
interface Removed {
  child: string;
  sealedMessage: string;
}
const SHORT: Removed = { child: 'Emma Carter', sealedMessage: 'Yes' };
/** A name long enough to wrap its sender line and the line quoting it, and a 600-character paragraph. */
const LONG: Removed = {
  child: 'Maximiliana Josephine Annabel Wolfeschlegelsteinhausenbergerdorff-Carrington-Smythe',
  sealedMessage: Array.from(
    { length: 12 },
    (_, i) => `Sentence ${String(i + 1).padStart(2, '0')} of what the order seals, told at length here.`,
  ).join(' '),
};
const PARENT = 'Dana Whitfield';
const MESSAGES = 40;

function chat({ child, sealedMessage }: Removed) {
  const said: [string, string][] = [
    [PARENT, `Did ${child} get home from school today, and did the bus come on time?`],
    [child, 'I am home now.'],
    [child, sealedMessage],
    ...Array.from({ length: MESSAGES - 3 }, (_, i): [string, string] => [
      i % 2 === 0 ? PARENT : child,
      `Message ${i + 4}: ${'a few words about the day, '.repeat(1 + (i % 5))}and that is all.`,
    ]),
  ];
  return {
    messages: said.map(([sender, content], i) =>
      transcriptMessage(i + 1, {
        sender,
        content,
        timestamp: `2024-03-01T${String(9 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
      }),
    ),
    participants: [child, PARENT],
  };
}

const spec = ({ child }: Removed): ExhibitSpecInput => ({
  label: 'Exhibit P-9',
  selections: [{ from: 1, to: MESSAGES }],
  batesPrefix: 'DOE',
  redactions: [
    { kind: 'text-everywhere', text: child, replaceWith: 'Minor', reason: { category: 'minor-name' } },
    { kind: 'message', message: 3, reason: { category: 'sealed-by-order', note: 'Order of 3 Mar 2025' } },
  ],
});

async function writeExhibitOf(removed: Removed, dir: string): Promise<void> {
  const { messages, participants } = chat(removed);
  await writeExhibit(messages, participants, spec(removed), dir);
}

/** Each page's text as pdftotext (poppler, not our code) reads it. */
async function pdftotextPages(file: string): Promise<string[]> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\f').slice(0, -1);
}

const withoutSpaces = (text: string): string => text.replace(/\s+/g, '');

/** Whether `text` is in `all` whole, or as a beginning and the rest after it. */
function inTwoPieces(all: string, text: string): boolean {
  let begun = text.length;
  while (begun > 0 && !all.includes(text.slice(0, begun))) begun -= 1;
  return begun > 0 && all.includes(text.slice(begun));
}

/** The message numbers that start a row on each page: four digits alone on a line. */
const rowNumbersOn = (pages: readonly string[]): number[][] =>
  pages.map((page) => [...page.matchAll(/^(\d{4})$/gm)].map((match) => Number(match[1])));

describe('the row-height attack on an exhibit’s redactions', () => {
  let root: string;
  const dirOf = (removed: Removed) => path.join(root, removed === SHORT ? 'short' : 'long');
  const fileOf = (removed: Removed, name: string) => path.join(dirOf(removed), name);
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-geometry-'));
    for (const removed of [SHORT, LONG]) await writeExhibitOf(removed, dirOf(removed));
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('draws every glyph, box and rule of the redacted copy in the same place, on as many pages, whatever it removes', async () => {
    const [short, long] = await Promise.all(
      [SHORT, LONG].map((removed) => blackBoxes(fileOf(removed, EXHIBIT_PATHS.exhibit))),
    );
    expect(short.length).toBeGreaterThanOrEqual(2);
    expect(long).toHaveLength(short.length);
    expect(long).toEqual(short);
    const [shortPaths, longPaths] = await Promise.all(
      [SHORT, LONG].map((removed) => paintedPaths(fileOf(removed, EXHIBIT_PATHS.exhibit))),
    );
    expect(longPaths).toEqual(shortPaths);
  });

  it('keeps each message of the sealed copy on its page of the redacted copy, with every character of it', async () => {
    for (const removed of [SHORT, LONG]) {
      const redacted = await pdftotextPages(fileOf(removed, EXHIBIT_PATHS.exhibit));
      const sealed = await pdftotextPages(fileOf(removed, EXHIBIT_PATHS.sealed));
      const shared = sealed.slice(0, redacted.length);
      expect(rowNumbersOn(shared)).toEqual(rowNumbersOn(redacted));
      expect(rowNumbersOn(redacted).flat()).toEqual(Array.from({ length: MESSAGES }, (_, i) => i + 1));
      // Every original character is in the sealed copy: in its row and, for what does not fit
      // there, in the continuation after the shared pages.
      const all = withoutSpaces(sealed.join(''));
      for (const text of [removed.sealedMessage, chat(removed).messages[0]!.content])
        expect(inTwoPieces(all, withoutSpaces(text))).toBe(true);
      expect(withoutSpaces(shared.join(''))).toContain(withoutSpaces(removed.child));
    }
  });

  it('continues in the sealed copy alone what its row cannot hold, and says so both ways', async () => {
    const redacted = await readWithPdfjs(fileOf(LONG, EXHIBIT_PATHS.exhibit));
    const sealed = await readWithPdfjs(fileOf(LONG, EXHIBIT_PATHS.sealed));
    const extra = sealed.pages.slice(redacted.pages.length).join('\n');
    expect(sealed.pages.length).toBeGreaterThan(redacted.pages.length);
    expect(extra).toContain('Continued texts of the unredacted copy');
    expect(extra).toMatch(/Message 0003, continued from page \d+ \(DOE\d{6}-S\)/);
    expect(extra).toContain(`Continued texts, page 1 of 1, after page ${redacted.pages.length}`);
    expect(extra).toContain(`DOE${String(redacted.pages.length).padStart(6, '0')}-S.1`);
    const rowPage = sealed.pages.findIndex((page) =>
      page.includes('continued at the end of this copy, under message 0003'),
    );
    expect(rowPage).toBeGreaterThanOrEqual(0);
    expect(extra).toContain(`continued from page ${rowPage + 1}`);
    // The short exhibit's sealed copy needs none.
    const shortSealed = await readWithPdfjs(fileOf(SHORT, EXHIBIT_PATHS.sealed));
    const shortRedacted = await readWithPdfjs(fileOf(SHORT, EXHIBIT_PATHS.exhibit));
    expect(shortSealed.pages).toHaveLength(shortRedacted.pages.length);
  });

  it('gives a withheld picture the same box, and the same room, whatever its size', async () => {
    const info: DocumentInfo = {
      title: 't',
      subject: 's',
      author: null,
      creator: 'test',
      createdAt: new Date(0),
    };
    const rooms: number[][] = [];
    for (const [width, height] of [
      [96, 64],
      [40, 200],
    ] as const) {
      const picture = await sharp({ create: { width, height, channels: 3, background: '#5a7896' } })
        .png()
        .toBuffer();
      const pages = new TwinPages(layout, {
        exhibit: { info, pdfA: false, redaction: 'remove' },
        sealed: { info, pdfA: false, redaction: 'mark' },
      });
      const top = pages.y;
      pages.image(picture, 72, 240, 160, { label: 'Withheld', shortLabel: 'R1' });
      rooms.push([pages.pageNumber, pages.y - top]);
      pages.end();
    }
    expect(rooms).toEqual([
      [1, 160],
      [1, 160],
    ]);
  });
});
