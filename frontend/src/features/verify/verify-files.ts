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
 * - match: the file's SHA-256 equals the list's;
 * - mismatch: it differs, so the file is not the one the list names;
 * - missing: the list names it and the package lacks it;
 * - unlisted: the list does not name it, so nothing vouches for it.
 */
export type FileStatus = 'match' | 'mismatch' | 'missing' | 'unlisted';

export interface FileCheck {
  /** The path the list gives (or the file's own name when the list has none for it). */
  path: string;
  status: FileStatus;
  expected: string | null;
  actual: string | null;
}

export interface VerifyReport {
  /** A whole evidence package, or single files checked against its list. */
  mode: 'package' | 'files';
  list: ChecksumList['name'];
  checks: FileCheck[];
  /** From manifest.json when there is one: the uploaded export's SHA-256. */
  uploadSha256: string | null;
  /** SHA-256 of manifest.json as it is now, to compare with the transcript and declaration. */
  manifestSha256: string | null;
}

/** Bytes hashed so far, of `total`. */
export type OnProgress = (done: number, total: number) => void;

/** Why nothing could be checked: a sentence for the page. */
export class VerifyError extends Error {}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

const NO_LIST =
  'Add the package’s SHA256SUMS or manifest.json: without it there is nothing to compare the files with.';

/**
 * Checks what was dropped on the page: one ZIP is an evidence package whose every file is checked
 * against its SHA256SUMS (or, lacking it, manifest.json); several files are checked against the
 * list among them, by file name.
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
    const list = parseChecksumList(baseName(listEntry.filename), await readText(listEntry));
    const manifestEntry = inPackage.get(PACKAGE_PATHS.manifest);
    const uploadSha256 =
      list.uploadSha256 ?? (manifestEntry ? parseUploadSha256(await readText(manifestEntry)) : null);

    const listed = new Set(list.files.map((file) => file.path));
    const total = list.files.reduce(
      (sum, file) => sum + (inPackage.get(file.path)?.uncompressedSize ?? 0),
      0,
    );
    let done = 0;
    onProgress(done, total);
    const checks: FileCheck[] = [];
    let manifestSha256: string | null = null;
    for (const file of list.files) {
      const entry = inPackage.get(file.path);
      if (!entry) {
        checks.push({ path: file.path, status: 'missing', expected: file.sha256, actual: null });
        continue;
      }
      const actual = await hashEntry(entry, (bytes) => onProgress((done += bytes), total));
      if (file.path === PACKAGE_PATHS.manifest) manifestSha256 = actual;
      checks.push({
        path: file.path,
        status: actual === file.sha256 ? 'match' : 'mismatch',
        expected: file.sha256,
        actual,
      });
    }
    for (const path of inPackage.keys())
      if (!listed.has(path) && path !== list.name)
        checks.push({ path, status: 'unlisted', expected: null, actual: null });
    if (manifestSha256 === null && manifestEntry) manifestSha256 = await hashEntry(manifestEntry, () => {});
    return { mode: 'package', list: list.name, checks, uploadSha256, manifestSha256 };
  } finally {
    await reader.close();
  }
}

async function verifySingleFiles(files: readonly File[], onProgress: OnProgress): Promise<VerifyReport> {
  const listFile = CHECKSUM_LIST_NAMES.map((name) => files.find((file) => file.name === name)).find(
    (file) => file !== undefined,
  );
  if (!listFile) throw new VerifyError(NO_LIST);
  const list = parseChecksumList(listFile.name, await listFile.text());
  const manifestFile = files.find((file) => file.name === PACKAGE_PATHS.manifest);
  const uploadSha256 =
    list.uploadSha256 ?? (manifestFile ? parseUploadSha256(await manifestFile.text()) : null);
  const checked = files.filter((file) => file !== listFile);
  if (checked.length === 0)
    throw new VerifyError(`Add the files to check: only ${listFile.name} was dropped.`);

  const total = checked.reduce((sum, file) => sum + file.size, 0);
  let done = 0;
  onProgress(done, total);
  const checks: FileCheck[] = [];
  let manifestSha256: string | null = null;
  for (const file of checked) {
    const actual = await sha256OfStream(file.stream(), file.size, (bytes) =>
      onProgress((done += bytes), total),
    );
    if (file === manifestFile) manifestSha256 = actual;
    // A single file has lost its folder: the list's entries of the same name are its candidates.
    const candidates = list.files.filter((listed) => baseName(listed.path) === file.name);
    const same = candidates.find((listed) => listed.sha256 === actual);
    const [only] = candidates;
    if (same) checks.push({ path: same.path, status: 'match', expected: same.sha256, actual });
    else if (only)
      checks.push({
        path: candidates.length === 1 ? only.path : file.name,
        status: 'mismatch',
        expected: candidates.length === 1 ? only.sha256 : null,
        actual,
      });
    else checks.push({ path: file.name, status: 'unlisted', expected: null, actual });
  }
  return { mode: 'files', list: list.name, checks, uploadSha256, manifestSha256 };
}

/** The upload's SHA-256 from a manifest beside SHA256SUMS; null when it is not a readable manifest. */
function parseUploadSha256(text: string): string | null {
  try {
    return parseChecksumList(PACKAGE_PATHS.manifest, text).uploadSha256;
  } catch {
    return null;
  }
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
