import { EVIDENCE_ZIP_NAME, PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashFile } from '@chatexhibit/kit/streams/hash-file';
import { buildDeclaration, buildDeclarationDocx, type DeclarationHashes } from './evidence/declaration';
import { buildNotices } from './evidence/notices';
import { attachmentReferences } from './evidence/attachment-reference';
import { writeMessagesCsv } from './evidence/messages-csv';
import { listEvidenceFiles } from './evidence/list-evidence-files';
import { buildManifest, sha256Hex } from './evidence/manifest';
import { buildProcessingRecord } from './evidence/processing-record';
import { writeProcessingRecordPdf } from './evidence/processing-record-pdf';
import { buildReadme } from './evidence/readme';
import type { DerivedAudio, EvidenceFacts, EvidenceFile } from './evidence/types';
import { writeEvidenceZip } from './evidence/write-evidence-zip';
import { originalEntryDates, zipEntryRows } from './evidence/zip-entry-table';
import { FontSet } from './text/font-set';
import { TextLayout } from './text/text-layout';
import { summarizeChat } from './transcript/chat-summary';
import { coverContent } from './transcript/cover-content';
import { findMessageAnomalies } from './transcript/message-anomalies';
import { timeNotes } from './transcript/time-notes';
import { provenanceSection } from './transcript/provenance-findings';
import type { ExportSource } from './transcript/transcript-source';
import {
  FILING_VOLUMES_FOLDER,
  type FilingVolume,
  type SizeLimit,
  writeFilingVolumes,
} from './transcript/filing-volumes';
import { type TranscriptInput, writeTranscripts } from './transcript/write-transcripts';
import type { ChatTimes } from './transcript/zone-clock';
import { exportCounts } from './export-counts';
import { RUNTIME_COMPONENTS, SOURCE_REVISION, TOOL_VERSION } from './tool-version';
import type { ExhibitSpec } from '@chatexhibit/proto/exhibit-spec';
import type { IdentifierScan } from '@chatexhibit/proto/identifier-scan';
import { type ExhibitPlan, planExhibit } from './exhibit/exhibit-plan';
import { includedMessages } from './exhibit/exhibit-wording';
import { renderExhibitDocuments } from './exhibit/render-exhibit-documents';
import type { ExhibitFile } from './exhibit/exhibit-texts';
import { filingCopyBates, type TakenBates } from './exhibit/exhibit-bates';
import type { BatesRun } from './transcript/bates';

/** The evidence package, as written into the output folder beside the two PDFs (named as inside it). */

/** The share of the documents' progress reported while messages are drawn. */
const DRAWING_SHARE = 0.9;

export interface WrittenDocument {
  file: string;
  sha256: string;
  sizeBytes: number;
}

export interface ExportDocuments {
  transcript: WrittenDocument;
  filingTranscript: WrittenDocument;
  evidenceZip: WrittenDocument;
  /** The page count of each transcript (the two have the same pages). */
  pageCount: number;
  manifestSha256: string;
  /** SHA-256 of processing-record.txt, which the declaration names. */
  processingRecordSha256: string;
  /** The zone and range the documents read the times in, for anything else that gives UTC times. */
  times: ChatTimes;
  /** The Rule 5.2(a) identifiers the messages seem to hold, as the cover, README.txt and the declaration list them. */
  identifierScan: IdentifierScan;
  /** The filing copy's volumes, when a size limit was asked for; null otherwise. */
  filingVolumes: FilingVolumes | null;
  /** The exhibit's files and warnings, when one was asked for. */
  exhibit: WrittenExhibit | null;
}

export interface FilingVolumes {
  limit: SizeLimit;
  /** The volumes in `<outDir>/filing-volumes`: none when the unsplit filing copy is already under the limit. */
  volumes: FilingVolume[];
}

/** An exhibit to cut from the transcript, and the folder its files go in. */
export interface ExhibitRequest {
  spec: ExhibitSpec;
  dir: string;
}

/**
 * What the transcript, and every exhibit cut from it, is drawn from: read from the source once.
 * The same source and `generatedAt` give the same facts.
 */
interface TranscriptBasis {
  transcriptInput: TranscriptInput;
  evidenceFacts: EvidenceFacts;
  evidence: EvidenceFile[];
  manifest: Buffer;
  manifestSha256: string;
  times: ChatTimes;
}

