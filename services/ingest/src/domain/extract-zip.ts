// Unpacks an uploaded ZIP, treating it as hostile until every entry has been checked. All that can
// be checked from the archive's directory (names, links, encryption, methods, declared sizes,
// overlapping data) is checked before the first byte is handed to the caller; what only the data
// can tell (real sizes, checksums, broken compression) is checked while it streams.

import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { MAX_UNPACKED_SIZE, UNZIP_LIMITS } from '@chatexhibit/proto/constants';
import type { ZipEntryFacts, ZipFolderEntry } from '@chatexhibit/proto/storage-layout';
import { collisionKey, decodeEntryName, toEntryPath } from './entry-path';
import { EntryMeter } from './entry-meter';
import { UnsafeArchiveError, unsafeArchive } from './unsafe-archive-error';
import { zipEntryFacts } from './zip-entry-facts';

export interface UnzipLimits {
  maxEntries: number;
  maxTotalUncompressedBytes: number;
  /** Uncompressed over compressed size, per entry; only for entries above RATIO_CHECKED_ABOVE_BYTES. */
  maxCompressionRatio: number;
  /** The whole archive may unpack to its own size times this, plus expansionAllowanceBytes. */
  maxExpansionFactor: number;
  expansionAllowanceBytes: number;
}

/** A WhatsApp export has one chat text and at most a few thousand media files. */
export const DEFAULT_UNZIP_LIMITS: UnzipLimits = {
  maxEntries: UNZIP_LIMITS.maxEntries,
  maxTotalUncompressedBytes: UNZIP_LIMITS.maxTotalUncompressedBytes,
  maxCompressionRatio: UNZIP_LIMITS.maxCompressionRatio,
  maxExpansionFactor: MAX_UNPACKED_SIZE.uploadFactor,
  expansionAllowanceBytes: MAX_UNPACKED_SIZE.allowanceBytes,
};

/** Small text files legitimately compress far beyond any sane ratio; only big ones can hurt. */
export const RATIO_CHECKED_ABOVE_BYTES = UNZIP_LIMITS.ratioCheckedAboveBytes;

export interface ExtractedEntry {
  /** '/'-separated, NFC-normalised, as stored in the archive. */
  path: string;
  size: number;
  /** Hex SHA-256 of the uncompressed content. */
  sha256: string;
  zip: ZipEntryFacts;
}

/** Everything the ZIP holds: the file entries (extracted) and the folder entries (only listed). */
export interface ExtractedArchive {
  files: ExtractedEntry[];
  folders: ZipFolderEntry[];
}

export type WriteEntry = (entryPath: string, content: Readable) => Promise<void>;

/**
 * Opens the ZIP at zipPath, validates every entry, and streams each file entry's bytes to
 * writeEntry (which must consume the stream), hashing and counting them as they pass. Folder
 * entries are not extracted, only listed. Returns both kinds in ZIP order, each with what the
 * central directory says about it. Throws UnsafeArchiveError on any
 * problem with the archive, and writeEntry's own error if it fails; either way the caller deletes
 * whatever it wrote.
 */
