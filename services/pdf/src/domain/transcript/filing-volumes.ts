// The court-filing copy split into volumes for a court's per-file size limit: each volume a
// PDF/A-2b file of the filing copy's own pages, page for page (the same layout, the same "Page X
// of Y" and Bates numbers), after its front matter: a volume cover and an index of dates, which
// are not pages of the transcript and carry no Bates number.

import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { hashFile } from '@chatexhibit/kit/streams/hash-file';
import { bytes, countOf } from '../export-counts';
import type { TextLayout } from '../text/text-layout';
import { FontSet } from '../text/font-set';
import { type PlannedVolume, splitIntoVolumes, type VolumeToRender } from '../volumes/split-into-volumes';
import { batesNumber } from './bates';
import { transcriptFurniture } from './page-furniture';
import { formatRecordedDate, formatRecordedMoment } from './time-zone';
import { documentContext } from './transcript-context';
import { documentInfo, runningHeader, TRANSCRIPT_TITLE } from './transcript-copies';
import {
  type CopySetup,
  createDocument,
  type OutlineOptions,
  PAGE,
  PastWindowError,
  TRANSCRIPT_COPIES,
  type TranscriptCopy,
  TwinPages,
} from './twin-pages';
import { FRONT_MATTER, type VolumeListing, VolumeFrontPages } from './volume-pages';
import { layOutTranscript, type TranscriptInput } from './write-transcripts';

/** The folder of the volumes, beside the unsplit documents, and the checksum list in it. */
export const FILING_VOLUMES_FOLDER = 'filing-volumes';
export const VOLUME_CHECKSUMS_FILE = 'SHA256SUMS.txt';

/** A size limit per file, and the court that sets it when it is a known one. */
export interface SizeLimit {
  maxFileBytes: number;
  court: string | null;
}

/** The unsplit filing copy, as written: the volumes are cut from its pages. */
export interface UnsplitFilingCopy {
  sizeBytes: number;
  pageCount: number;
  sha256: string;
}

/**
 * What a volume says of itself for the others' covers: the messages with any part on its pages
 * (a row that runs over a page break between volumes is in both) and their recorded days.
 */
export interface TranscriptVolumeAbout {
  messages: { first: number; last: number } | null;
  days: { first: string; last: string } | null;
}

export interface FilingVolume {
  file: string;
  sha256: string;
  sizeBytes: number;
  number: number;
  /** Its pages of the filing copy, numbered as there (and as its page labels number them). */
  pages: { first: number; last: number };
  /** The numbers of the first and last message with any part on those pages; null when none has. */
  messages: { first: number; last: number } | null;
  /** Its own page count: the front matter and the filing copy's pages. */
  pageCount: number;
  /** The Bates numbers of its first and last page of the filing copy; null without Bates numbers. */
  bates: { first: string; last: string } | null;
}

/**
 * Splits the court-filing copy's pages into volumes under `limit.maxFileBytes` each, written into
 * `dir` with their SHA-256 values listed in `SHA256SUMS.txt` (as `sha256sum -c` reads it). Each
 * volume is laid out from the transcript's first page, as the unsplit copy was, and keeps the
 * pages of its window: the unsplit copy's pages, so a page or Bates number cites the same page in
 * either. One volume's pages are in memory at a time.
 */
export async function writeFilingVolumes(
  input: TranscriptInput,
  layout: TextLayout,
  limit: SizeLimit,
  dir: string,
  unsplit: UnsplitFilingCopy,
): Promise<FilingVolume[]> {
  const { facts } = input.source;
  await mkdir(dir, { recursive: true });
  const volumes = await splitIntoVolumes<TranscriptVolumeAbout>({
    itemCount: unsplit.pageCount,
    maxFileBytes: limit.maxFileBytes,
    estimate: { bytes: unsplit.sizeBytes, items: unsplit.pageCount },
    nameItem: (position) => `page ${position + 1} of ${PACKAGE_PATHS.filingTranscript}`,
    render: async (volume) => {
      const file = path.join(dir, volumeFileName(volume.number, volume.count));
      const written = await writeFilingVolume(input, layout, limit, unsplit, volume, createWriteStream(file));
      return { file, ...written };
    },
  });
  const written = await Promise.all(
    volumes.map(async (volume): Promise<FilingVolume> => {
      const { sha256 } = await hashFile(volume.file);
      const bates = batesRange(facts, volume.range);
      return {
        file: volume.file,
        sha256,
        sizeBytes: volume.sizeBytes,
        number: volume.number,
        pages: { first: volume.range.from + 1, last: volume.range.to },
        messages: volume.about.messages,
        pageCount: volume.pageCount,
        bates: bates === null ? null : { first: bates[0], last: bates[1] },
      };
    }),
  );
  await writeFile(
    path.join(dir, VOLUME_CHECKSUMS_FILE),
    written.map((volume) => `${volume.sha256}  ${path.basename(volume.file)}\n`).join(''),
  );
  return written;
}