async function readTranscriptBasis(
  source: ExportSource,
  generatedAt: Date,
  onProgress: (fraction: number) => void | Promise<void>,
): Promise<TranscriptBasis> {
  const { facts, chat } = source;
  const summary = await summarizeChat(source.messages());
  // Every pass that reads times of day reads them in the same zone over the same range.
  const times: ChatTimes = { timeZone: facts.timeZone, firstAt: summary.firstAt, lastAt: summary.lastAt };
  const anomalies = await findMessageAnomalies(source.messages(), chat.participants, chat.calendar, times);
  const zipEntries = zipEntryRows(source.entries, source.folders);
  const derivedAudio: DerivedAudio[] = source.media.flatMap((item) =>
    item.kind === 'voice' &&
    item.derivedKey !== null &&
    item.derivedSha256 !== null &&
    item.derivedSizeBytes !== null
      ? [
          {
            sourcePath: item.path,
            key: item.derivedKey,
            sizeBytes: item.derivedSizeBytes,
            sha256: item.derivedSha256,
            durationSeconds: item.durationSeconds,
          },
        ]
      : [],
  );
  const evidence = await listEvidenceFiles({
    facts,
    uploadKey: source.uploadKey,
    chatFile: chat.chatFile,
    entries: source.entries,
    derivedAudio,
    source: source.files,
  });
  const counts = exportCounts(summary, evidence);
  // One Provenance section: the cover shows it, the processing record repeats it, the declaration heeds it.
  const provenance = provenanceSection({
    zipEntries,
    chatFile: chat.chatFile,
    attachedPaths: new Set(summary.references.keys()),
    anomalies,
    totalMessages: counts.entries,
    filesNamedByNoMessage: counts.uploadFiles.namedByNoMessage,
    lastMessageAt: summary.lastAt,
  });
  const evidenceFacts: EvidenceFacts = {
    exportReference: source.exportReference,
    toolVersion: TOOL_VERSION,
    sourceRevision: SOURCE_REVISION,
    sourceUrl: source.sourceUrl,
    components: { ...source.mediaComponents, ...RUNTIME_COMPONENTS },
    generatedAt,
    facts,
    chatFile: chat.chatFile,
    participants: chat.participants,
    firstMessageAt: summary.firstAt,
    lastMessageAt: summary.lastAt,
    timesHaveSeconds: summary.timesHaveSeconds,
    counts,
    warnings: chat.warnings,
    zipEntries,
    verifyUrl: source.verifyUrl,
    provenance,
    timeNotes: timeNotes(anomalies, counts.entries, facts.timeZone),
    identifierScan: summary.identifiers,
  };
  const manifest = buildManifest(evidenceFacts, evidence);
  const manifestSha256 = sha256Hex(manifest);
  const transcriptInput: TranscriptInput = {
    source,
    summary,
    cover: coverContent({
      facts,
      chat,
      summary,
      counts,
      generatedAt,
      toolVersion: TOOL_VERSION,
      manifestSha256,
      exportReference: source.exportReference,
      provenance,
      anomalies,
    }),
    evidence,
    generatedAt,
    toolVersion: TOOL_VERSION,
    onProgress,
  };
  return { transcriptInput, evidenceFacts, evidence, manifest, manifestSha256, times };
}

/** An exhibit's files as written, what it holds in the cover's words, and what the filer should look at again. */
export interface WrittenExhibit {
  files: ExhibitFile[];
  /** "messages 0412–0440 and 0512 of 2,000". */
  included: string;
  pageCount: number;
  /** Its Bates numbers; null when the spec gives no prefix. */
  bates: BatesRun | null;
  /**
   * One sentence each: a label that repeats the transcript's exhibit number, each Rule 5.2(a)
   * suggestion in its messages that no redaction covers (in message order), each redaction log
   * file over the court profile's limit.
   */
  warnings: string[];
}

/**
 * Draws a planned exhibit into `dir`, cut from the filing copy whose SHA-256 is `filingSha256`,
 * numbered clear of the `taken` Bates numbers.
 */
