// An exhibit split into volumes for its spec's court profile: each volume of exhibit.pdf (and of
// its sealed copy, from the same layout, so volume k of both holds the same pages) holds the
// exhibit's own pages with their page and Bates numbers, after a cover and an index of dates.

import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { EXHIBIT_PATHS, volumeFileName } from '@chatexhibit/proto/exhibit-files';
import { pageOverLimitSentence } from '@chatexhibit/proto/exhibit-spec';
import { bytes } from '../export-counts';
import { countOf } from '@chatexhibit/proto/count-words';
import type { TextLayout } from '../text/text-layout';
import { splitIntoVolumes, type VolumeToRender } from '../volumes/split-into-volumes';
import { RowStarts } from '../transcript/row-starts';
import { type CopySetup, textIn } from '../transcript/twin-pages';
import {
  contentRows,
  frontMatterFooter,
  frontMatterText,
  samePagesText,
  type VolumeContents,
  volumeListing,
  writeVolumeWindow,
} from '../transcript/volume-pages';
import { type ExhibitCopy, exhibitBates, exhibitHeader, hasSealedCopy, sealedMark } from './exhibit-cover';
import { namedCourtProfile, sizeLimitWords } from './exhibit-wording';
import { SealedContinuation } from './sealed-continuation';
import { exhibitContext, type ExhibitInput, exhibitSetup, layOutExhibit } from './write-exhibit';

/** Each copy's file of the unsplit exhibit, whose pages the volumes hold. */
const COPY_FILES: Record<ExhibitCopy, string> = {
  exhibit: EXHIBIT_PATHS.exhibit,
  sealed: EXHIBIT_PATHS.sealed,
};

/** A volume's file, and the file of the unsplit exhibit whose pages it holds. */
export interface VolumeFile {
  file: string;
  splitFrom: string;
}

/**
 * Splits the exhibit's pages (`pageCount` of them, `sizeBytes` the larger copy's file) into
 * volumes whose files, in every copy, stay under `maxFileBytes`, written into `dir`. Resolves to
 * their file names in `dir`, volume by volume, the exhibit's before the sealed copy's.
 */
export async function writeExhibitVolumes(
  input: ExhibitInput,
  layout: TextLayout,
  maxFileBytes: number,
  unsplit: { pageCount: number; sizeBytes: number },
  dir: string,
): Promise<VolumeFile[]> {
  const copies: ExhibitCopy[] = hasSealedCopy(input.plan) ? ['exhibit', 'sealed'] : ['exhibit'];
  const rowStarts = new RowStarts();
  const continuation = new SealedContinuation(input.plan);
  const volumes = await splitIntoVolumes<VolumeContents>({
    itemCount: unsplit.pageCount,
    maxFileBytes,
    estimate: { bytes: unsplit.sizeBytes, items: unsplit.pageCount },
    refusal: ({ position, about, sizeBytes }) =>
      pageOverLimitSentence(
        {
          document: EXHIBIT_PATHS.exhibit,
          page: position + 1,
          messages: about.messages,
          pictures: about.pictures,
          totalMessages: input.plan.totalMessages,
          sizeBytes,
          maxFileBytes,
        },
        'exhibit',
      ),
    render: async (volume) => {
      const files = copies.map((copy) => volumeFileName(COPY_FILES[copy], volume.number, volume.count));
      const out = {
        exhibit: createWriteStream(path.join(dir, files[0]!)),
        ...(files[1] !== undefined && { sealed: createWriteStream(path.join(dir, files[1])) }),
      } as Record<ExhibitCopy, Writable>;
      const written = await writeExhibitVolume(
        input,
        layout,
        maxFileBytes,
        unsplit.pageCount,
        rowStarts,
        continuation,
        volume,
        out,
      );
      return {
        files: files.map((file) => path.join(dir, file)),
        pageCount: written.pageCount,
        about: written.contents,
      };
    },
  });
  return volumes.flatMap((volume) =>
    volume.files.map((file, index) => ({ file: path.basename(file), splitFrom: COPY_FILES[copies[index]!] })),
  );
}