/** "transcript-filing-volume-02-of-05.pdf"; a trial, whose count is not yet known, "….trial.pdf". */
export function volumeFileName(number: number, count: number | null): string {
  const digits = Math.max(2, String(count ?? number).length);
  const padded = (n: number) => String(n).padStart(digits, '0');
  const stem = path.basename(PACKAGE_PATHS.filingTranscript, '.pdf');
  return count === null
    ? `${stem}-volume-${padded(number)}.trial.pdf`
    : `${stem}-volume-${padded(number)}-of-${padded(count)}.pdf`;
}

/**
 * Writes one volume to `out`: its front matter, then pages `range.from + 1` to `range.to` of the
 * filing copy, laid out from the first page with only the filing copy drawn (the native copy's
 * texts still take their room, as in the unsplit layout) and the pages before the window thrown
 * away. Resolves to its page count and what it says of itself.
 */
async function writeFilingVolume(
  input: TranscriptInput,
  layout: TextLayout,
  limit: SizeLimit,
  unsplit: UnsplitFilingCopy,
  volume: VolumeToRender<TranscriptVolumeAbout>,
  out: Writable,
): Promise<{ pageCount: number; about: TranscriptVolumeAbout }> {
  const { facts } = input.source;
  const name =
    volume.count === null ? `Volume ${volume.number}` : `Volume ${volume.number} of ${volume.count}`;
  const made = { creator: `ChatExhibit ${input.toolVersion}`, createdAt: input.generatedAt };
  const filing = documentInfo(facts, 'filing', made);
  const info = {
    ...filing,
    title: `${filing.title.replace(/\)$/, '')}, ${name.toLowerCase()})`,
    subject: `${name} of the court-filing copy: its pages ${volume.range.from + 1} to ${volume.range.to}, split for a size limit of ${bytes(limit.maxFileBytes)} per file. ${filing.subject}`,
  };
  const doc = createDocument(info, true);
  doc.pipe(out);
  frontMatterPages(doc, name);
  const window = { first: volume.range.from + 1, last: volume.range.to, pageCount: unsplit.pageCount };
  const setup = { filing: { info, pdfA: true } } as Record<TranscriptCopy, CopySetup>;
  const pages = new TwinPages(layout, setup, FontSet.shared(), TRANSCRIPT_COPIES, {
    ...window,
    into: { filing: doc } as Record<TranscriptCopy, PDFKit.PDFDocument>,
  });
  const context = documentContext(
    { ...input, onProgress: () => {} },
    pages,
    transcriptFurniture(facts),
    null,
  );
  const front = new VolumeFrontPages(pages, context.furniture);
  try {
    await layOutTranscript(context);
  } catch (error) {
    // The window's last page is drawn: what would go on the next is another volume's.
    if (!(error instanceof PastWindowError)) throw error;
  }
  context.furniture.footers();
  const about = { messages: front.messageRange, days: front.dayRange };
  const bates = batesRange(facts, volume.range);
  const total = input.summary.counts.entries;
  const set = [...volume.set.filter((other) => other.number !== volume.number), { ...volume, about }]
    .sort((a, b) => a.number - b.number)
    .map((listed) => listing(facts, listed, total));
  front.finish({
    header: runningHeader(facts),
    title: TRANSCRIPT_TITLE,
    subtitle: `Court-filing copy (PDF/A-2b) · ${name}`,
    number: volume.number,
    rows: [
      ['Split from', `${PACKAGE_PATHS.filingTranscript}, ${countOf(unsplit.pageCount, 'page')}`],
      [`${PACKAGE_PATHS.filingTranscript} SHA-256`, unsplit.sha256],
      ['Source file', facts.originalFilename],
      ['Source SHA-256', facts.fileHash],
      [
        'Pages in this volume',
        `${window.first} to ${window.last} of ${unsplit.pageCount}, numbered as in ${PACKAGE_PATHS.filingTranscript}`,
      ],
      [
        'Bates numbers',
        bates === null ? 'none' : `${bates[0]} to ${bates[1]}, as in ${PACKAGE_PATHS.filingTranscript}`,
      ],
      [
        'Messages on these pages',
        about.messages === null
          ? 'none'
          : `${messageRange(about.messages, total)} of ${total.toLocaleString('en-US')}`,
      ],
      [
        'Recorded dates',
        about.days === null
          ? 'none'
          : `${formatRecordedDate(about.days.first)} to ${formatRecordedDate(about.days.last)}`,
      ],
      [
        'Size limit',
        `${bytes(limit.maxFileBytes)} per file${limit.court === null ? '' : ` (${limit.court})`}`,
      ],
    ],
    paragraphs: [
      `This volume holds pages ${window.first} to ${window.last} of the court-filing copy, ` +
        `${PACKAGE_PATHS.filingTranscript}, split in order into ` +
        `${volume.count === null ? 'volumes' : countOf(volume.count, 'volume')} that each stay under the size limit. ` +
        `Each of those pages is the unsplit copy's page, unchanged: the same "Page X of Y"` +
        `${bates === null ? '' : ' and the same Bates number'}, so a page${bates === null ? '' : ' or Bates'} ` +
        'citation names the same page in the unsplit copy and in its volume. Every page is in exactly one ' +
        "volume; a message whose row runs from one volume's last page onto the next volume's first is named by both.",
      `This cover and the index of dates that follows are the volume's front matter, not pages of the ` +
        `transcript: they carry no ${bates === null ? 'page' : 'Bates'} number of it, and a PDF reader numbers them i and ii ` +
        'and the pages after them as they are printed.',
    ],
    set,
    footer: `${name} · front matter, not part of the ${bates === null ? '' : 'Bates-numbered '}transcript`,
  });
  setPageLabels(doc, window.first);
  const pageCount = doc.bufferedPageRange().count;
  pages.end();
  await finished(out);
  return { pageCount, about };
}