export async function extractZip(
  zipPath: string,
  writeEntry: WriteEntry,
  limits: Partial<UnzipLimits> = {},
): Promise<ExtractedArchive> {
  // Field by field, so that a limit passed as undefined falls back to its default, not to no limit.
  const effectiveLimits: UnzipLimits = {
    maxEntries: limits.maxEntries ?? DEFAULT_UNZIP_LIMITS.maxEntries,
    maxTotalUncompressedBytes:
      limits.maxTotalUncompressedBytes ?? DEFAULT_UNZIP_LIMITS.maxTotalUncompressedBytes,
    maxCompressionRatio: limits.maxCompressionRatio ?? DEFAULT_UNZIP_LIMITS.maxCompressionRatio,
    maxExpansionFactor: limits.maxExpansionFactor ?? DEFAULT_UNZIP_LIMITS.maxExpansionFactor,
    expansionAllowanceBytes: limits.expansionAllowanceBytes ?? DEFAULT_UNZIP_LIMITS.expansionAllowanceBytes,
  };
  await assertZipSignature(zipPath);
  const zipFile = await fromArchive(() =>
    // Names stay raw bytes (decodeEntryName decides how to read them); sizes and CRCs are checked
    // by EntryMeter, so that they are checked for every entry in the same way.
    yauzl.openPromise(zipPath, { autoClose: false, decodeStrings: false, validateEntrySizes: false }),
  );
  try {
    const entries = await readEntries(zipFile, effectiveLimits);
    if (!entries.some((entry) => !entry.isDirectory)) throw unsafeArchive.empty();
    await assertNoOverlappingData(zipFile, entries);
    const extracted: ExtractedArchive = { files: [], folders: [] };
    for (const entry of entries) {
      if (entry.isDirectory) extracted.folders.push({ path: entry.path, zip: entry.facts });
      else extracted.files.push(await extractEntry(zipFile, entry, writeEntry));
    }
    return extracted;
  } finally {
    zipFile.close();
  }
}

interface CheckedEntry {
  entry: Entry;
  path: string;
  isDirectory: boolean;
  facts: ZipEntryFacts;
}

const LOCAL_FILE_HEADER = Buffer.from('PK\x03\x04', 'latin1');
const END_OF_EMPTY_ARCHIVE = Buffer.from('PK\x05\x06', 'latin1');

/** A renamed PDF or photo is told apart from a damaged ZIP by its first bytes. */
async function assertZipSignature(zipPath: string): Promise<void> {
  const file = await open(zipPath, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    if (bytesRead < 4 || !(buffer.equals(LOCAL_FILE_HEADER) || buffer.equals(END_OF_EMPTY_ARCHIVE))) {
      throw unsafeArchive.notAZip();
    }
  } finally {
    await file.close();
  }
}

/** yauzl and zlib errors are about the archive's bytes; they become "damaged" for the user. */
async function fromArchive<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw asUnsafeArchiveError(error);
  }
}

function asUnsafeArchiveError(error: unknown): UnsafeArchiveError {
  if (error instanceof UnsafeArchiveError) return error;
  // yauzl refuses general-purpose bit 6 itself, before the entry reaches us.
  if (error instanceof Error && /strong encryption/.test(error.message)) return unsafeArchive.encrypted();
  return unsafeArchive.damaged();
}

const ENCRYPTED_FLAG = 0x1;
const STORED = 0;
const DEFLATED = 8;
const FILE_TYPE_MASK = 0o170000;
const SYMBOLIC_LINK = 0o120000;

async function readEntries(zipFile: ZipFile, limits: UnzipLimits): Promise<CheckedEntry[]> {
  // The count comes from the end record, so a flood of entries is refused before any is read.
  if (zipFile.entryCount > limits.maxEntries) throw unsafeArchive.tooManyEntries(limits.maxEntries);
  const checked: CheckedEntry[] = [];
  const names = new NameRegistry();
  // Declared sizes are a promise EntryMeter holds each entry to while it inflates, so the bytes
  // written never exceed this either (by more than one chunk).
  const expansionLimit = zipFile.fileSize * limits.maxExpansionFactor + limits.expansionAllowanceBytes;
  let declaredTotal = 0;
  await fromArchive(async () => {
    for await (const entry of zipFile.eachEntry()) {
      const { path, isDirectory } = toEntryPath(decodeEntryName(entry.fileNameRaw));
      // Bit 6 (strong encryption) never gets here: see asUnsafeArchiveError.
      if (entry.generalPurposeBitFlag & ENCRYPTED_FLAG) throw unsafeArchive.encrypted();
      // The Unix file type sits in the upper 16 bits of the external attributes.
      if (((entry.externalFileAttributes >>> 16) & FILE_TYPE_MASK) === SYMBOLIC_LINK) {
        throw unsafeArchive.symlink(path);
      }
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
        throw unsafeArchive.unsupportedCompression(path);
      }
      names.add(path, isDirectory);
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.maxTotalUncompressedBytes) {
        throw unsafeArchive.tooLarge(limits.maxTotalUncompressedBytes);
      }
      if (declaredTotal > expansionLimit) {
        throw unsafeArchive.expandsTooMuch(zipFile.fileSize, expansionLimit);
      }
      if (
        entry.uncompressedSize > RATIO_CHECKED_ABOVE_BYTES &&
        entry.uncompressedSize > entry.compressedSize * limits.maxCompressionRatio
      ) {
        throw unsafeArchive.compressionRatio(path, limits.maxCompressionRatio);
      }
      checked.push({ entry, path, isDirectory, facts: zipEntryFacts(entry, checked.length) });
    }
  });
  return checked;
}