/** One volume of the exhibit, in each of its copies: the same pages, the same front matter. */
function writeExhibitVolume(
  input: ExhibitInput,
  layout: TextLayout,
  maxFileBytes: number,
  pageCount: number,
  rowStarts: RowStarts,
  continuation: SealedContinuation,
  volume: VolumeToRender<VolumeContents>,
  out: Record<ExhibitCopy, Writable>,
) {
  const { plan, source } = input;
  const name =
    volume.count === null ? `Volume ${volume.number}` : `Volume ${volume.number} of ${volume.count}`;
  const [first, last] = [volume.range.from + 1, volume.range.to];
  const setup = Object.fromEntries(
    Object.entries(exhibitSetup(input)).map(([copy, { info, ...rest }]) => [
      copy,
      {
        ...rest,
        info: {
          ...info,
          title: `${info.title}, ${name.toLowerCase()}`,
          subject: `${name}: pages ${first} to ${last} of ${COPY_FILES[copy as ExhibitCopy]}, split for a size limit of ${bytes(maxFileBytes)} per file. ${info.subject}`,
        },
      },
    ]),
  ) as Record<ExhibitCopy, CopySetup>;
  const batesOf = (page: number) => exhibitBates(plan, plan.spec.batesStart ?? 1, page);
  const batesRange = ({ from, to }: { from: number; to: number }): [string, string] | null => {
    const [a, b] = [batesOf(from + 1), batesOf(to)];
    return a === null || b === null ? null : [textIn(a, 'exhibit'), textIn(b, 'exhibit')];
  };
  const bates = batesRange(volume.range);
  const sealed = hasSealedCopy(plan);
  const holds = (file: string) =>
    `This volume holds pages ${first} to ${last} of ${file}, split in order into ` +
    `${volume.count === null ? 'volumes' : countOf(volume.count, 'volume')} that each stay under the size limit` +
    `${sealed ? '; volume by volume, the redacted and the sealed copies hold the same pages (the sealed copy\u2019s last volume ends with its pages of its own)' : ''}. ` +
    samePagesText(bates !== null);
  return writeVolumeWindow(
    layout,
    { name, first, last, pageCount, setup, out, laidOut: null, rowStarts },
    (pages) => exhibitContext(input, pages),
    (context) => layOutExhibit(context, input, continuation),
    (contents) => ({
      header: exhibitHeader(plan, source, input.transcript.source.facts),
      title: plan.spec.label,
      subtitle: sealed
        ? { exhibit: `Redacted exhibit (PDF/A-2b) · ${name}`, sealed: `${sealedMark(plan)} · ${name}` }
        : `Exhibit (PDF/A-2b) · ${name}`,
      number: volume.number,
      rows: [
        [
          'Split from',
          `${sealed ? `${EXHIBIT_PATHS.exhibit} and ${EXHIBIT_PATHS.sealed}` : EXHIBIT_PATHS.exhibit}, ${countOf(pageCount, 'page')}`,
        ],
        [
          'Pages in this volume',
          `${first} to ${last} of ${pageCount}, numbered as in ${EXHIBIT_PATHS.exhibit}`,
        ],
        [
          'Bates numbers',
          bates === null
            ? 'none'
            : `${bates[0]} to ${bates[1]}, as in ${EXHIBIT_PATHS.exhibit}${sealed ? ' (with "-S" in the sealed copy)' : ''}`,
        ],
        ...contentRows(contents, plan.totalMessages, plan.included),
        [
          'Size limit',
          `${sizeLimitWords(maxFileBytes)} per file, court profile: ${namedCourtProfile(plan.spec.courtProfile).name}`,
        ],
      ],
      paragraphs: [
        sealed
          ? { exhibit: holds(EXHIBIT_PATHS.exhibit), sealed: holds(EXHIBIT_PATHS.sealed) }
          : holds(EXHIBIT_PATHS.exhibit),
        frontMatterText('exhibit', bates !== null),
      ],
      set: [...volume.set.filter((other) => other.number !== volume.number), { ...volume, about: contents }]
        .sort((a, b) => a.number - b.number)
        .map((listed) => volumeListing(listed, batesRange(listed.range), plan.totalMessages, plan.included)),
      footer: frontMatterFooter(name, 'exhibit', bates !== null),
    }),
  );
}
