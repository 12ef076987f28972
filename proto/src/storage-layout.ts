import { z } from 'zod';

/**
 * Where an export's files live in object storage. Ingest writes them; the other services read
 * them by these keys, so the layout is a contract like any message.
 */
export const exportKeys = (exportId: string) => ({
  /** The upload exactly as received. */
  upload: `exports/${exportId}/upload.zip`,
  /** One ZIP entry, bit-for-bit, under its path inside the ZIP. */
  entry: (entryPath: string) => `exports/${exportId}/entries/${entryPath}`,
  /** The list of entries (EntryManifest). */
  entryManifest: `exports/${exportId}/entries.json`,
  /** MP3 copy of a voice note, derived from the entry at `entryPath` (media). */
  audio: (entryPath: string) => `exports/${exportId}/derived/audio/${entryPath}.mp3`,
  /** Bounded JPEG of an image entry, for the transcript (media). */
  thumbnail: (entryPath: string) => `exports/${exportId}/derived/thumbnails/${entryPath}.jpg`,
  /** What media made of each voice note and image (MediaManifest). */
  mediaManifest: `exports/${exportId}/media.json`,
  /** The transcript PDF, voice notes embedded (pdf). */
  transcript: `exports/${exportId}/transcript.pdf`,
  /** The court-filing copy of the transcript: PDF/A, no attachments (pdf). */
  filingTranscript: `exports/${exportId}/transcript-filing.pdf`,
  /** The evidence package (pdf). */
  evidenceZip: `exports/${exportId}/evidence.zip`,
  /** What the scan for Rule 5.2(a) identifiers found in the transcript's messages (IdentifierScan, pdf). */
  identifierScan: `exports/${exportId}/identifier-scan.json`,
  /** Every exhibit cut from the transcript (pdf), each in its own folder. */
  exhibits: `exports/${exportId}/exhibits/`,
  /** One file of an exhibit, under its name as the exhibit's SHA256SUMS lists it (pdf). */
  exhibitFile: (exhibitId: string, fileName: string) =>
    `exports/${exportId}/exhibits/${exhibitId}/${fileName}`,
});

/**
 * The objects of an export each service writes (keys, or prefixes ending in '/'), which it
 * deletes when the export expires. The gateway's upload counts as ingest's.
 */
export const objectsWrittenBy = (
  service: 'ingest' | 'parse' | 'media' | 'pdf' | 'notification',
  exportId: string,
): string[] => {
  const keys = exportKeys(exportId);
  switch (service) {
    case 'ingest':
      return [keys.upload, keys.entry(''), keys.entryManifest];
    case 'parse':
    case 'notification':
      return [];
    case 'media':
      return [`exports/${exportId}/derived/`, keys.mediaManifest];
    case 'pdf':
      return [keys.transcript, keys.filingTranscript, keys.evidenceZip, keys.identifierScan, keys.exhibits];
  }
};

/** The longest key S3 (and MinIO) store, in UTF-8 bytes. */
const MAX_OBJECT_KEY_BYTES = 1024;

/**
 * The longest path inside the ZIP an entry may have, in UTF-8 bytes: what is left of an object
 * key once the longest of the keys made from an entry's path (its MP3 or thumbnail) is written.
 */
export const MAX_ENTRY_PATH_BYTES = (() => {
  const keys = exportKeys('00000000-0000-0000-0000-000000000000');
  const around = [keys.entry(''), keys.audio(''), keys.thumbnail('')].map(
    (key) => new TextEncoder().encode(key).length,
  );
  return MAX_OBJECT_KEY_BYTES - Math.max(...around);
})();

/** The path inside the ZIP of the entry stored at `key`, or null when `key` is not an entry of the export. */
export const entryPathOf = (exportId: string, key: string): string | null => {
  const prefix = exportKeys(exportId).entry('');
  return key.startsWith(prefix) && key.length > prefix.length ? key.slice(prefix.length) : null;
};

/** Creator systems of the ZIP format (APPNOTE 4.4.2.2), by the high byte of "version made by". */
export const ZIP_CREATOR_SYSTEMS: Readonly<Record<number, string>> = {
  0: 'MS-DOS/FAT',
  1: 'Amiga',
  2: 'OpenVMS',
  3: 'Unix',
  4: 'VM/CMS',
  5: 'Atari ST',
  6: 'OS/2 HPFS',
  7: 'Macintosh',
  8: 'Z-System',
  9: 'CP/M',
  10: 'Windows NTFS',
  11: 'MVS',
  12: 'VSE',
  13: 'Acorn Risc',
  14: 'VFAT',
  15: 'alternate MVS',
  16: 'BeOS',
  17: 'Tandem',
  18: 'OS/400',
  19: 'OS X (Darwin)',
};

