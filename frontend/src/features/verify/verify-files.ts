import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { BlobReader, configure, type FileEntry, ZipReader } from '@zip.js/zip.js/index-native.js';
import {
  CHECKSUM_LIST_NAMES,
  type ChecksumList,
  ChecksumListError,
  parseChecksumList,
} from './checksum-list';
import { sha256OfStream } from './sha256';

// Entries are inflated by the browser's own DecompressionStream, on this thread: no worker
// script to load, so the page works offline and under a strict content security policy.
configure({ useWebWorkers: false, useCompressionStream: true });

/**
 * - match: the file's SHA-256 equals that of every list that names it;
 * - mismatch: it differs from a list's, so the file is not the one that list names;
 * - missing: a list names it and the package lacks it;
 * - unlisted: no list names it, so nothing vouches for it.
 */
export type FileStatus = 'match' | 'mismatch' | 'missing' | 'unlisted';

export type ListName = ChecksumList['name'];

export interface FileCheck {
  /** The path the lists give (or the file's own name when no list has one for it). */
  path: string;
  status: FileStatus;
  /** The list the status is about: the one the file fails, or else the first that names it. */
  list: ListName | null;
  expected: string | null;
  actual: string | null;
}

/** A file whose SHA-256 the signed declaration states, as computed now. */
export interface StatedHash {
  path: string;
  sha256: string;
}

export interface VerifyReport {
  /** A whole evidence package, or single files checked against its lists. */
  mode: 'package' | 'files';
  /** The lists the files were checked against: SHA256SUMS first, then manifest.json. */
  lists: ListName[];
  checks: FileCheck[];
  /** From manifest.json when there is one: the uploaded export's SHA-256. */
  uploadSha256: string | null;
  /**
   * The files whose SHA-256 the declaration states (manifest.json, the processing record, the two
   * transcripts), computed now: a file changed together with both lists differs only from these.
   */
  stated: StatedHash[];
}

/** Bytes hashed so far, of `total`. */
export type OnProgress = (done: number, total: number) => void;

/** Why nothing could be checked: a sentence for the page. */
export class VerifyError extends Error {}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The files the declaration's hash values section names, in its order. */
const STATED_IN_DECLARATION: readonly string[] = [
  PACKAGE_PATHS.processingRecord,
  PACKAGE_PATHS.manifest,
  PACKAGE_PATHS.transcript,
  PACKAGE_PATHS.filingTranscript,
];

const NO_LIST =
  'Add the package’s SHA256SUMS or manifest.json: without it there is nothing to compare the files with.';

/**
 * Checks what was dropped on the page: one ZIP is an evidence package whose every file is checked
 * against both its SHA256SUMS and its manifest.json (a file changed with its line in one list
 * still fails the other); several files are checked against the lists among them, by file name.
 */
export async function verifyFiles(files: readonly File[], onProgress: OnProgress): Promise<VerifyReport> {
  const [only] = files;
  const packageZip = files.length === 1 && only !== undefined && /\.zip$/i.test(only.name);
  try {
    return packageZip ? await verifyPackage(only, onProgress) : await verifySingleFiles(files, onProgress);
  } catch (error) {
    if (error instanceof VerifyError) throw error;
    if (error instanceof ChecksumListError) throw new VerifyError(error.message);
    throw new VerifyError(
      packageZip
        ? 'This ZIP file could not be read: it is damaged, or it is not a ZIP file.'
        : 'The files could not be read.',
    );
  }
}

/** What the lists record for one path, in the lists' order. */
type Recorded = Array<{ list: ListName; sha256: string }>;

/** Every path the lists name, SHA256SUMS's order first, with what each list records for it. */
function recordedPaths(lists: readonly ChecksumList[]): Map<string, Recorded> {
  const recorded = new Map<string, Recorded>();
  for (const list of lists)
    for (const { path, sha256 } of list.files) {
      const entry = recorded.get(path) ?? [];
      entry.push({ list: list.name, sha256 });
      recorded.set(path, entry);
    }
  return recorded;
}

/** A file's check against every list that records it: the first list it fails decides. */
function checkAgainst(path: string, recorded: Recorded, actual: string | null): FileCheck {
  const [first] = recorded;
  if (actual === null)
    return { path, status: 'missing', list: first?.list ?? null, expected: first?.sha256 ?? null, actual };
  const failed = recorded.find(({ sha256 }) => sha256 !== actual);
  return failed
    ? { path, status: 'mismatch', list: failed.list, expected: failed.sha256, actual }
    : { path, status: 'match', list: first?.list ?? null, expected: first?.sha256 ?? null, actual };
}

const statedHashes = (checks: readonly FileCheck[]): StatedHash[] =>
  STATED_IN_DECLARATION.flatMap((path) => {
    const actual = checks.find((check) => check.path === path)?.actual;
    return actual ? [{ path, sha256: actual }] : [];
  });