async function writeExhibitFiles(
  transcriptInput: TranscriptInput,
  plan: ExhibitPlan,
  filingSha256: string,
  taken: readonly TakenBates[],
  layout: TextLayout,
  dir: string,
): Promise<WrittenExhibit> {
  const { source } = transcriptInput;
  const { files, pageCount, bates, warnings } = await renderExhibitDocuments(
    { ...transcriptInput, onProgress: () => {} },
    plan,
    { exportReference: source.exportReference, uploadSha256: source.facts.fileHash, filingSha256 },
    layout,
    dir,
    taken,
  );
  return {
    files,
    included: includedMessages(plan.included, plan.totalMessages),
    pageCount,
    bates,
    warnings,
  };
}

/** The court-filing copy an exhibit of an export made already is cut from. */
export interface FilingCopy {
  sha256: string;
  /**
   * Null for a copy without Bates numbers recorded before page counts were: nothing to collide
   * with. One with a prefix and no recorded count cannot be cut (the repository's rule).
   */
  pageCount: number | null;
}

/**
 * Writes an exhibit of an export whose transcript was made already (the pdf service's API, the
 * CLI's `--reproduce`): the spec is planned against the chat first (ExhibitSpecError before
 * anything is written), then its files are drawn into `dir` as renderExportDocuments draws an
 * exhibit, from the same source, cut from `filing`; its Bates numbers may repeat neither the
 * filing copy's nor `earlier` ones (an earlier exhibit's).
 */
export async function renderExhibit(
  source: ExportSource,
  request: ExhibitRequest,
  filing: FilingCopy,
  generatedAt: Date,
  earlier: readonly TakenBates[] = [],
): Promise<WrittenExhibit> {
  const plan = await planExhibit(request.spec, source.messages(), source.chat);
  return renderPlannedExhibit(source, plan, request.dir, filing, generatedAt, earlier);
}

/** `renderExhibit` of a plan made already (the public copy plans its own spec first). */
export async function renderPlannedExhibit(
  source: ExportSource,
  plan: ExhibitPlan,
  dir: string,
  filing: FilingCopy,
  generatedAt: Date,
  earlier: readonly TakenBates[] = [],
): Promise<WrittenExhibit> {
  const { transcriptInput } = await readTranscriptBasis(source, generatedAt, () => {});
  return writeExhibitFiles(
    transcriptInput,
    plan,
    filing.sha256,
    [...(filing.pageCount === null ? [] : filingCopyBates(source.facts, filing.pageCount)), ...earlier],
    new TextLayout(FontSet.shared()),
    dir,
  );
}

/**
 * Writes an export's transcript, court-filing copy and evidence package into `outDir`. The
 * manifest comes first (the PDFs print its SHA-256), then both PDFs from one layout, messages.csv,
 * the processing record (which names the hashes of those four), the declaration (which names the
 * manifest's and the record's) and the ZIP; then, when asked, the exhibit cut from the filing copy
 * (its spec is checked against the chat first: ExhibitSpecError before anything is written). The
 * same source, options and `generatedAt` give the same bytes. With a size limit, the filing copy is
 * also split into volumes under it, in `<outDir>/filing-volumes` (the evidence package is the same
 * with or without).
 */