/**
 * Refuses a name that another entry already has, or would have on a case-insensitive filesystem,
 * including a file where another entry needs a folder ("a" and "a/b").
 */
class NameRegistry {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  add(path: string, isDirectory: boolean): void {
    const segments = path.split('/');
    for (let depth = 1; depth < segments.length; depth++) {
      this.addFolder(segments.slice(0, depth).join('/'));
    }
    if (isDirectory) {
      this.addFolder(path);
      return;
    }
    const key = collisionKey(path);
    if (this.files.has(key) || this.folders.has(key)) throw unsafeArchive.duplicatePath(path);
    this.files.add(key);
  }

  /** A folder may be named many times (explicitly and as every file's parent). */
  private addFolder(path: string): void {
    const key = collisionKey(path);
    if (this.files.has(key)) throw unsafeArchive.duplicatePath(path);
    this.folders.add(key);
  }
}

/**
 * Entries whose local header and data overlap another's let a small archive unpack to a huge one
 * (David Fifield's "better zip bomb") and mean the directory does not describe the bytes honestly.
 */
async function assertNoOverlappingData(zipFile: ZipFile, entries: readonly CheckedEntry[]): Promise<void> {
  const ranges: { start: number; end: number }[] = [];
  for (const { entry } of entries) {
    const { fileDataStart } = await fromArchive(() =>
      zipFile.readLocalFileHeaderPromise(entry, { minimal: true }),
    );
    ranges.push({ start: entry.relativeOffsetOfLocalHeader, end: fileDataStart + entry.compressedSize });
  }
  ranges.sort((a, b) => a.start - b.start);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i].start < ranges[i - 1].end) throw unsafeArchive.overlappingEntries();
  }
}

class WriterReturnedEarly extends Error {}

async function extractEntry(
  zipFile: ZipFile,
  { entry, path, facts }: CheckedEntry,
  writeEntry: WriteEntry,
): Promise<ExtractedEntry> {
  const source = await fromArchive(() => zipFile.openReadStreamPromise(entry));
  const meter = new EntryMeter(path, entry.uncompressedSize, entry.crc32);
  // A failure on either side is passed on to the other, so only the first one says whose it was.
  let failedFirst: 'archive' | 'writer' | undefined;
  source.once('error', () => (failedFirst ??= 'archive'));
  meter.once('error', () => (failedFirst ??= 'writer'));
  const piping = pipeline(source, meter);
  // A writer that gives up, or returns without reading to the end, would otherwise leave the
  // pipeline waiting on back-pressure for ever.
  const writing = (async () => writeEntry(path, meter))().finally(() => {
    if (!meter.readableEnded) meter.destroy(new WriterReturnedEarly());
  });
  const [piped, written] = await Promise.allSettled([piping, writing]);
  if (piped.status === 'rejected') {
    // EntryMeter's own findings, then broken data (truncated, bad compression) from yauzl or zlib.
    if (piped.reason instanceof UnsafeArchiveError) throw piped.reason;
    if (failedFirst === 'archive') throw asUnsafeArchiveError(piped.reason);
  }
  if (written.status === 'rejected') throw written.reason;
  if (piped.status === 'rejected') {
    if (piped.reason instanceof WriterReturnedEarly) {
      throw new Error(`writeEntry returned before reading "${path}" to the end.`);
    }
    throw piped.reason;
  }
  return { path, size: meter.size, sha256: meter.sha256, zip: facts };
}
