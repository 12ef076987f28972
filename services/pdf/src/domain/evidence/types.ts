import type { Readable } from 'node:stream';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import type { IdentifierScan } from '@chatexhibit/proto/identifier-scan';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import type { SourceRevision } from '@chatexhibit/proto/source-revision';
import type { ExportCounts } from '../export-counts';
import type { ProvenanceSection } from '../transcript/provenance-findings';
import type { TimeNotes } from '../transcript/time-notes';
import type { ZipEntryRow } from './zip-entry-table';

/** Opens a stored file by its storage key (object storage in the service, a local folder in the CLI). */
export interface FileSource {
  open(key: string): Promise<Readable>;
}

/** Everything the package's texts (manifest, declaration, README) need to say. */
export interface EvidenceFacts {
  /** The export's non-secret reference, never its id: these texts are filed publicly. */
  exportReference: string;
  toolVersion: string;
  /** The source revision the running build was made from; null when its build recorded none. */
  sourceRevision: SourceRevision | null;
  /** Where the operator publishes the source code (SOURCE_URL); null when not set. */
  sourceUrl: string | null;
  /** Versions of the programs the documents' bytes depend on besides the tool, by name. */
  components: Readonly<Record<string, string>>;
  generatedAt: Date;
  facts: ExportFacts;
  /** Path of the chat text in the upload. */
  chatFile: string;
  /** Exactly as the export names them. */
  participants: readonly string[];
  /** 'YYYY-MM-DDTHH:mm:ss', local wall-clock time as recorded; null when there are no messages. */
  firstMessageAt: string | null;
  lastMessageAt: string | null;
  /** Whether the export recorded seconds: printed times show them only then. */
  timesHaveSeconds: boolean;
  counts: ExportCounts;
  /** The parser's warnings. */
  warnings: readonly string[];
  /** The upload's ZIP entries, files and folders, in central-directory order. */
  zipEntries: readonly ZipEntryRow[];
  /** The web page that checks the package in a browser; null when no site made it. */
  verifyUrl: string | null;
  /** The cover's Provenance section, which the processing record repeats and the declaration heeds. */
  provenance: ProvenanceSection;
  /** What the zone's clocks say of the messages, as the cover says it. */
  timeNotes: TimeNotes;
  /** The Rule 5.2(a) identifiers the messages seem to hold, as the cover lists them. */
  identifierScan: IdentifierScan;
}

/** An MP3 copy of a voice note, made by media. */
export interface DerivedAudio {
  /** Path inside the upload of the original voice note. */
  sourcePath: string;
  key: string;
  sizeBytes: number;
  sha256: string;
  durationSeconds: number | null;
}

export const EVIDENCE_ROLES = [
  'original-upload',
  'chat-text',
  'original-media',
  'original-other',
  'derived-audio',
] as const;
export type EvidenceRole = (typeof EVIDENCE_ROLES)[number];

/** One evidence file of the package: listed with its hash in the manifest and the declaration. */
export interface EvidenceFile {
  /** Path inside the package ('/'-separated). */
  path: string;
  role: EvidenceRole;
  sizeBytes: number;
  /** Lower-case hex SHA-256 the file must have when it is packed: the integrity hash. */
  sha256: string;
  /** Lower-case hex MD5 and SHA-1 of the same bytes, for lab tools that match on them. */
  md5: string;
  sha1: string;
  /** Path inside the upload; null for the upload itself. */
  sourcePath: string | null;
  /** Package path of the original a derived file was made from; null for originals. */
  derivedFrom: string | null;
  /** Detected from the file's first bytes; 'text/plain' for the chat text; null when unknown. */
  mediaType: string | null;
  /** Derived audio only: length in seconds, null when media could not tell. */
  durationSeconds?: number | null;
  /** Storage key to stream the file from. */
  key: string;
}

/** A document of the package read from a local file (the two transcripts). */
export interface PackageDocument {
  /** Path inside the package, e.g. 'transcript.pdf'. */
  path: string;
  /** Local file path. */
  file: string;
  /** Deflate it in the ZIP (a text); PDFs are stored as they are. */
  deflate?: boolean;
}

export const DOCUMENT_ROLES = [
  'transcript',
  'filing-transcript',
  'messages-csv',
  'processing-record',
  'processing-record-pdf',
  'declaration',
  'declaration-docx',
  'certification-notice',
  'certification-notice-docx',
  'conventional-filing-notice',
  'conventional-filing-notice-docx',
  'readme',
  'checksums',
] as const;
export type DocumentRole = (typeof DOCUMENT_ROLES)[number];

/** The documents as the manifest lists them, in package order. */
export const PACKAGE_DOCUMENTS: readonly { path: string; role: DocumentRole }[] = [
  { path: PACKAGE_PATHS.readme, role: 'readme' },
  { path: PACKAGE_PATHS.declaration, role: 'declaration' },
  { path: PACKAGE_PATHS.declarationDocx, role: 'declaration-docx' },
  { path: PACKAGE_PATHS.certificationNotice, role: 'certification-notice' },
  { path: PACKAGE_PATHS.certificationNoticeDocx, role: 'certification-notice-docx' },
  { path: PACKAGE_PATHS.conventionalFilingNotice, role: 'conventional-filing-notice' },
  { path: PACKAGE_PATHS.conventionalFilingNoticeDocx, role: 'conventional-filing-notice-docx' },
  { path: PACKAGE_PATHS.processingRecord, role: 'processing-record' },
  { path: PACKAGE_PATHS.processingRecordPdf, role: 'processing-record-pdf' },
  { path: PACKAGE_PATHS.transcript, role: 'transcript' },
  { path: PACKAGE_PATHS.filingTranscript, role: 'filing-transcript' },
  { path: PACKAGE_PATHS.messagesCsv, role: 'messages-csv' },
  { path: PACKAGE_PATHS.checksums, role: 'checksums' },
];

/** An audio file of the package, which a court takes by conventional filing: voice notes and their MP3 copies. */
export const isAudioEvidence = (file: EvidenceFile): boolean =>
  file.role === 'derived-audio' ||
  (file.role === 'original-media' && (file.mediaType?.startsWith('audio/') ?? false));

/** The documents of a package holding `files`: the notice of conventional filing only when there is audio. */
export const packageDocuments = (
  files: readonly EvidenceFile[],
): readonly { path: string; role: DocumentRole }[] =>
  files.some(isAudioEvidence)
    ? PACKAGE_DOCUMENTS
    : PACKAGE_DOCUMENTS.filter(({ role }) => !role.startsWith('conventional-filing-notice'));

/** Folders of the package. */
export const ORIGINAL_FOLDER = 'original';
export const UPLOAD_FOLDER = 'original/upload';
export const DERIVED_AUDIO_FOLDER = 'derived/audio';
