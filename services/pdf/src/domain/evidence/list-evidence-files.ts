import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import { isMacOsMetadataPath, type ExportEntry } from '@chatexhibit/proto/storage-layout';
import { runWithConcurrency } from '@chatexhibit/kit/concurrency/run-with-concurrency';
import { detectMediaType, HEAD_BYTES } from './media-type';
import { readAndDigest } from './lab-hashes';
import {
  assertNoCollisions,
  assertSafePath,
  derivedAudioPackagePath,
  originalPackagePath,
  uploadPackagePath,
} from './package-paths';
import type { DerivedAudio, EvidenceFile, EvidenceRole, FileSource } from './types';

/** Files whose first bytes are read at once (object storage round trips overlap). */
const DETECT_CONCURRENCY = 8;

/** Extensions WhatsApp gives media; a file with one is media even when its bytes are unrecognised. */
const MEDIA_EXTENSIONS = new Set([
  'opus',
  'ogg',
  'oga',
  'm4a',
  'aac',
  'amr',
  'mp3',
  'wav',
  'flac',
  '3gp',
  'mp4',
  'mov',
  'm4v',
  'webm',
  'mkv',
  'avi',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'heic',
  'heif',
  'bmp',
  'tif',
  'tiff',
]);

const isMediaType = (mediaType: string | null): boolean =>
  mediaType !== null && /^(image|audio|video)\/|^application\/ogg$/.test(mediaType);

const extensionOf = (entryPath: string): string => {
  const name = entryPath.slice(entryPath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Orders paths by their UTF-8 bytes, as `LC_ALL=C sort` does, the same on every machine. */
export const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

const SHA256 = /^[0-9a-f]{64}$/;

function assertHashAndSize(what: string, sha256: string, sizeBytes: number): void {
  if (!SHA256.test(sha256))
    throw new Error(`${what}: not a lower-case hex SHA-256: ${JSON.stringify(sha256)}`);
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < 0)
    throw new Error(`${what}: invalid size ${sizeBytes}`);
}

/**
 * The evidence files in package order: the upload, the chat text, the other entries (by path),
 * the derived MP3s (by the path of their original). Reads the first bytes of every file through
 * `source` to detect its type from content.
 */
export async function listEvidenceFiles(input: {
  facts: ExportFacts;
  uploadKey: string;
  chatFile: string;
  entries: readonly ExportEntry[];
  derivedAudio: readonly DerivedAudio[];
  source: FileSource;
}): Promise<EvidenceFile[]> {
  const { facts, uploadKey, chatFile, entries, derivedAudio, source } = input;
  assertHashAndSize('the upload', facts.fileHash, facts.uploadSizeBytes);
  for (const entry of entries) {
    assertSafePath(entry.path);
    assertHashAndSize(`entry ${JSON.stringify(entry.path)}`, entry.sha256, entry.size);
  }
  const chatEntry = entries.find((entry) => entry.path === chatFile);
  if (!chatEntry) throw new Error(`the chat file ${JSON.stringify(chatFile)} is not an entry of the upload`);
  const entryPaths = new Set(entries.map((entry) => entry.path));
  if (entryPaths.size !== entries.length) throw new Error('the upload lists an entry path twice');
  const audioSources = new Set<string>();
  for (const audio of derivedAudio) {
    if (!entryPaths.has(audio.sourcePath)) {
      throw new Error(
        `derived audio of ${JSON.stringify(audio.sourcePath)}, which is not an entry of the upload`,
      );
    }
    if (audioSources.has(audio.sourcePath)) {
      throw new Error(`two derived audio files for ${JSON.stringify(audio.sourcePath)}`);
    }
    audioSources.add(audio.sourcePath);
    assertHashAndSize(`derived audio of ${JSON.stringify(audio.sourcePath)}`, audio.sha256, audio.sizeBytes);
  }

  const otherEntries = entries
    .filter((entry) => entry !== chatEntry)
    .sort((a, b) => byteOrder(a.path, b.path));
  const audios = [...derivedAudio].sort((a, b) => byteOrder(a.sourcePath, b.sourcePath));

  type Draft = Omit<EvidenceFile, 'mediaType' | 'role' | 'md5' | 'sha1'> & { role: EvidenceRole | null };
  const drafts: Draft[] = [
    {
      path: uploadPackagePath(facts.originalFilename),
      role: 'original-upload',
      sizeBytes: facts.uploadSizeBytes,
      sha256: facts.fileHash,
      sourcePath: null,
      derivedFrom: null,
      key: uploadKey,
    },
    {
      path: originalPackagePath(chatEntry.path),
      role: 'chat-text',
      sizeBytes: chatEntry.size,
      sha256: chatEntry.sha256,
      sourcePath: chatEntry.path,
      derivedFrom: null,
      key: chatEntry.key,
    },
    ...otherEntries.map((entry): Draft => ({
      path: originalPackagePath(entry.path),
      role: null,
      sizeBytes: entry.size,
      sha256: entry.sha256,
      sourcePath: entry.path,
      derivedFrom: null,
      key: entry.key,
    })),
    ...audios.map((audio): Draft => ({
      path: derivedAudioPackagePath(audio.sourcePath),
      role: 'derived-audio',
      sizeBytes: audio.sizeBytes,
      sha256: audio.sha256,
      sourcePath: audio.sourcePath,
      derivedFrom: originalPackagePath(audio.sourcePath),
      durationSeconds: audio.durationSeconds,
      key: audio.key,
    })),
  ];
  assertNoCollisions(drafts.map((draft) => draft.path));

  // One pass over each file's bytes: its type from the first bytes, its MD5 and SHA-1 for labs.
  // Packing checks all three hashes again, so these are the bytes the package holds.
  const detected = await runWithConcurrency(drafts, DETECT_CONCURRENCY, async (draft) => {
    try {
      const read = await readAndDigest(await source.open(draft.key), HEAD_BYTES);
      return {
        mediaType: draft.role === 'chat-text' ? 'text/plain' : detectMediaType(read.head),
        md5: read.md5,
        sha1: read.sha1,
      };
    } catch (error) {
      throw new Error(
        `cannot read the evidence file ${JSON.stringify(draft.path)} (storage key ${draft.key}): ${(error as Error).message}`,
        { cause: error },
      );
    }
  });
  return drafts.map((draft, index): EvidenceFile => {
    const result = detected[index];
    if (result.status === 'rejected') throw result.reason;
    const { mediaType, md5, sha1 } = result.value;
    // macOS metadata ("__MACOSX/…", "._name") is an other file whatever its name or first bytes say.
    const role: EvidenceRole =
      draft.role ??
      (!isMacOsMetadataPath(draft.sourcePath ?? '') &&
      (isMediaType(mediaType) ||
        MEDIA_EXTENSIONS.has(extensionOf(draft.sourcePath ?? '')) ||
        audioSources.has(draft.sourcePath ?? ''))
        ? 'original-media'
        : 'original-other');
    return { ...draft, role, mediaType, md5, sha1 };
  });
}
