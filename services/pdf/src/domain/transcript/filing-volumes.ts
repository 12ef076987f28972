// The court-filing copy split into volumes for a court's per-file size limit: each volume a
// PDF/A-2b file of its own with a volume cover, an index of dates, bookmarks, and page and Bates
// numbers that continue across the set. Volume 1 keeps the transcript's cover, the last volume
// the attachment register.

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
import { type PlannedVolume, splitIntoVolumes, type VolumeToRender } from '../volumes/split-into-volumes';
import { writeAttachmentRegister } from './attachment-register';
import { batesNumber } from './bates';
import { writeCoverPages } from './cover-writer';
import { MessageRows } from './message-rows';
import { formatRecordedDate, formatRecordedMoment } from './time-zone';
import { documentContext } from './transcript-context';
import { transcriptFurniture } from './page-furniture';
import { copyStatement, documentInfo, runningHeader, TRANSCRIPT_TITLE } from './transcript-copies';
import { type CopySetup, type TranscriptCopy, TwinPages } from './twin-pages';
import { type VolumeListing, VolumeFrontPages } from './volume-pages';
import type { TranscriptInput } from './write-transcripts';

/** The folder of the volumes, beside the unsplit documents, and the checksum list in it. */
export const FILING_VOLUMES_FOLDER = 'filing-volumes';
export const VOLUME_CHECKSUMS_FILE = 'SHA256SUMS.txt';

/** A size limit per file, and the court that sets it when it is a known one. */
export interface SizeLimit {
  maxFileBytes: number;
  court: string | null;
}

/** What a volume says of itself for the others' covers: its messages' numbers and recorded days. */
export interface TranscriptVolumeAbout {
  first: number;
  last: number;
  firstDay: string;
  lastDay: string;
}

export interface FilingVolume {
  file: string;
  sha256: string;
  sizeBytes: number;
  number: number;
  /** The numbers of its first and last message. */
  messages: { first: number; last: number };
  pageCount: number;
  /** Its first and last Bates number; null without Bates numbers. */
  bates: { first: string; last: string } | null;
}

/**
 * Splits the court-filing copy into volumes under `limit.maxFileBytes` each, written into `dir`
 * with their SHA-256 values listed in `SHA256SUMS.txt` (as `sha256sum -c` reads it).
 * `unsplitBytes` is the size of the unsplit filing copy, from which the first volume is guessed.
 */
