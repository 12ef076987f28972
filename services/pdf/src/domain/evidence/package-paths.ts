// Paths inside the evidence package. Upload paths were validated by safe unzip already; they are
// checked again here because a path that escapes its folder, or that archiver or sha256sum would
// rewrite, breaks the package's promise that every file is where SHA256SUMS says.

import { DERIVED_AUDIO_FOLDER, ORIGINAL_FOLDER, UPLOAD_FOLDER } from './types';

export class UnsafePackagePathError extends Error {
  constructor(
    readonly packagePath: string,
    reason: string,
  ) {
    super(`unsafe path for the evidence package ${JSON.stringify(packagePath)}: ${reason}`);
    this.name = 'UnsafePackagePathError';
  }
}

/** Longest file or folder name common filesystems accept, in UTF-8 bytes. */
const MAX_SEGMENT_BYTES = 255;

/**
 * Why `relative` is not a safe '/'-separated relative path, or null when it is: no empty, '.' or
 * '..' segment, no leading '/', no drive prefix, no '\' (a separator on Windows and escaped by
 * sha256sum), no control characters (a newline would break SHA256SUMS).
 */
export function unsafePathReason(relative: string): string | null {
  if (relative.length === 0) return 'it is empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(relative)) return 'it contains a control character';
  if (relative.includes('\\')) return "it contains '\\'";
  if (relative.startsWith('/')) return 'it is absolute';
  if (/^\w+:/.test(relative)) return 'it starts with a drive or scheme prefix';
  for (const segment of relative.split('/')) {
    if (segment === '') return 'it has an empty segment';
    if (/^[. ]*$/.test(segment)) return `it has the segment ${JSON.stringify(segment)}`;
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return 'a name in it is too long';
  }
  return null;
}

/** Throws unless `relative` is a safe relative path (see unsafePathReason). */
export function assertSafePath(relative: string): void {
  const reason = unsafePathReason(relative);
  if (reason !== null) throw new UnsafePackagePathError(relative, reason);
}

/** `folder/relative`, after checking that `relative` cannot leave `folder`. */
export function joinInside(folder: string, relative: string): string {
  assertSafePath(relative);
  const joined = `${folder}/${relative}`;
  assertSafePath(joined);
  if (!joined.startsWith(`${folder}/`)) throw new UnsafePackagePathError(joined, `it leaves ${folder}/`);
  return joined;
}

/**
 * The upload's file name as one safe path segment. The name came from the uploader's browser
 * (or the CLI's argument); separators and control characters become '_', a name of only dots
 * and spaces becomes 'upload.zip'. The manifest keeps the name exactly as received.
 */
export function safeUploadName(originalFilename: string): string {
  // eslint-disable-next-line no-control-regex
  let name = originalFilename.normalize('NFC').replace(/[\u0000-\u001f\u007f/\\]/g, '_');
  if (/^\w+:/.test(name)) name = `_${name}`;
  if (Buffer.byteLength(name) > MAX_SEGMENT_BYTES) {
    const extension = /\.[^.]{1,10}$/.exec(name)?.[0] ?? '';
    const base = [...name.slice(0, name.length - extension.length)];
    while (Buffer.byteLength(base.join('') + extension) > MAX_SEGMENT_BYTES) base.pop();
    name = base.join('') + extension;
  }
  return /^[. ]*$/.test(name) ? 'upload.zip' : name;
}

export const uploadPackagePath = (originalFilename: string): string =>
  joinInside(UPLOAD_FOLDER, safeUploadName(originalFilename));

export const originalPackagePath = (entryPath: string): string => joinInside(ORIGINAL_FOLDER, entryPath);

export const derivedAudioPackagePath = (sourcePath: string): string =>
  joinInside(DERIVED_AUDIO_FOLDER, `${sourcePath}.mp3`);

/**
 * Throws when two paths would land on the same file once unzipped, also on a case-insensitive
 * filesystem, or when a path is used both as a file and as a folder.
 */
export function assertNoCollisions(paths: Iterable<string>): void {
  const files = new Map<string, string>();
  const folders = new Map<string, string>();
  const keyOf = (p: string): string => p.normalize('NFC').toLowerCase();
  for (const p of paths) {
    const key = keyOf(p);
    const clash = files.get(key) ?? folders.get(key);
    if (clash !== undefined) {
      throw new UnsafePackagePathError(p, `it collides with ${JSON.stringify(clash)}`);
    }
    files.set(key, p);
    const segments = p.split('/');
    for (let i = 1; i < segments.length; i++) {
      const folderKey = keyOf(segments.slice(0, i).join('/'));
      const fileClash = files.get(folderKey);
      if (fileClash !== undefined) {
        throw new UnsafePackagePathError(p, `its folder collides with the file ${JSON.stringify(fileClash)}`);
      }
      if (!folders.has(folderKey)) folders.set(folderKey, p);
    }
  }
}
