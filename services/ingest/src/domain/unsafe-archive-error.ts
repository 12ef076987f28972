// Why an uploaded ZIP was refused, as a code for programs and a sentence for the person who
// uploaded it. The sentences avoid ZIP jargon: the reader is a lawyer or a client, not an engineer.

import { formatInteger } from '@chatexhibit/proto/count-words';
import { EXPORT_AGAIN } from '@chatexhibit/proto/upload-refusals';

export type UnsafeArchiveReason =
  | 'not_a_zip'
  | 'empty_archive'
  | 'damaged'
  | 'checksum_mismatch'
  | 'size_mismatch'
  | 'too_large'
  | 'expands_too_much'
  | 'too_many_entries'
  | 'compression_ratio'
  | 'overlapping_entries'
  | 'path_traversal'
  | 'invalid_path'
  | 'symlink'
  | 'encrypted'
  | 'duplicate_path'
  | 'unsupported_compression';

export class UnsafeArchiveError extends Error {
  override readonly name = 'UnsafeArchiveError';

  constructor(
    readonly reason: UnsafeArchiveReason,
    message: string,
  ) {
    super(message);
  }
}

/** One constructor per reason, so each reason always comes with its own sentence. */
export const unsafeArchive = {
  notAZip: () => new UnsafeArchiveError('not_a_zip', `This file is not a ZIP archive. ${EXPORT_AGAIN}`),
  empty: () =>
    new UnsafeArchiveError(
      'empty_archive',
      'This ZIP archive contains no files. Export the chat again from WhatsApp.',
    ),
  damaged: () =>
    new UnsafeArchiveError('damaged', `This ZIP archive is damaged or incomplete. ${EXPORT_AGAIN}`),
  checksumMismatch: (path: string) =>
    new UnsafeArchiveError(
      'checksum_mismatch',
      `The file ${quote(path)} in this ZIP archive is damaged: its content does not match its checksum. ${EXPORT_AGAIN}`,
    ),
  sizeMismatch: (path: string) =>
    new UnsafeArchiveError(
      'size_mismatch',
      `The file ${quote(path)} in this ZIP archive is damaged: its size does not match the size the archive records for it. ${EXPORT_AGAIN}`,
    ),
  tooLarge: (maxBytes: number) =>
    new UnsafeArchiveError(
      'too_large',
      `This ZIP archive would unpack to more than ${formatBytes(maxBytes)}. It cannot be processed.`,
    ),
  expandsTooMuch: (archiveBytes: number, maxBytes: number) =>
    new UnsafeArchiveError(
      'expands_too_much',
      `This ZIP archive would unpack to more than ${formatBytes(maxBytes)}, far more than a chat export of its size (${formatBytes(archiveBytes)}) holds, which is a sign of a harmful archive. It cannot be processed.`,
    ),
  tooManyEntries: (maxEntries: number) =>
    new UnsafeArchiveError(
      'too_many_entries',
      `This ZIP archive contains more than ${formatInteger(maxEntries)} files and folders. It cannot be processed.`,
    ),
  compressionRatio: (path: string, maxRatio: number) =>
    new UnsafeArchiveError(
      'compression_ratio',
      `The file ${quote(path)} in this ZIP archive would unpack to more than ${maxRatio} times its packed size, which is a sign of a harmful archive. It cannot be processed.`,
    ),
  overlappingEntries: () =>
    new UnsafeArchiveError(
      'overlapping_entries',
      'This ZIP archive is built so that several files share the same data, which is a sign of a harmful archive. It cannot be processed.',
    ),
  pathTraversal: (path: string) =>
    new UnsafeArchiveError(
      'path_traversal',
      `This ZIP archive contains a file path that points outside the archive (${printable(path)}). It cannot be processed.`,
    ),
  invalidPath: (path: string) =>
    new UnsafeArchiveError(
      'invalid_path',
      `This ZIP archive contains a file name that is not allowed (${printable(path)}). It cannot be processed.`,
    ),
  symlink: (path: string) =>
    new UnsafeArchiveError(
      'symlink',
      `This ZIP archive contains a link to another location (${quote(path)}) instead of a file. It cannot be processed.`,
    ),
  encrypted: () =>
    new UnsafeArchiveError(
      'encrypted',
      'This archive is password-protected. Export the chat again from WhatsApp without a password.',
    ),
  duplicatePath: (path: string) =>
    new UnsafeArchiveError(
      'duplicate_path',
      `This ZIP archive contains the name ${quote(path)} more than once (names that differ only in capital letters count as the same). It cannot be processed.`,
    ),
  unsupportedCompression: (path: string) =>
    new UnsafeArchiveError(
      'unsupported_compression',
      `The file ${quote(path)} in this ZIP archive is compressed in a way that is not supported. Export the chat again from WhatsApp, or create the ZIP with your computer's built-in "Compress" feature.`,
    ),
};

function quote(path: string): string {
  return `"${printable(path)}"`;
}

/** A path longer than this is shortened in a sentence to its start and end. */
const LONGEST_QUOTED_PATH = 300;

/**
 * Control characters (a NUL in a name, say) would be invisible or break the sentence, and a path
 * of a thousand characters would bury it.
 */
function printable(text: string): string {
  const characters = [...text];
  const shortened =
    characters.length > LONGEST_QUOTED_PATH
      ? `${characters.slice(0, 200).join('')}…${characters.slice(-60).join('')}`
      : text;
  return shortened.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** Binary multiples with the labels people see in their file manager ("1 GB" for 1 GiB). */
function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? value : Math.round(value * 10) / 10;
  return `${rounded.toLocaleString('en-US')} ${UNITS[unit]}`;
}