/** The volume's first pages, its cover and its index, and their bookmarks, ahead of everything else. */
function frontMatterPages(doc: PDFKit.PDFDocument, name: string): void {
  // The page width as left puts the destination at 0 (see TwinPages.bookmark).
  const top: OutlineOptions = { top: PAGE.top, left: PAGE.width };
  doc.outline.addItem(`Volume cover: ${name}`, top);
  doc.addPage();
  doc.outline.addItem('Index of dates', top);
  if (doc.bufferedPageRange().count !== FRONT_MATTER.pages) throw new Error('front matter miscounted');
}

/**
 * The page labels a PDF reader shows (PDF 32000-1 12.4.2): the front matter i, ii; then the
 * filing copy's pages as they are printed, from `firstPage`. pdfkit has no call for it.
 */
function setPageLabels(doc: PDFKit.PDFDocument, firstPage: number): void {
  const root = (doc as unknown as { _root: { data: Record<string, unknown> } })._root;
  root.data.PageLabels = { Nums: [0, { S: 'r' }, FRONT_MATTER.pages, { S: 'D', St: firstPage }] };
}

function listing(
  facts: TranscriptInput['source']['facts'],
  volume: Pick<PlannedVolume<TranscriptVolumeAbout>, 'number' | 'range' | 'about'>,
  total: number,
): VolumeListing {
  const bates = batesRange(facts, volume.range);
  const { messages, days } = volume.about;
  const date = (day: string) => formatRecordedMoment(day, false);
  return {
    number: volume.number,
    pages: `pages ${volume.range.from + 1}–${volume.range.to}`,
    bates: bates === null ? null : `${bates[0]}–${bates[1]}`,
    contents: [
      messages === null ? 'no messages' : `messages ${messageRange(messages, total)}`,
      ...(days === null ? [] : [`${date(days.first)} to ${date(days.last)}`]),
    ].join(' · '),
  };
}

/** "0412–0440". */
const messageRange = ({ first, last }: { first: number; last: number }, total: number): string =>
  `${messageNumber(first, total)}–${messageNumber(last, total)}`;

/** The Bates numbers of the filing copy's pages `from + 1` to `to`; null without numbers. */
function batesRange(
  facts: TranscriptInput['source']['facts'],
  { from, to }: { from: number; to: number },
): [string, string] | null {
  const first = batesNumber(facts, from + 1, 'filing');
  return first === null ? null : [first, batesNumber(facts, to, 'filing')!];
}