export async function writeFilingVolumes(
  input: TranscriptInput,
  layout: TextLayout,
  limit: SizeLimit,
  dir: string,
  unsplitBytes: number,
): Promise<FilingVolume[]> {
  const { facts } = input.source;
  const total = input.summary.counts.entries;
  await mkdir(dir, { recursive: true });
  const volumes = await splitIntoVolumes<TranscriptVolumeAbout>({
    itemCount: total,
    maxFileBytes: limit.maxFileBytes,
    estimate: { bytes: unsplitBytes, items: total },
    nameItem: (position) => `message ${messageNumber(position + 1, total)}`,
    render: async (volume) => {
      const file = path.join(dir, volumeFileName(volume.number, volume.count));
      const written = await writeFilingVolume(input, layout, limit, volume, createWriteStream(file));
      return { file, ...written };
    },
  });
  const written = await Promise.all(
    volumes.map(async (volume): Promise<FilingVolume> => {
      const { sha256 } = await hashFile(volume.file);
      const bates = batesRange(facts, volume);
      return {
        file: volume.file,
        sha256,
        sizeBytes: volume.sizeBytes,
        number: volume.number,
        messages: { first: volume.about.first, last: volume.about.last },
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

/** Writes one volume of the filing copy to `out`; resolves to its page count and what it says of itself. */
async function writeFilingVolume(
  input: TranscriptInput,
  layout: TextLayout,
  limit: SizeLimit,
  volume: VolumeToRender<TranscriptVolumeAbout>,
  out: Writable,
): Promise<{ pageCount: number; about: TranscriptVolumeAbout }> {
  const { facts } = input.source;
  const total = input.summary.counts.entries;
  const name =
    volume.count === null ? `Volume ${volume.number}` : `Volume ${volume.number} of ${volume.count}`;
  const made = { creator: `ChatExhibit ${input.toolVersion}`, createdAt: input.generatedAt };
  const filing = documentInfo(facts, 'filing', made);
  // Only the filing copy is split: it is the one copy set up.
  const pages = new TwinPages(layout, {
    filing: {
      info: {
        ...filing,
        title: `${filing.title.replace(/\)$/, '')}, ${name.toLowerCase()})`,
        subject: `${name} of the court-filing copy, split for a size limit of ${bytes(limit.maxFileBytes)} per file. ${filing.subject}`,
      },
      pdfA: true,
    },
  } as Record<TranscriptCopy, CopySetup>);
  pages.documents.filing.pipe(out);
  const context = documentContext(
    { ...input, onProgress: () => {} },
    pages,
    {
      ...transcriptFurniture(facts),
      header: runningHeader(facts, name),
      bates: (page) => batesNumber(facts, volume.pagesBefore + page, 'filing'),
    },
    null,
  );
  const front = new VolumeFrontPages(pages, context.furniture, name);
  const days: string[] = [];
  const noteDay = context.furniture.onDay;
  context.furniture.onDay = (day) => {
    days.push(day);
    noteDay(day);
  };
  if (volume.number === 1) writeCoverPages(context, TRANSCRIPT_TITLE, copyStatement, input.cover.sections);
  const rows = new MessageRows(context);
  rows.begin();
  let position = 0;
  let drawn = null as { first: number; last: number } | null;
  messages: for await (const page of input.source.messages()) {
    for (const message of page) {
      if (position >= volume.range.to) break messages;
      if (position >= volume.range.from) {
        await rows.row(message);
        drawn = { first: drawn?.first ?? message.index, last: message.index };
      } else {
        rows.skip(message);
      }
      position += 1;
    }
  }
  rows.finish();
  if (drawn === null) throw new RangeError(`Volume ${volume.number} holds no messages.`);
  const last = volume.range.to === total;
  if (last) writeAttachmentRegister(context);
  context.furniture.footers();
  const pageCount = front.pageCount;
  const sorted = [...days].sort();
  const about = { ...drawn, firstDay: sorted[0]!, lastDay: sorted.at(-1)! };
  const own = {
    number: volume.number,
    range: volume.range,
    pagesBefore: volume.pagesBefore,
    pageCount,
    about,
  };
  const bates = batesRange(facts, own);
  front.finish({
    title: TRANSCRIPT_TITLE,
    subtitle: `Court-filing copy (PDF/A-2b) · ${name}`,
    number: volume.number,
    rows: [
      ['Source file', facts.originalFilename],
      ['Source SHA-256', facts.fileHash],
      [
        'Messages in this volume',
        `${messageRange(about, total)}: ${countOf(about.last - about.first + 1, 'numbered entry', 'numbered entries')} of ${total.toLocaleString('en-US')}`,
      ],
      ['Recorded dates', `${formatRecordedDate(about.firstDay)} to ${formatRecordedDate(about.lastDay)}`],
      ['Pages', `${pageCount}, numbered 1 to ${pageCount} in this volume`],
      ['Bates numbers', bates === null ? 'none' : `${bates[0]} to ${bates[1]}`],
      [
        'Size limit',
        `${bytes(limit.maxFileBytes)} per file${limit.court === null ? '' : ` (${limit.court})`}`,
      ],
    ],
    paragraphs: [
      `This volume is part of the court-filing copy, ${PACKAGE_PATHS.filingTranscript}, split in ` +
        `order into ${volume.count === null ? 'volumes' : countOf(volume.count, 'volume')} that each stay under the size ` +
        `limit. Every message is in exactly one volume; volume 1 also carries the transcript's cover, ` +
        'and the last volume the attachment register. Page numbers count the pages of each volume; ' +
        (bates === null
          ? ''
          : 'the Bates numbers run on from one volume to the next with no gap and no repeat. ') +
        `A message's number is the same in every copy, but its page${bates === null ? '' : ' and Bates'} ` +
        `numbers here are not those of ${PACKAGE_PATHS.filingTranscript}, which numbers its pages as one document.`,
    ],
    set: [...volume.set.filter((other) => other.number !== volume.number), own]
      .sort((a, b) => a.number - b.number)
      .map((listed) => listing(facts, listed, total)),
  });
  pages.end();
  await finished(out);
  return { pageCount, about };
}

function listing(
  facts: TranscriptInput['source']['facts'],
  volume: PlannedVolume<TranscriptVolumeAbout>,
  total: number,
): VolumeListing {
  const bates = batesRange(facts, volume);
  const date = (day: string) => formatRecordedMoment(day, false);
  return {
    number: volume.number,
    items: `messages ${messageRange(volume.about, total)}`,
    dates: `${date(volume.about.firstDay)} to ${date(volume.about.lastDay)}`,
    bates: bates === null ? null : `${bates[0]}–${bates[1]}`,
  };
}

/** "0412–0440". */
const messageRange = ({ first, last }: { first: number; last: number }, total: number): string =>
  `${messageNumber(first, total)}–${messageNumber(last, total)}`;

/** A volume's first and last Bates numbers, continuing the volumes before it; null without numbers. */
function batesRange(
  facts: TranscriptInput['source']['facts'],
  { pagesBefore, pageCount }: { pagesBefore: number; pageCount: number },
): [string, string] | null {
  const first = batesNumber(facts, pagesBefore + 1, 'filing');
  return first === null ? null : [first, batesNumber(facts, pagesBefore + pageCount, 'filing')!];
}
