// Every kind of hostile or broken upload is refused with its own reason and a sentence its uploader
// can act on, and nothing of it reaches the writer unless only its data could show the problem.

import type { Readable } from 'node:stream';
import { extractZip, type UnzipLimits } from '../src/domain/extract-zip';
import { UnsafeArchiveError, type UnsafeArchiveReason } from '../src/domain/unsafe-archive-error';
import { type HostileZipKind, writeHostileZip } from './support/hostile-zips';
import { TempDirs } from './support/temp-dirs';

const temp = new TempDirs();
afterEach(() => temp.removeAll());

// A file that is no ZIP, or only part of one, is told how to get a whole one.
const EXPORT_AGAIN =
  "Export the chat again from WhatsApp (in the chat: ⋮ › More › Export chat on Android, or the chat's name › Export Chat on an iPhone) and upload the ZIP it makes, unchanged.";
const NOT_A_ZIP = `This file is not a ZIP archive. ${EXPORT_AGAIN}`;
const DAMAGED = `This ZIP archive is damaged or incomplete. ${EXPORT_AGAIN}`;
const PASSWORD =
  'This archive is password-protected. Export the chat again from WhatsApp without a password.';
const harmful = (what: string) => `${what}, which is a sign of a harmful archive. It cannot be processed.`;
const outside = (path: string) =>
  `This ZIP archive contains a file path that points outside the archive (${path}). It cannot be processed.`;
const notAllowed = (path: string) =>
  `This ZIP archive contains a file name that is not allowed (${path}). It cannot be processed.`;
const twice = (path: string) =>
  `This ZIP archive contains the name "${path}" more than once (names that differ only in capital letters count as the same). It cannot be processed.`;
const sizeMismatch = (path: string) =>
  `The file "${path}" in this ZIP archive is damaged: its size does not match the size the archive records for it. ${EXPORT_AGAIN}`;
const unsupported = (path: string) =>
  `The file "${path}" in this ZIP archive is compressed in a way that is not supported. Export the chat again from WhatsApp, or create the ZIP with your computer's built-in "Compress" feature.`;

type Case = [HostileZipKind, UnsafeArchiveReason, string, Partial<UnzipLimits>?];

