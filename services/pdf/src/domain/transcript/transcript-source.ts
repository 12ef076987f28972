import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import type { ExportEntry, MediaItem, ZipFolderEntry } from '@chatexhibit/proto/storage-layout';
import type { TranscriptChat, TranscriptMessage } from '@chatexhibit/proto/transcript';
import type { FileSource } from '../evidence/types';

/**
 * Everything the documents of one export are made from. The pdf service fills it from object
 * storage and the parse service; `npm run convert` from a local folder and the parser in process.
 */
export interface ExportSource {
  /** The export's non-secret name (proto's exportReference): documents never see the id, which opens it. */
  exportReference: string;
  facts: ExportFacts;
  chat: Omit<TranscriptChat, 'totalMessages'>;
  /** The messages in export order, a page at a time; each call starts a new pass from the first. */
  messages(): AsyncIterable<readonly TranscriptMessage[]>;
  /** Every file entry of the upload, as safe unzip stored it. */
  entries: readonly ExportEntry[];
  /** The upload's folder entries, which hold no bytes (none in manifests stored before ingest listed them). */
  folders: readonly ZipFolderEntry[];
  /** What the media step made of each voice note and image. */
  media: readonly MediaItem[];
  /** The versions of the programs that made the derived files (MediaManifest's components). */
  mediaComponents: Readonly<Record<string, string>>;
  /** Storage key of the upload exactly as received. */
  uploadKey: string;
  /** Opens stored files (entries, the upload, derived MP3s and thumbnails) by storage key. */
  files: FileSource;
  /** The web page that checks the package in a browser; null when no site made it (the CLI). */
  verifyUrl: string | null;
  /** Where the operator publishes the source code (SOURCE_URL), printed in the processing record and README.txt; null when not set. */
  sourceUrl: string | null;
}
