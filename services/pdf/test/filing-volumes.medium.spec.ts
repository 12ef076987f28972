import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messageNumber } from '@chatexhibit/proto/message-number';
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

/** Every bookmark, depth first. */
const flatten = (entries: readonly PdfjsOutlineEntry[]): PdfjsOutlineEntry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.items)]);

/**
 * The court-filing copy of a 40,000-message chat split for a 1 MB limit, read back with pdf.js:
 * the files, their page and Bates numbers, bookmarks and index links, and where each message went.
 */
describe('filing copy split into volumes', () => {
  let dir: string;
  let volumes: FilingVolume[];
  /** Each volume as pdf.js reads it: its pages' text, its bookmarks and its links. */
  let readings: (PdfjsReading & { links: PdfjsLink[] })[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-volumes-'));
    const messages = generateMessages(MESSAGES);
    const { filing } = await writeChatTranscripts(messages, GENERATED_SENDERS, dir);
    const unsplit = (await stat(filing)).size;
    expect(unsplit).toBeGreaterThan(3 * LIMIT);
    volumes = await writeFilingVolumes(
      await chatTranscriptInput(messages, GENERATED_SENDERS),
      new TextLayout(FontSet.shared()),
      { maxFileBytes: LIMIT, court: null },
      path.join(dir, 'volumes'),
      unsplit,
    );
    readings = [];
    for (const volume of volumes) {
      readings.push({ ...(await readWithPdfjs(volume.file)), links: await readLinks(volume.file) });
    }
  }, 600_000);
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

  it('puts every message in exactly one volume, in order, and numbers the pages on with no gap', async () => {
    let nextMessage = 1;
    let pagesBefore = 0;
    for (const [i, volume] of volumes.entries()) {
      const { pages } = readings[i]!;
      expect(volume.messages.first).toBe(nextMessage);
      nextMessage = volume.messages.last + 1;
      expect(pages).toHaveLength(volume.pageCount);
      pages.forEach((text, i) => {
        expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
        expect(text).toContain(`CHAT${String(pagesBefore + i + 1).padStart(6, '0')}`);
      });
      // A message's row starts with its number, time and source line ("04112 09:00 L4112");
      // the covers and a row continued on a new page name numbers too, but never so.
      const rows = [...pages.join('\n').matchAll(/^(\d+) \d\d:\d\d L\d+/gm)].map((row) => Number(row[1]));
      expect(rows).toEqual(
        Array.from(
          { length: volume.messages.last - volume.messages.first + 1 },
          (_, i) => volume.messages.first + i,
        ),
      );
      pagesBefore += pages.length;
    }
    expect(nextMessage).toBe(MESSAGES + 1);
  });

  it('gives every volume a cover, an index whose links reach each day, and bookmarks that point into it', async () => {
    for (const [i, volume] of volumes.entries()) {
      const { pages, outline, links } = readings[i]!;
      const count = volumes.length;
      expect(pages[0]).toContain(`Volume ${volume.number} of ${count}`);
      const [first, last] = [volume.messages.first, volume.messages.last].map((n) =>
        messageNumber(n, MESSAGES),
      );
      expect(pages[0]).toContain(`Messages in this volume ${first}–${last}`);
      expect(pages[0]).toContain('a'.repeat(64));
      for (const other of volumes) {
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
      expect(titles.includes('Cover')).toBe(i === 0);
      expect(titles.includes('Attachment register')).toBe(i === count - 1);
      const days = flatten(outline.find((entry) => entry.title === 'Messages')!.items).filter((entry) =>
        /^\d\d \w+ \d{4}$/.test(entry.title),
      );
      expect(days.length).toBeGreaterThan(0);
      for (const day of days) expect(pages[day.page! - 1]).toContain(day.title);

      expect(links.every((link) => link.page === 2)).toBe(true);
      expect(links.map((link) => link.target)).toEqual(days.map((day) => day.page));
    }
  });
});