export async function renderExportDocuments(
  source: ExportSource,
  outDir: string,
  generatedAt: Date,
  onProgress: (fraction: number) => void | Promise<void> = () => {},
  exhibitRequest: ExhibitRequest | null = null,
  sizeLimit: SizeLimit | null = null,
): Promise<ExportDocuments> {
  const exhibitPlan =
    exhibitRequest === null ? null : await planExhibit(exhibitRequest.spec, source.messages(), source.chat);
  // Drawing the messages is most of the work; the package follows.
  const { transcriptInput, evidenceFacts, evidence, manifest, manifestSha256, times } =
    await readTranscriptBasis(source, generatedAt, (fraction) => onProgress(DRAWING_SHARE * fraction));
  const { chat } = source;
  const { summary } = transcriptInput;
  const { counts } = evidenceFacts;

  const files = {
    transcript: path.join(outDir, PACKAGE_PATHS.transcript),
    filingTranscript: path.join(outDir, PACKAGE_PATHS.filingTranscript),
    evidenceZip: path.join(outDir, EVIDENCE_ZIP_NAME),
    messagesCsv: path.join(outDir, PACKAGE_PATHS.messagesCsv),
    processingRecord: path.join(outDir, PACKAGE_PATHS.processingRecord),
    processingRecordPdf: path.join(outDir, PACKAGE_PATHS.processingRecordPdf),
  };
  // The layout keeps no state of its own: shaped words are cached with the process's fonts.
  const layout = new TextLayout(FontSet.shared());
  const { pageCount: transcriptPages } = await writeTranscripts(transcriptInput, layout, {
    transcript: createWriteStream(files.transcript),
    filing: createWriteStream(files.filingTranscript),
  });
  // The same pages of messages again, streamed: the table the transcript draws, for labs and Excel.
  const evidencePaths = new Set(
    evidence.flatMap((file) => (file.role === 'derived-audio' ? [] : [file.sourcePath])),
  );
  await writeMessagesCsv(
    {
      pages: source.messages(),
      totalMessages: counts.entries,
      times,
      attachments: new Map(
        [...attachmentReferences(summary.references)].filter(([entryPath]) => evidencePaths.has(entryPath)),
      ),
    },
    createWriteStream(files.messagesCsv),
  );
  const transcript = { file: files.transcript, ...(await hashFile(files.transcript)) };
  const filingTranscript = { file: files.filingTranscript, ...(await hashFile(files.filingTranscript)) };
  const messagesCsvSha256 = (await hashFile(files.messagesCsv)).sha256;

  const processingRecord = buildProcessingRecord({
    facts: evidenceFacts,
    reading: chat,
    media: source.media,
    hashes: {
      manifest: manifestSha256,
      transcript: transcript.sha256,
      filingTranscript: filingTranscript.sha256,
      messagesCsv: messagesCsvSha256,
    },
    transcriptPages,
  });
  const processingRecordSha256 = sha256Hex(processingRecord);
  await writeFile(files.processingRecord, processingRecord);
  await writeProcessingRecordPdf(
    {
      text: processingRecord,
      exportReference: source.exportReference,
      toolVersion: TOOL_VERSION,
      generatedAt,
    },
    createWriteStream(files.processingRecordPdf),
  );

  const declarationHashes: DeclarationHashes = {
    manifest: manifestSha256,
    transcript: transcript.sha256,
    filingTranscript: filingTranscript.sha256,
    processingRecord: processingRecordSha256,
  };
  await writeEvidenceZip(
    {
      files: evidence,
      documents: [
        { path: PACKAGE_PATHS.transcript, file: transcript.file },
        { path: PACKAGE_PATHS.filingTranscript, file: filingTranscript.file },
        { path: PACKAGE_PATHS.messagesCsv, file: files.messagesCsv, deflate: true },
        { path: PACKAGE_PATHS.processingRecord, file: files.processingRecord, deflate: true },
        { path: PACKAGE_PATHS.processingRecordPdf, file: files.processingRecordPdf },
      ],
      manifest,
      declaration: buildDeclaration(evidenceFacts, evidence, declarationHashes),
      legalDocuments: [
        {
          path: PACKAGE_PATHS.declarationDocx,
          bytes: await buildDeclarationDocx(evidenceFacts, evidence, declarationHashes),
        },
        ...(await buildNotices(evidenceFacts, evidence, declarationHashes)),
      ],
      readme: buildReadme(evidenceFacts, transcriptPages),
      generatedAt,
      entryDates: originalEntryDates(source.entries),
      source: source.files,
    },
    createWriteStream(files.evidenceZip),
  );
  const evidenceZip = { file: files.evidenceZip, ...(await hashFile(files.evidenceZip)) };
  const filingVolumes =
    sizeLimit === null
      ? null
      : {
          limit: sizeLimit,
          volumes:
            filingTranscript.sizeBytes < sizeLimit.maxFileBytes
              ? []
              : await writeFilingVolumes(
                  transcriptInput,
                  layout,
                  sizeLimit,
                  path.join(outDir, FILING_VOLUMES_FOLDER),
                  { ...filingTranscript, pageCount: transcriptPages },
                ),
        };
  const exhibit =
    exhibitRequest === null
      ? null
      : await writeExhibitFiles(
          transcriptInput,
          exhibitPlan!,
          filingTranscript.sha256,
          filingCopyBates(source.facts, transcriptPages),
          layout,
          exhibitRequest.dir,
        );
  return {
    transcript,
    filingTranscript,
    evidenceZip,
    pageCount: transcriptPages,
    manifestSha256,
    processingRecordSha256,
    times,
    identifierScan: evidenceFacts.identifierScan,
    filingVolumes,
    exhibit,
  };
}
