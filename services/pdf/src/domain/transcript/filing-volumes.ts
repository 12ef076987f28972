// The court-filing copy split into volumes for a court's per-file size limit: each volume a
// PDF/A-2b file of the filing copy's own pages, page for page (the same layout, the same "Page X
// of Y" and Bates numbers), after its front matter: a volume cover and an index of dates, which
// are not pages of the transcript and carry no Bates number.

import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { volumeFileName } from '@chatexhibit/proto/exhibit-files';
import { pageOverLimitSentence } from '@chatexhibit/proto/exhibit-spec';
import { hashFile } from '@chatexhibit/kit/streams/hash-file';
import { bytes } from '../export-counts';
import { countOf } from '@chatexhibit/proto/count-words';
import type { TextLayout } from '../text/text-layout';
import { splitIntoVolumes, type VolumeToRender } from '../volumes/split-into-volumes';
import { batesNumber } from './bates';
import { RowStarts } from './row-starts';
import { transcriptFurniture } from './page-furniture';
import { documentContext } from './transcript-context';
import { documentInfo, runningHeader, TRANSCRIPT_TITLE } from './transcript-copies';
import { type CopySetup, TRANSCRIPT_COPIES, type TranscriptCopy } from './twin-pages';
import {
  contentRows,
  frontMatterFooter,
  frontMatterText,
  samePagesText,
  type VolumeContents,
  volumeListing,
  writeVolumeWindow,
} from './volume-pages';
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

export interface FilingVolume {
  file: string;
  sha256: string;
  sizeBytes: number;
  number: number;
  /** Its pages of the filing copy, numbered as there (and as its page labels number them). */
  pages: { first: number; last: number };
  /** The numbers of the first and last message with any part on those pages; null when none has. */
  messages: { first: number; last: number } | null;
  /** The Bates numbers of its first and last page of the filing copy; null without Bates numbers. */
  bates: { first: string; last: string } | null;
}

/**
 * Splits the court-filing copy's pages into volumes under `limit.maxFileBytes` each, written into
 * `dir` with their SHA-256 values listed in `SHA256SUMS.txt` (as `sha256sum -c` reads it). Each
 * volume keeps the pages of its window of the transcript's layout, the unsplit copy's, so a page
 * or Bates number cites the same page in either. One volume's pages are in memory at a time.
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
  const rowStarts = new RowStarts();
  const volumes = await splitIntoVolumes<VolumeContents>({
    itemCount: unsplit.pageCount,
    maxFileBytes: limit.maxFileBytes,
    estimate: { bytes: unsplit.sizeBytes, items: unsplit.pageCount },
    refusal: ({ position, about, sizeBytes }) =>
      pageOverLimitSentence(
        {
          document: PACKAGE_PATHS.filingTranscript,
          page: position + 1,
          messages: about.messages,
          pictures: about.pictures,
          totalMessages: input.summary.counts.entries,
          sizeBytes,
          maxFileBytes: limit.maxFileBytes,
        },
        'conversion',
      ),
    render: async (volume) => {
      const file = path.join(
        dir,
        volumeFileName(PACKAGE_PATHS.filingTranscript, volume.number, volume.count),
      );
      const out = createWriteStream(file);
      const written = await writeFilingVolume(input, layout, limit, unsplit, rowStarts, volume, out);
      return { files: [file], ...written };
    },
  });
  const written = await Promise.all(
    volumes.map(async (volume): Promise<FilingVolume> => {
      const [file] = volume.files as [string];
      const { sha256 } = await hashFile(file);
      const bates = batesRange(facts, volume.range);
      return {
        file,
        sha256,
        sizeBytes: volume.sizeBytes,
        number: volume.number,
        pages: { first: volume.range.from + 1, last: volume.range.to },
        messages: volume.about.messages,
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

/**
 * Writes one volume to `out`: its front matter, then pages `range.from + 1` to `range.to` of the
 * filing copy, with only the filing copy drawn (the native copy's texts still take their room, as
 * in the unsplit layout). Resolves to its page count and what it says of itself.
 */
async function writeFilingVolume(
  input: TranscriptInput,
  layout: TextLayout,
  limit: SizeLimit,
  unsplit: UnsplitFilingCopy,
  rowStarts: RowStarts,
  volume: VolumeToRender<VolumeContents>,
  out: Writable,
): Promise<{ pageCount: number; about: VolumeContents }> {
  const { facts } = input.source;
  const name =
    volume.count === null ? `Volume ${volume.number}` : `Volume ${volume.number} of ${volume.count}`;
  const made = { creator: `ChatExhibit ${input.toolVersion}`, createdAt: input.generatedAt };
  const filing = documentInfo(input.source, 'filing', made);
  const info = {
    ...filing,
    title: `${filing.title.replace(/\)$/, '')}, ${name.toLowerCase()})`,
    subject: `${name} of the court-filing copy: its pages ${volume.range.from + 1} to ${volume.range.to}, split for a size limit of ${bytes(limit.maxFileBytes)} per file. ${filing.subject}`,
  };
  const [first, last] = [volume.range.from + 1, volume.range.to];
  const bates = batesRange(facts, volume.range);
  const total = input.summary.counts.entries;
  const { pageCount, contents } = await writeVolumeWindow(
    layout,
    {
      name,
      first,
      last,
      pageCount: unsplit.pageCount,
      // Only the filing copy is drawn; the native copy's texts take their room as in the unsplit layout.
      setup: { filing: { info, pdfA: true } } as Record<TranscriptCopy, CopySetup>,
      out: { filing: out } as Record<TranscriptCopy, Writable>,
      laidOut: TRANSCRIPT_COPIES,
      rowStarts,
    },
    (pages) =>
      documentContext({ ...input, onProgress: () => {} }, pages, transcriptFurniture(input.source), null),
    layOutTranscript,
    (about) => ({
      header: runningHeader(input.source),
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
          `${first} to ${last} of ${unsplit.pageCount}, numbered as in ${PACKAGE_PATHS.filingTranscript}`,
        ],
        [
          'Bates numbers',
          bates === null ? 'none' : `${bates[0]} to ${bates[1]}, as in ${PACKAGE_PATHS.filingTranscript}`,
        ],
        ...contentRows(about, total),
        [
          'Size limit',
          `${bytes(limit.maxFileBytes)} per file${limit.court === null ? '' : ` (${limit.court})`}`,
        ],
      ],
      paragraphs: [
        `This volume holds pages ${first} to ${last} of the court-filing copy, ` +
          `${PACKAGE_PATHS.filingTranscript}, split in order into ` +
          `${volume.count === null ? 'volumes' : countOf(volume.count, 'volume')} that each stay under the size limit. ` +
          samePagesText(bates !== null),
        frontMatterText('transcript', bates !== null),
      ],
      set: [...volume.set.filter((other) => other.number !== volume.number), { ...volume, about }]
        .sort((a, b) => a.number - b.number)
        .map((listed) => volumeListing(listed, batesRange(facts, listed.range), total)),
      footer: frontMatterFooter(name, 'transcript', bates !== null),
    }),
  );
  return { pageCount, about: contents };
}

/** The Bates numbers of the filing copy's pages `from + 1` to `to`; null without numbers. */
function batesRange(
  facts: TranscriptInput['source']['facts'],
  { from, to }: { from: number; to: number },
): [string, string] | null {
  const first = batesNumber(facts, from + 1, 'filing');
  return first === null ? null : [first, batesNumber(facts, to, 'filing')!];
}
