import { createHash } from 'node:crypto';
import { MANIFEST_FORMAT } from '@chatexhibit/proto/evidence-package';
import { NO_EXAMINATION } from '@chatexhibit/proto/processing-options';
import { timeZoneSourceStatement } from '../time-zone-source';
import type { EvidenceFacts, EvidenceFile } from './types';
import { packageDocuments } from './types';
import { manifestZipEntries, ZIP_ENTRIES_NOTE } from './zip-entry-table';
import { reproductionInstructions } from './reproduction';

export const TOOL_NAME = 'ChatExhibit';

export const TIMESTAMPS_NOTE =
  'Times are as recorded by the exporting device, in local time without a zone; timeZoneSource says ' +
  "where timeZone came from: 'declared' (chosen when the transcript was made), 'browser' (taken from " +
  "the web browser used to upload) or 'default' (none was chosen).";

export const EXAMINATION_NOTE = 'As stated by the uploader; null where nothing was stated.';

export const DOCUMENTS_NOTE =
  'These documents are made from the evidence files and cannot be listed here with hash values: ' +
  "the transcripts print this manifest's own SHA-256; the processing record carries the SHA-256 of " +
  'this manifest, both transcripts and messages.csv, and the declaration that of this manifest and ' +
  'the processing record. SHA256SUMS holds the SHA-256 of every other file of ' +
  'the package, this manifest and these documents included: verify them with ' +
  '`sha256sum -c SHA256SUMS` as README.txt explains.';

export const LAB_HASHES_NOTE =
  'SHA-256 is the integrity hash (SHA256SUMS). MD5 and SHA-1 of the same bytes are given beside it ' +
  'for lab tools that match files on them.';

/** Lower-case hex SHA-256 of `bytes` (e.g. of the manifest, for the PDFs and the declaration). */
export const sha256Hex = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/** An instant as UTC ISO 8601 with milliseconds, whatever form it arrived in. */
export const utcIso = (instant: Date | string): string => {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new Error(`not a valid instant: ${String(instant)}`);
  return date.toISOString();
};

/**
 * The bytes of manifest.json: UTF-8, 2-space indent, keys always in the same order, trailing LF.
 * It lists every evidence file with its hash; the documents (which are made after it) by path and
 * role only.
 */
export function buildManifest(facts: EvidenceFacts, files: readonly EvidenceFile[]): Buffer {
  const { facts: exportFacts, counts } = facts;
  const options = exportFacts.options;
  const examination = exportFacts.examination ?? NO_EXAMINATION;
  const manifest = {
    format: MANIFEST_FORMAT,
    tool: {
      name: TOOL_NAME,
      version: facts.toolVersion,
      sourceRevision: facts.sourceRevision,
      sourceUrl: facts.sourceUrl,
      components: Object.fromEntries(Object.entries(facts.components).sort(([a], [b]) => (a < b ? -1 : 1))),
    },
    generatedAt: utcIso(facts.generatedAt),
    verifyUrl: facts.verifyUrl,
    reproductionNote: reproductionInstructions(facts.toolVersion).join(' '),
    hashAlgorithm: 'SHA-256',
    labHashesNote: LAB_HASHES_NOTE,
    export: {
      reference: facts.exportReference,
      originalFilename: exportFacts.originalFilename,
      sha256: exportFacts.fileHash,
      sizeBytes: exportFacts.uploadSizeBytes,
      receivedAt: utcIso(exportFacts.receivedAt),
      receivedThrough: exportFacts.receivedThrough,
      timeZone: exportFacts.timeZone,
      timeZoneSource: exportFacts.timeZoneSource,
      timeZoneStatement: timeZoneSourceStatement(exportFacts.timeZone, exportFacts.timeZoneSource),
      timestampsNote: TIMESTAMPS_NOTE,
      chatFile: facts.chatFile,
      participants: [...facts.participants],
      firstMessageAt: facts.firstMessageAt,
      lastMessageAt: facts.lastMessageAt,
      counts: {
        entries: counts.entries,
        messagesFromPeople: counts.messagesFromPeople,
        systemEvents: counts.systemEvents,
        deleted: counts.deleted,
        edited: counts.edited,
        mediaOmitted: counts.mediaOmitted,
        attachments: counts.attachments,
        attachmentsByKind: counts.attachmentsByKind,
        uploadFiles: counts.uploadFiles,
        mp3Copies: counts.mp3Copies,
      },
      processingOptions: {
        includeTimestamps: options.includeTimestamps,
        highlightSenders: options.highlightSenders,
        includeVoiceMessages: options.includeVoiceMessages,
        includeImages: options.includeImages,
        includeAttachments: options.includeAttachments,
        utcColumn: options.utcColumn,
      },
      batesPrefix: exportFacts.batesPrefix,
      batesStart: exportFacts.batesStart,
      examination: {
        note: EXAMINATION_NOTE,
        caseNumber: examination.caseNumber,
        exhibitNumber: examination.exhibitNumber,
        preparedBy: examination.preparedBy,
        exportingAccount: examination.exportingAccount,
      },
      warnings: [...facts.warnings],
      zipEntriesNote: ZIP_ENTRIES_NOTE,
      zipEntries: manifestZipEntries(facts.zipEntries),
    },
    files: files.map((file) => ({
      path: file.path,
      role: file.role,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      md5: file.md5,
      sha1: file.sha1,
      sourcePath: file.sourcePath,
      derivedFrom: file.derivedFrom,
      mediaType: file.mediaType,
      ...(file.role === 'derived-audio' ? { durationSeconds: file.durationSeconds ?? null } : {}),
    })),
    documents: packageDocuments(files).map(({ path, role }) => ({ path, role })),
    documentsNote: DOCUMENTS_NOTE,
  };
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
}
