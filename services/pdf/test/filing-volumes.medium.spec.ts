import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import { TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { type FilingVolume, writeFilingVolumes } from '@chatexhibit/pdf/domain/transcript/filing-volumes';
import { chatTranscriptInput, writeChatTranscripts } from './support/chat-transcripts';
import { GENERATED_SENDERS, generateMessages } from './support/generated-chat';
import {
  type PdfjsLink,
  type PdfjsOutlineEntry,
  type PdfjsReading,
  readLinks,
  readWithPdfjs,
} from './support/pdfjs';

const MESSAGES = 40_000;
const LIMIT = 1_000_000;
/** The volume cover and the index of dates, before the filing copy's pages. */
const FRONT_PAGES = 2;

/** Every bookmark, depth first. */
const flatten = (entries: readonly PdfjsOutlineEntry[]): PdfjsOutlineEntry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.items)]);

const bates = (page: number) => `CHAT${String(page).padStart(6, '0')}`;

/**
 * The court-filing copy of a 40,000-message chat split for a 1 MB limit, read back with pdf.js
 * beside the unsplit copy: each volume holds the unsplit copy's own pages (the same page and Bates
 * numbers, the same text), after front matter that is numbered i, ii and carries no Bates number.
 */
describe('filing copy split into volumes', () => {
  let dir: string;
  let volumes: FilingVolume[];
  let unsplit: PdfjsReading;
  /** Each volume as pdf.js reads it: its pages' text, its bookmarks, labels and links. */
  let readings: (PdfjsReading & { links: PdfjsLink[] })[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-volumes-'));
    const messages = generateMessages(MESSAGES);
    const { filing } = await writeChatTranscripts(messages, GENERATED_SENDERS, dir);
    const content = await readFile(filing);
    expect(content.length).toBeGreaterThan(3 * LIMIT);
    unsplit = await readWithPdfjs(filing);
    volumes = await writeFilingVolumes(
      await chatTranscriptInput(messages, GENERATED_SENDERS),
      new TextLayout(FontSet.shared()),
      { maxFileBytes: LIMIT, court: null },
      path.join(dir, 'volumes'),
      {
        sizeBytes: content.length,
        pageCount: unsplit.pages.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      },
    );
    readings = [];
    for (const volume of volumes) {
      readings.push({ ...(await readWithPdfjs(volume.file)), links: await readLinks(volume.file) });
    }
  }, 900_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes only the volumes, each under the limit, with a checksum list that matches them', async () => {
    expect(volumes.length).toBeGreaterThan(3);
    const names = volumes.map((volume) => path.basename(volume.file));
    const count = String(volumes.length).padStart(2, '0');
    expect(names).toEqual(
      volumes.map((_, i) => `transcript-filing-volume-${String(i + 1).padStart(2, '0')}-of-${count}.pdf`),
    );
    expect((await readdir(path.join(dir, 'volumes'))).sort()).toEqual([...names, 'SHA256SUMS.txt'].sort());
    const sums: string[] = [];
    for (const volume of volumes) {
      const content = await readFile(volume.file);
      expect(content.length).toBeLessThan(LIMIT);
      expect(content.length).toBe(volume.sizeBytes);
      sums.push(`${createHash('sha256').update(content).digest('hex')}  ${path.basename(volume.file)}\n`);
    }
    expect(await readFile(path.join(dir, 'volumes', 'SHA256SUMS.txt'), 'utf8')).toBe(sums.join(''));
  });

  // A volume laid out afresh (its own page numbers, Bates numbers continuing from the volume
  // before, its own page breaks) fails here: its pages are not the unsplit copy's.
  it("holds the unsplit copy's own pages in order, each with that copy's page and Bates numbers and text", () => {
    const total = unsplit.pages.length;
    let next = 1;
    for (const [i, volume] of volumes.entries()) {
      const { pages } = readings[i]!;
      expect(volume.pages.first).toBe(next);
      expect(pages).toHaveLength(FRONT_PAGES + volume.pages.last - volume.pages.first + 1);
      expect(volume.bates).toEqual({ first: bates(volume.pages.first), last: bates(volume.pages.last) });
      pages.slice(FRONT_PAGES).forEach((text, p) => {
        const page = volume.pages.first + p;
        expect(text).toContain(`Page ${page} of ${total}`);
        expect(text).toContain(bates(page));
      });
      // Page for page the same text as the unsplit copy's: its first, middle and last page.
      const { first, last } = volume.pages;
      for (const page of new Set([first, Math.floor((first + last) / 2), last])) {
        expect(pages[FRONT_PAGES + page - first]).toBe(unsplit.pages[page - 1]);
      }
      next = last + 1;
    }
    expect(next).toBe(total + 1);
  });

  it('numbers the front matter i, ii and the rest as printed, and stamps no Bates number on the front matter', () => {
    for (const [i, volume] of volumes.entries()) {
      const { pages, labels } = readings[i]!;
      const { first, last } = volume.pages;
      expect(labels).toEqual([
        'i',
        'ii',
        ...Array.from({ length: last - first + 1 }, (_, p) => String(first + p)),
      ]);
      const front = pages.slice(0, FRONT_PAGES);
      const name = `Volume ${volume.number} of ${volumes.length}`;
      for (const text of front) {
        expect(text).toContain(`${name} · front matter, not part of the Bates-numbered transcript`);
        expect(text).not.toMatch(/Page \d+ of \d+/);
      }
      // The cover names Bates numbers only as the ranges of the set's volumes; the index names none.
      const ranges = new Set(volumes.flatMap((other) => [other.bates!.first, other.bates!.last]));
      expect([...front[0]!.matchAll(/CHAT\d{6}/g)].every(([found]) => ranges.has(found))).toBe(true);
      expect(front[1]).not.toMatch(/CHAT\d{6}/);
    }
  });

  it('names the messages on its pages, every row starting in exactly one volume, in order', () => {
    const starts: number[] = [];
    for (const [i, volume] of volumes.entries()) {
      // A message's row starts with its number, time and source line ("04112 09:00 L4112"); the
      // covers and a row continued on a new page name numbers too, but never so.
      const rows = [
        ...readings[i]!.pages.slice(FRONT_PAGES)
          .join('\n')
          .matchAll(/^(\d+) \d\d:\d\d L\d+/gm),
      ].map((row) => Number(row[1]));
      expect(rows.length).toBeGreaterThan(0);
      // The first may have started on the volume before, and run over onto this one's first page.
      expect([rows[0], rows[0]! - 1]).toContain(volume.messages!.first);
      expect(volume.messages!.last).toBe(rows.at(-1));
      starts.push(...rows);
    }
    expect(starts).toEqual(Array.from({ length: MESSAGES }, (_, i) => i + 1));
  });

  it('gives every volume a cover, an index whose links reach each day, and bookmarks that point into it', () => {
    for (const [i, volume] of volumes.entries()) {
      const { pages, outline, links } = readings[i]!;
      const count = volumes.length;
      expect(pages[0]).toContain(`Volume ${volume.number} of ${count}`);
      expect(pages[0]).toContain(`Pages in this volume ${volume.pages.first} to ${volume.pages.last}`);
      for (const other of volumes) {
        expect(pages[0]).toContain(`pages ${other.pages.first}–${other.pages.last}`);
        expect(pages[0]).toContain(`${other.bates!.first}–${other.bates!.last}`);
      }
      expect(pages[1]).toContain('Index of dates');

      const bookmarks = flatten(outline);
      expect(bookmarks.every((entry) => entry.page !== null && entry.page <= pages.length)).toBe(true);
      const titles = outline.map((entry) => entry.title);
      expect(titles.slice(0, 2)).toEqual([
        `Volume cover: Volume ${volume.number} of ${count}`,
        'Index of dates',
      ]);
      expect(outline.slice(0, 2).map((entry) => entry.page)).toEqual([1, 2]);
      expect(titles.includes('Cover')).toBe(i === 0);
      expect(titles.includes('Attachment register')).toBe(i === count - 1);
      const days = flatten(outline.find((entry) => entry.title === 'Messages')!.items).filter((entry) =>
        /^\d\d \w+ \d{4}( \(continued\))?$/.test(entry.title),
      );
      expect(days.length).toBeGreaterThan(0);
      for (const day of days) {
        expect(day.page).toBeGreaterThan(FRONT_PAGES);
        expect(pages[day.page! - 1]).toContain(day.title);
      }
      expect(links.every((link) => link.page === 2)).toBe(true);
      expect(links.map((link) => link.target)).toEqual(days.map((day) => day.page));
    }
  });
});