async function verifyPackage(zip: File, onProgress: OnProgress): Promise<VerifyReport> {
  const reader = new ZipReader(new BlobReader(zip));
  try {
    const entries = (await reader.getEntries()).filter((entry): entry is FileEntry => !entry.directory);
    // The package's folder: its root, or one folder when someone zipped the unzipped folder again.
    const listEntry = CHECKSUM_LIST_NAMES.map((name) =>
      entries
        .filter((entry) => baseName(entry.filename) === name && entry.filename.split('/').length <= 2)
        .sort((a, b) => a.filename.length - b.filename.length)
        .at(0),
    ).find((entry) => entry !== undefined);
    if (!listEntry)
      throw new VerifyError(
        'This ZIP holds no SHA256SUMS or manifest.json, so there is nothing to check its files against. Is it a ChatExhibit evidence package?',
      );
    const root = listEntry.filename.slice(0, listEntry.filename.length - baseName(listEntry.filename).length);
    const inPackage = new Map(
      entries
        .filter((entry) => entry.filename.startsWith(root))
        .map((e) => [e.filename.slice(root.length), e]),
    );
    const lists: ChecksumList[] = [];
    for (const name of CHECKSUM_LIST_NAMES) {
      const entry = inPackage.get(name);
      if (entry) lists.push(parseChecksumList(name, await readText(entry)));
    }
    const recorded = recordedPaths(lists);
    const total = [...recorded.keys()].reduce(
      (sum, path) => sum + (inPackage.get(path)?.uncompressedSize ?? 0),
      0,
    );
    let done = 0;
    onProgress(done, total);
    const checks: FileCheck[] = [];
    for (const [path, records] of recorded) {
      const entry = inPackage.get(path);
      const actual = entry ? await hashEntry(entry, (bytes) => onProgress((done += bytes), total)) : null;
      checks.push(checkAgainst(path, records, actual));
    }
    for (const path of inPackage.keys())
      if (!recorded.has(path) && path !== PACKAGE_PATHS.checksums)
        checks.push({ path, status: 'unlisted', list: null, expected: null, actual: null });
    return {
      mode: 'package',
      lists: lists.map((list) => list.name),
      checks,
      uploadSha256: lists.find((list) => list.uploadSha256 !== null)?.uploadSha256 ?? null,
      stated: statedHashes(checks),
    };
  } finally {
    await reader.close();
  }
}

async function verifySingleFiles(files: readonly File[], onProgress: OnProgress): Promise<VerifyReport> {
  const listFiles = CHECKSUM_LIST_NAMES.flatMap((name) =>
    files.filter((file) => file.name === name).slice(0, 1),
  );
  if (listFiles.length === 0) throw new VerifyError(NO_LIST);
  const lists: ChecksumList[] = [];
  for (const file of listFiles) lists.push(parseChecksumList(file.name, await file.text()));
  // manifest.json dropped with SHA256SUMS is a list and also a file SHA256SUMS vouches for.
  const checked = files.filter((file) => file !== listFiles[0]);
  if (checked.length === 0)
    throw new VerifyError(`Add the files to check: only ${listFiles[0]!.name} was dropped.`);

  const recorded = recordedPaths(lists);
  const total = checked.reduce((sum, file) => sum + file.size, 0);
  let done = 0;
  onProgress(done, total);
  const checks: FileCheck[] = [];
  for (const file of checked) {
    const actual = await sha256OfStream(file.stream(), file.size, (bytes) =>
      onProgress((done += bytes), total),
    );
    // A single file has lost its folder: the listed paths of the same name are its candidates.
    const candidates = [...recorded].filter(([path]) => baseName(path) === file.name);
    const same = candidates.find(([, records]) => records.some(({ sha256 }) => sha256 === actual));
    const [only] = candidates;
    if (same) checks.push(checkAgainst(same[0], same[1], actual));
    else if (only && candidates.length === 1) checks.push(checkAgainst(only[0], only[1], actual));
    else if (only)
      checks.push({ path: file.name, status: 'mismatch', list: only[1][0]!.list, expected: null, actual });
    else checks.push({ path: file.name, status: 'unlisted', list: null, expected: null, actual });
  }
  return {
    mode: 'files',
    lists: lists.map((list) => list.name),
    checks,
    uploadSha256: lists.find((list) => list.uploadSha256 !== null)?.uploadSha256 ?? null,
    stated: statedHashes(checks),
  };
}

async function readText(entry: FileEntry): Promise<string> {
  return new TextDecoder().decode(await entry.arrayBuffer());
}

async function hashEntry(entry: FileEntry, onBytes: (bytes: number) => void): Promise<string> {
  const { readable, writable } = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>();
  const [hex] = await Promise.all([
    sha256OfStream(readable, entry.uncompressedSize, onBytes),
    entry.getData(writable),
  ]);
  return hex;
}
