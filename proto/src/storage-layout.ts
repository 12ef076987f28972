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
});

export const ExportEntrySchema = z.object({
  /** Path inside the ZIP, '/'-separated, as safe unzip accepted it. */
  path: z.string().min(1),
  /** Object storage key of the stored copy. */
  key: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ExportEntry = z.infer<typeof ExportEntrySchema>;

export const EntryManifestSchema = z.object({ entries: z.array(ExportEntrySchema) });
export type EntryManifest = z.infer<typeof EntryManifestSchema>;
