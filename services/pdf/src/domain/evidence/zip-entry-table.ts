// The upload's ZIP entries as its central directory describes them: for manifest.json, the
// processing record and the dates the evidence package gives the original files.

import {
  type ExportEntry,
  ZIP_CREATOR_SYSTEMS,
  type ZipEntryFacts,
  type ZipFolderEntry,
} from '@chatexhibit/proto/storage-layout';
import { originalPackagePath } from './package-paths';
import { formatInteger, countOf } from '@chatexhibit/proto/count-words';
import { formatRecorded, keepTogether, showInvisible, wrap, wrapPath } from './plain-text';

/** One entry of the upload's ZIP, file or folder. */
export interface ZipEntryRow {
  /** Path inside the ZIP as safe unzip read it; a folder's ends with '/'. */
  path: string;
  kind: 'file' | 'folder';
  /** Uncompressed size (0 for a folder). */
  sizeBytes: number;
  /** null for entries stored before ingest recorded what the directory says. */
  zip: ZipEntryFacts | null;
}

export const ZIP_ENTRIES_NOTE =
  "The upload's ZIP entries in the order of its central directory, as written there. 'modified' is " +
  "the entry's DOS date and time: the local time of the machine that made the ZIP, without a zone, " +
  "in 2-second steps. 'modifiedUtc' is the UTC time of an extended-timestamp or NTFS extra field, " +
  "where the entry has one. 'creatorSystem' is the system the ZIP program declares (the high byte " +
  "of 'version made by'). null: not recorded. The files under original/ carry their entry's " +
  "'modified' time inside this package.";

/** The entries in central-directory order; entries stored without facts last, as listed. */
export function zipEntryRows(
  entries: readonly ExportEntry[],
  folders: readonly ZipFolderEntry[],
): ZipEntryRow[] {
  const rows: ZipEntryRow[] = [
    ...entries.map((entry): ZipEntryRow => ({
      path: entry.path,
      kind: 'file',
      sizeBytes: entry.size,
      zip: entry.zip ?? null,
    })),
    ...folders.map((folder): ZipEntryRow => ({
      path: `${folder.path}/`,
      kind: 'folder',
      sizeBytes: 0,
      zip: folder.zip,
    })),
  ];
  const order = (row: ZipEntryRow): number => row.zip?.order ?? Number.MAX_SAFE_INTEGER;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => order(a.row) - order(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

export const compressionName = (method: number): string =>
  method === 0 ? 'stored' : method === 8 ? 'deflated' : `method ${method}`;

export const creatorSystemName = (system: number): string =>
  ZIP_CREATOR_SYSTEMS[system] ?? `system ${system}`;

/** The table as manifest.json lists it. */
export const manifestZipEntries = (rows: readonly ZipEntryRow[]) =>
  rows.map(({ path, kind, sizeBytes, zip }) => ({
    order: zip?.order ?? null,
    path,
    kind,
    sizeBytes,
    compressedSizeBytes: zip?.compressedSize ?? null,
    compression: zip === null ? null : compressionName(zip.compressionMethod),
    crc32: zip?.crc32 ?? null,
    modified: zip?.modified ?? null,
    modifiedUtc: zip?.modifiedUtc ?? null,
    creatorSystem: zip === null ? null : creatorSystemName(zip.creatorSystem),
    creatorSystemId: zip?.creatorSystem ?? null,
  }));

/** The table as plain-text lines of at most 80 columns, for the package's texts (joined by toText). */
export function zipEntryTableLines(rows: readonly ZipEntryRow[]): string[] {
  const lines = [
    ...wrap(
      `The upload's ZIP holds ${countOf(rows.length, 'entry', 'entries')}, listed in the order of its central directory. Times are the entries' own DOS times: the local time of the machine that made the ZIP, without a zone. UTC is given where an extra field records it.`,
    ),
    '',
  ];
  rows.forEach(({ path, kind, sizeBytes, zip }, index) => {
    const number = `${index + 1}.`.padEnd(5);
    lines.push(
      ...wrapPath(showInvisible(kind === 'folder' ? `${path} (folder)` : path), `  ${number} `, '        '),
    );
    const details =
      zip === null
        ? ['not recorded (stored before ChatExhibit recorded ZIP entry details)']
        : [
            `modified ${formatRecorded(zip.modified, true)}${zip.modified === null ? ' (no valid DOS date)' : ''}${zip.modifiedUtc === null ? '' : `, UTC ${keepTogether(zip.modifiedUtc.slice(0, 19).replace('T', ' '))}`};`,
            `${compressionName(zip.compressionMethod)},`,
            `${keepTogether(countOf(sizeBytes, 'byte'))}`,
            `(${keepTogether(`${formatInteger(zip.compressedSize)} compressed`)});`,
            `CRC-32 ${zip.crc32};`,
            `made on ${keepTogether(creatorSystemName(zip.creatorSystem))}.`,
          ];
    lines.push(...wrap(details.join(' '), { indent: '        ' }));
  });
  return lines;
}

/**
 * The time each original file keeps inside the evidence package: its entry's DOS time, written
 * back into the same DOS fields (archiver writes a Date's UTC fields, so the wall-clock time is
 * passed as UTC). Files without a recorded time are left out: the package dates them as it does
 * its own files.
 */
export function originalEntryDates(entries: readonly ExportEntry[]): Map<string, Date> {
  const dates = new Map<string, Date>();
  for (const entry of entries) {
    const modified = entry.zip?.modified;
    if (modified) dates.set(originalPackagePath(entry.path), new Date(`${modified}Z`));
  }
  return dates;
}