/**
 * What the upload's central directory says about one entry, as written: the best evidence of
 * when and with what the ZIP was made.
 */
export const ZipEntryFactsSchema = z.object({
  /** 0-based position in the central directory. */
  order: z.number().int().nonnegative(),
  /**
   * The DOS modification date and time, 'YYYY-MM-DDTHH:mm:ss': the local time of the machine that
   * wrote the ZIP, no zone, 2-second steps; null when the fields hold no valid date.
   */
  modified: z.string().nullable(),
  /** UTC modification time from the extended-timestamp (0x5455) or NTFS (0x000a) extra field; null without one. */
  modifiedUtc: z.string().nullable(),
  /** 0 stored, 8 deflated (ingest refuses others). */
  compressionMethod: z.number().int().nonnegative(),
  /** CRC-32 of the uncompressed bytes as the directory declares it, 8 lower-case hex digits. */
  crc32: z.string().regex(/^[0-9a-f]{8}$/),
  compressedSize: z.number().int().nonnegative(),
  /** High byte of "version made by" (ZIP_CREATOR_SYSTEMS), and its low byte, the ZIP spec version ×10. */
  creatorSystem: z.number().int().min(0).max(255),
  creatorVersion: z.number().int().min(0).max(255),
});
export type ZipEntryFacts = z.infer<typeof ZipEntryFactsSchema>;

export const ExportEntrySchema = z.object({
  /** Path inside the ZIP, '/'-separated, as safe unzip accepted it. */
  path: z.string().min(1),
  /** Object storage key of the stored copy. */
  key: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Absent in manifests stored before ingest recorded it. */
  zip: ZipEntryFactsSchema.optional(),
});
export type ExportEntry = z.infer<typeof ExportEntrySchema>;

/**
 * A ZIP entry macOS Finder adds when a person compresses files ("__MACOSX/…" or an AppleDouble
 * "._name"): metadata about another file, never a chat, a voice note or a photo.
 */
export function isMacOsMetadataPath(entryPath: string): boolean {
  const name = entryPath.slice(entryPath.lastIndexOf('/') + 1);
  return name.startsWith('._') || entryPath.split('/').includes('__MACOSX');
}

/** A folder entry of the ZIP: it holds no bytes, so ingest stores nothing for it, only this. */
export const ZipFolderEntrySchema = z.object({
  /** Path inside the ZIP, without the trailing '/'. */
  path: z.string().min(1),
  zip: ZipEntryFactsSchema,
});
export type ZipFolderEntry = z.infer<typeof ZipFolderEntrySchema>;

export const EntryManifestSchema = z.object({
  /** The file entries, in ZIP order. */
  entries: z.array(ExportEntrySchema),
  /** The folder entries; absent in manifests stored before ingest recorded them. */
  folders: z.array(ZipFolderEntrySchema).optional(),
});
export type EntryManifest = z.infer<typeof EntryManifestSchema>;

/** One voice note or image as media left it: its derived file, or why there is none. */
export const MediaItemSchema = z.object({
  /** Path of the original entry inside the ZIP. */
  path: z.string().min(1),
  kind: z.enum(['voice', 'image']),
  /** Storage key of the MP3 (voice) or thumbnail (image); null when it could not be made. */
  derivedKey: z.string().nullable(),
  durationSeconds: z.number().nonnegative().nullable(),
  /** Size and SHA-256 of the derived file, for the evidence manifest; null when there is none. */
  derivedSizeBytes: z.number().int().nonnegative().nullable(),
  derivedSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  /** Why the original could not be converted (it is still in the evidence, untouched). */
  problem: z.string().nullable(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MediaManifestSchema = z.object({
  items: z.array(MediaItemSchema),
  /**
   * The versions of the programs that made the derived files (ffmpeg, sharp, libvips), by name:
   * another version may make other bytes. Absent from media manifests written before it existed.
   */
  components: z.record(z.string(), z.string()).default({}),
});
export type MediaManifest = z.infer<typeof MediaManifestSchema>;