const cases: Case[] = [
  ['a text file renamed .zip', 'not_a_zip', NOT_A_ZIP],
  ['a PDF renamed .zip', 'not_a_zip', NOT_A_ZIP],
  ['a PNG renamed .zip', 'not_a_zip', NOT_A_ZIP],
  ['an empty file', 'not_a_zip', NOT_A_ZIP],
  ['a file of just "PK"', 'not_a_zip', NOT_A_ZIP],
  ['a self-extracting program', 'not_a_zip', NOT_A_ZIP],

  [
    'an archive with no entries',
    'empty_archive',
    'This ZIP archive contains no files. Export the chat again from WhatsApp.',
  ],
  [
    'an archive with only folders',
    'empty_archive',
    'This ZIP archive contains no files. Export the chat again from WhatsApp.',
  ],

  ['an archive cut in half', 'damaged', DAMAGED],
  ['an archive cut before its directory', 'damaged', DAMAGED],
  ['an archive with garbage inserted in the middle', 'damaged', DAMAGED],
  ['a deflated entry whose compressed data is garbage', 'damaged', DAMAGED],
  [
    'a stored entry with one byte changed',
    'checksum_mismatch',
    `The file "_chat.txt" in this ZIP archive is damaged: its content does not match its checksum. ${EXPORT_AGAIN}`,
  ],
  [
    'an entry whose declared CRC-32 is wrong',
    'checksum_mismatch',
    `The file "_chat.txt" in this ZIP archive is damaged: its content does not match its checksum. ${EXPORT_AGAIN}`,
  ],
  ['a deflated entry longer than declared (a lying bomb)', 'size_mismatch', sizeMismatch('photo.jpg')],
  ['a stored entry shorter than declared', 'size_mismatch', sizeMismatch('_chat.txt')],

  [
    'an entry declared at 4 GB',
    'too_large',
    'This ZIP archive would unpack to more than 1 GB. It cannot be processed.',
  ],
  [
    'entries adding up to over 1,000 bytes',
    'too_large',
    'This ZIP archive would unpack to more than 1,000 bytes. It cannot be processed.',
    { maxTotalUncompressedBytes: 1000 },
  ],
  [
    '1,000 entries of 1 MiB of zeros in 1.1 MB',
    'expands_too_much',
    harmful(
      'This ZIP archive would unpack to more than 34.2 MB, far more than a chat export of its size (1.1 MB) holds',
    ),
  ],
  [
    'a 2 MB entry compressed over 200 times',
    'compression_ratio',
    harmful('The file "zeros.bin" in this ZIP archive would unpack to more than 200 times its packed size'),
  ],
  [
    'an entry declared at 2 MB with no data',
    'compression_ratio',
    harmful('The file "zeros.bin" in this ZIP archive would unpack to more than 200 times its packed size'),
  ],
  [
    '10,001 entries',
    'too_many_entries',
    'This ZIP archive contains more than 10,000 files and folders. It cannot be processed.',
  ],
  [
    'two directory records for the same data',
    'overlapping_entries',
    harmful('This ZIP archive is built so that several files share the same data'),
  ],
  [
    "an entry whose local record is inside another's data",
    'overlapping_entries',
    harmful('This ZIP archive is built so that several files share the same data'),
  ],

  ['a path starting with ../', 'path_traversal', outside('../evil.txt')],
  ['a path climbing out from a folder', 'path_traversal', outside('a/../../b.txt')],
  ['an absolute path', 'path_traversal', outside('/etc/passwd')],
  ['a drive letter with a backslash', 'path_traversal', outside('C:\\x.txt')],
  ['a drive letter with a slash', 'path_traversal', outside('C:/x.txt')],
  ['a backslash path climbing out', 'path_traversal', outside('media\\..\\..\\x.txt')],
  ['a network path', 'path_traversal', outside('\\\\server\\share\\x.txt')],
  ['a NUL byte in a name', 'invalid_path', notAllowed('photo.jpg\\u0000.txt')],
  ['an empty segment', 'invalid_path', notAllowed('media//photo.jpg')],
  ['a "." segment', 'invalid_path', notAllowed('./photo.jpg')],
  ['a segment of dots and spaces', 'invalid_path', notAllowed('media/.. /photo.jpg')],
  ['an empty name', 'invalid_path', notAllowed('')],
  ['a 256-byte segment', 'invalid_path', notAllowed(`${'a'.repeat(252)}.txt`)],
  // Its MP3's object key would pass S3's 1,024 bytes; shown by its start and end.
  ['a path too long to store', 'invalid_path', notAllowed(`${'m'.repeat(200)}…${'n'.repeat(55)}.opus`)],

  [
    'a symbolic link',
    'symlink',
    'This ZIP archive contains a link to another location ("link") instead of a file. It cannot be processed.',
  ],

  ['an encrypted entry', 'encrypted', PASSWORD],
  ['an AES-encrypted entry', 'encrypted', PASSWORD],
  ['a strongly encrypted entry', 'encrypted', PASSWORD],

  ['the same name twice', 'duplicate_path', twice('_chat.txt')],
  ['names differing only in case', 'duplicate_path', twice('media/photo.JPG')],
  ['the same name composed and decomposed', 'duplicate_path', twice('Caf\u00e9.jpg')],
  ['a name used for a file and a folder', 'duplicate_path', twice('media')],

  ['a bzip2-compressed entry', 'unsupported_compression', unsupported('_chat.txt')],
  ['an LZMA-compressed entry', 'unsupported_compression', unsupported('_chat.txt')],
];

/** Rejections only the data can reveal; all others are found before the writer sees anything. */
const FOUND_WHILE_STREAMING: ReadonlySet<UnsafeArchiveReason> = new Set([
  'checksum_mismatch',
  'size_mismatch',
  'damaged',
]);

describe('extractZip refuses', () => {
  // A rest parameter: with four named ones, jest would take the fourth for a done callback on rows
  // without limits.
  it.each(cases)('%s (%s)', async (...[kind, reason, message, limits]: Case) => {
    const zipPath = await writeHostileZip(await temp.create(), kind);
    const written: string[] = [];
    const writeEntry = async (path: string, content: Readable) => {
      written.push(path);
      for await (const _chunk of content);
    };

    const error = await extractZip(zipPath, writeEntry, limits).then(
      () => null,
      (rejection: unknown) => rejection,
    );

    expect(error).toBeInstanceOf(UnsafeArchiveError);
    expect(error).toMatchObject({ reason, message });
    if (!FOUND_WHILE_STREAMING.has(reason)) expect(written).toEqual([]);
  });
});
