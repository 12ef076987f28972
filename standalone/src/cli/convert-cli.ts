// `npm run convert -- <export.zip> --out <dir> [options]`: converts one WhatsApp export on this
// machine, with no server and no database, by running the pipeline's own cores in one process:
// safe unzip (into a temporary folder, removed afterwards), chat pick and parse, attachment links,
// voice notes to MP3 and photos to thumbnails, then the pdf core. It writes <dir>/transcript.pdf,
// <dir>/transcript-filing.pdf, <dir>/evidence.zip, <dir>/chat.json (the SPEC ChatData) and
// <dir>/audio/<entry>.mp3; with `--exhibit-spec <spec.json>`, also the exhibit the spec cuts from
// the transcript, into <dir>/exhibit/; with `--court-profile <preset | bytes>`, the filing copy
// split into volumes under that court's per-file size limit, in <dir>/filing-volumes/.
// `--reproduce <evidence.zip>` makes a package's documents again from its
// upload and the settings its manifest records, and says which match the package's byte for byte;
// with `--exhibit-spec`, it then cuts the exhibit from that transcript, when its filing copy is
// the package's byte for byte, so that every exhibit cites the package's filing copy.
// With `--public-copy`, also the public copy of the whole package into <dir>/public-copy/: the
// transcript with every Rule 5.2(a) identifier the suggestion engine finds redacted (and the
// redactions of `--exhibit-spec`, whose spec then cuts no exhibit), public companions of the
// package's documents and the Rule 5.2(g) reference list.
// `--source-archive <file.tar.gz>` writes the source code of this build (the revision every package
// it makes records), so that whoever holds a package can obtain the code that made it.
// It lives in standalone, the one package that may compose the services' domain code; the steps
// are the services' own domain functions, so that the CLI makes what the web service makes (the
// documents in the pdf core's worker thread, under the same heap limit).

import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ChatData, Message } from '@chatexhibit/proto/chat';
import { issueSentences } from '@chatexhibit/proto/errors';
import { EVIDENCE_ZIP_NAME, PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { EXHIBIT_PATHS, exhibitRecordName, UNREDACTED_FILES_ADVICE } from '@chatexhibit/proto/exhibit-files';
import { identifierScanWarnings } from '@chatexhibit/proto/identifier-scan';
import {
  PUBLIC_COMPANION_ORIGINALS,
  PUBLIC_COPY_DIR,
  PUBLIC_COPY_LABEL,
  PUBLIC_COPY_PATHS,
  PUBLIC_COPY_SEALED_FILES,
} from '@chatexhibit/proto/public-copy';
import {
  COURT_PRESET_LIST,
  COURT_PROFILES,
  CourtProfileSchema,
  maxFileBytesOf,
  MIN_FILE_BYTES,
} from '@chatexhibit/proto/exhibit-spec';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { messageNumber } from '@chatexhibit/proto/message-number';
import {
  BATES_PREFIX_PATTERN,
  type ExportFacts,
  exportFactsOf,
  isIanaTimeZone,
  UploadOptionsSchema,
} from '@chatexhibit/proto/processing-options';
import type { ExportEntry, MediaItem, ZipFolderEntry } from '@chatexhibit/proto/storage-layout';
import {
  CliInputError,
  type CliOutput,
  readCommandLine,
  readUserFile,
  runAsProcess,
  runCommand,
} from '@chatexhibit/kit/cli/command-line';
import { sourceUrlEnv } from '@chatexhibit/kit/config/part-config';
import { readSourceRevision } from '@chatexhibit/kit/source/source-revision';
import { sourceArchive, SourceArchiveUnavailableError } from '@chatexhibit/kit/source/source-archive';
import { SOURCE_ARCHIVE_OF_DIRTY_BUILD } from '@chatexhibit/proto/source-revision';
import { runWithConcurrency } from '@chatexhibit/kit/concurrency/run-with-concurrency';
import { hashFile } from '@chatexhibit/kit/streams/hash-file';
import { readExhibitRecord, recordedBates, recordExhibit } from './exhibit-record-file';
import { type ExtractedArchive, extractZip } from '@chatexhibit/ingest/domain/extract-zip';
import { UnsafeArchiveError } from '@chatexhibit/ingest/domain/unsafe-archive-error';
import { convertMediaFile, mediaComponents, mediaWorkOf } from '@chatexhibit/media/domain/convert-media-file';
import { type MediaTools, resolveMediaTools } from '@chatexhibit/media/domain/media-tools';
import { MediaConversionError } from '@chatexhibit/media/domain/media-conversion-error';
import { convertedMediaItem, unconvertedMediaItem } from '@chatexhibit/media/domain/media-item';
import { toApiMessage } from '@chatexhibit/parse/domain/api-message';
import { ChatLimitError } from '@chatexhibit/parse/domain/chat-limits';
import { type ExportChat, NoChatTextError, readExportChat } from '@chatexhibit/parse/domain/read-export-chat';
import { toTranscriptMessage } from '@chatexhibit/parse/domain/transcript-message';
import {
  NotReproducibleError,
  type ReproductionSettings,
  reproductionSettings,
  versionDifferences,
} from '@chatexhibit/pdf/domain/evidence/reproduction';
import type { FilingVolumes } from '@chatexhibit/pdf/domain/render-export-documents';
import {
  DocumentsOverLimitError,
  renderExhibitInWorker,
  renderExportDocumentsInWorker,
  renderPublicCopyInWorker,
} from '@chatexhibit/pdf/domain/document-worker/documents-in-worker';
import type { ExportSource } from '@chatexhibit/pdf/domain/transcript/transcript-source';
import { ExhibitSpecError } from '@chatexhibit/pdf/domain/exhibit/exhibit-spec-error';
import { type ExhibitSpec, ExhibitSpecSchema } from '@chatexhibit/proto/exhibit-spec';
import {
  FILING_VOLUMES_FOLDER,
  type SizeLimit,
  VOLUME_CHECKSUMS_FILE,
} from '@chatexhibit/pdf/domain/transcript/filing-volumes';
import { VolumeTooLargeError } from '@chatexhibit/pdf/domain/volumes/split-into-volumes';
import { isoUtc } from '@chatexhibit/pdf/domain/transcript/time-zone';
import { type ChatTimes, ZoneClock } from '@chatexhibit/pdf/domain/transcript/zone-clock';
import { type ConversionProgress, conversionProgress } from './conversion-progress';

const CONVERT_COMMAND = {
  name: 'convert',
  usage:
    'usage: npm run convert -- <export.zip> --out <dir> [--tz <IANA zone>] [--bates <prefix> [--bates-start <n>]] ' +
    '[--images | --no-images] [--attachments | --no-attachments] [--utc | --no-utc] [--no-timestamps] [--no-highlight] ' +
    '[--no-voice] [--case <number>] [--exhibit <number>] [--prepared-by <name>] [--account <name>] [--pretty] ' +
    '[--exhibit-spec <spec.json>] [--public-copy] ' +
    `[--court-profile <${Object.keys(COURT_PROFILES).join(' | ')} | bytes>]\n` +
    '       npm run convert -- --reproduce <evidence.zip> --out <dir> [--exhibit-spec <spec.json>]\n' +
    '       npm run convert -- --source-archive <file.tar.gz>',
};

/** Each processing option as a pair of flags; SPEC's default when neither is given. */
const OPTION_FLAGS = {
  includeTimestamps: 'timestamps',
  highlightSenders: 'highlight',
  includeVoiceMessages: 'voice',
  includeImages: 'images',
  includeAttachments: 'attachments',
  utcColumn: 'utc',
} as const;

/** The examination block's fields and the flags that set them. */
const EXAMINATION_FLAGS = {
  caseNumber: 'case',
  exhibitNumber: 'exhibit',
  preparedBy: 'prepared-by',
  exportingAccount: 'account',
} as const;

/** The upload options' fields that a flag of its own sets, for the schema's messages. */
const FIELD_FLAGS = { ...EXAMINATION_FLAGS, batesStart: 'bates-start' } as const;

const CONVERT_OPTIONS = {
  out: { type: 'string' },
  reproduce: { type: 'string' },
  'source-archive': { type: 'string' },
  tz: { type: 'string' },
  bates: { type: 'string' },
  'bates-start': { type: 'string' },
  case: { type: 'string' },
  exhibit: { type: 'string' },
  'prepared-by': { type: 'string' },
  account: { type: 'string' },
  pretty: { type: 'boolean' },
  'court-profile': { type: 'string' },
  'exhibit-spec': { type: 'string' },
  'public-copy': { type: 'boolean' },
  ...Object.fromEntries(
    Object.values(OPTION_FLAGS).flatMap((flag) => [
      [flag, { type: 'boolean' }],
      [`no-${flag}`, { type: 'boolean' }],
    ]),
  ),
} as const;

/** The folder of <out> the exhibit's files go in. */
const EXHIBIT_DIR = 'exhibit';

/** Messages handed to the pdf core at a time, as the pdf service gets them. */
const TRANSCRIPT_PAGE_SIZE = 1000;

interface ConvertRequest {
  kind: 'convert';
  zipPath: string;
  outDir: string;
  facts: ExportFacts;
  /** The time the documents are dated: SOURCE_DATE_EPOCH when set, otherwise the clock. */
  now: () => Date;
  pretty: boolean;
  /** The exhibit to cut from the transcript into <outDir>/exhibit/, or with `publicCopy` the public copy's extra redactions. */
  exhibitSpec: ExhibitSpec | null;
  /** Whether to write the public copy of the package into <outDir>/public-copy/. */
  publicCopy: boolean;
  /** The court's per-file limit the filing copy is split for; null when none was asked. */
  sizeLimit: SizeLimit | null;
  /** SOURCE_URL, printed in the processing record and README.txt; null when not set. */
  sourceUrl: string | null;
}

interface ReproduceRequest {
  kind: 'reproduce';
  packagePath: string;
  outDir: string;
  /** The exhibit to cut from the package's transcript into <outDir>/exhibit/, when asked for. */
  exhibitSpec: ExhibitSpec | null;
  /** The time the exhibit is dated (SOURCE_DATE_EPOCH when set); the documents take the manifest's. */
  now: () => Date;
}

interface SourceArchiveRequest {
  kind: 'source-archive';
  file: string;
}

/** What the documents are made with besides the upload: the settings a manifest records. */
interface DocumentSettings {
  facts: ExportFacts;
  exportReference: string;
  generatedAt: () => Date;
  verifyUrl: string | null;
  sourceUrl: string | null;
  exhibitSpec: ExhibitSpec | null;
  /** The court's per-file limit the filing copy is split for; null when none was asked. */
  sizeLimit: SizeLimit | null;
}

/** Runs the command; resolves to the process exit code. */
export async function runConvertCli(
  args: readonly string[],
  output: CliOutput,
  progress: ConversionProgress = conversionProgress(process.stderr),
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  let exitCode = 0;
  const code = await runCommand(CONVERT_COMMAND, output, async () => {
    try {
      const request = await readRequest(args, env);
      if (request.kind === 'reproduce') exitCode = await reproduce(request, output, progress);
      else if (request.kind === 'source-archive') await writeSourceArchive(request, output);
      else await convert(request, output, progress);
    } finally {
      progress.stop();
    }
  });
  return code === 0 ? exitCode : code;
}

/**
 * SOURCE_DATE_EPOCH (reproducible-builds.org): the time to date the output with, in whole seconds
 * since 1970-01-01 UTC; null when it is not set.
 */
export function sourceDateEpoch(env: Readonly<Record<string, string | undefined>>): Date | null {
  const value = env.SOURCE_DATE_EPOCH;
  if (value === undefined || value === '') return null;
  const date = /^\d{1,15}$/.test(value) ? new Date(Number(value) * 1000) : null;
  if (date === null || Number.isNaN(date.getTime())) {
    throw new CliInputError(
      `SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC, got "${value}".`,
    );
  }
  return date;
}

/** A flag's value as a number when it is written as a whole number, otherwise as typed. */
const wholeNumberOr = (value: string): number | string => (/^\d{1,15}$/.test(value) ? Number(value) : value);

async function readRequest(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<ConvertRequest | ReproduceRequest | SourceArchiveRequest> {
  const withoutUpload = args.some((arg) => /^--(reproduce|source-archive)(=|$)/.test(arg));
  const { values, positionals } = readCommandLine(args, CONVERT_OPTIONS, withoutUpload ? 0 : 1);
  const flags = values as Record<string, string | boolean | undefined>;
  if (values['source-archive'] !== undefined) {
    const given = Object.keys(flags).filter((flag) => flag !== 'source-archive');
    if (given.length > 0)
      throw new CliInputError(`--source-archive takes no other option: leave out --${given[0]}.`);
    return { kind: 'source-archive', file: values['source-archive'] };
  }
  if (values.out === undefined || values.out === '') throw new CliInputError('--out <dir> is required.');
  const epoch = sourceDateEpoch(env);
  const now = (): Date => epoch ?? new Date();
  const exhibitSpec =
    values['exhibit-spec'] === undefined ? null : await readExhibitSpec(values['exhibit-spec']);
  if (values.reproduce !== undefined) {
    const given = Object.keys(flags).filter((flag) => !['out', 'reproduce', 'exhibit-spec'].includes(flag));
    if (given.length > 0) {
      throw new CliInputError(
        `--reproduce takes every setting from the package's manifest.json: leave out --${given[0]}.`,
      );
    }
    return { kind: 'reproduce', packagePath: values.reproduce, outDir: values.out, exhibitSpec, now };
  }
  // The phone's zone is unknown: --tz is the user's statement; without it this machine's zone is
  // a default, and the documents say so.
  const machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const timeZone = values.tz ?? machineZone;
  if (!isIanaTimeZone(timeZone)) {
    throw new CliInputError(
      `--tz must be an IANA time-zone name such as "Europe/London", got "${timeZone}".`,
    );
  }
  if (values.bates !== undefined && !BATES_PREFIX_PATTERN.test(values.bates)) {
    throw new CliInputError(
      '--bates must be 1-20 letters, digits, spaces, ".", "_" or "-", starting with a letter or digit.',
    );
  }
  const chosen: Record<string, boolean> = {};
  for (const [option, flag] of Object.entries(OPTION_FLAGS)) {
    if (flags[flag] && flags[`no-${flag}`])
      throw new CliInputError(`--${flag} and --no-${flag} contradict each other.`);
    if (flags[flag]) chosen[option] = true;
    if (flags[`no-${flag}`]) chosen[option] = false;
  }
  // The web upload's own schema: the same defaults, limits and messages for the same options.
  const parsed = UploadOptionsSchema.safeParse({
    ...chosen,
    ...(values.tz !== undefined && { timeZone: values.tz, timeZoneSource: 'declared' }),
    ...(values.bates !== undefined && { batesPrefix: values.bates }),
    // A number, or what was typed, for the schema to refuse in its own words.
    ...(values['bates-start'] !== undefined && { batesStart: wholeNumberOr(values['bates-start']) }),
    ...Object.fromEntries(Object.entries(EXAMINATION_FLAGS).map(([field, flag]) => [field, values[flag]])),
  });
  if (!parsed.success) {
    // The schema's messages name the web upload's fields; here the user typed flags.
    throw new CliInputError(
      parsed.error.issues
        .map((issue) => {
          const field = String(issue.path[0]);
          return issue.message
            .replace('batesPrefix', '--bates')
            .replace(field, `--${FIELD_FLAGS[field as keyof typeof FIELD_FLAGS]}`);
        })
        .join('; '),
    );
  }
  const zipPath = positionals[0]!;
  const upload = await readUserFile(zipPath, () => hashFile(path.resolve(zipPath)));
  return {
    kind: 'convert',
    zipPath,
    outDir: values.out,
    facts: exportFactsOf(
      { originalFilename: path.basename(zipPath), ...upload },
      parsed.data,
      machineZone,
      now(),
      'cli',
    ),
    now,
    pretty: values.pretty ?? false,
    exhibitSpec,
    publicCopy: values['public-copy'] ?? false,
    sizeLimit: values['court-profile'] === undefined ? null : sizeLimitOf(values['court-profile']),
    sourceUrl: sourceUrlOf(env),
  };
}

/** SOURCE_URL, checked as the services check it: where the operator publishes the source code. */
function sourceUrlOf(env: Readonly<Record<string, string | undefined>>): string | null {
  const parsed = sourceUrlEnv.safeParse(env);
  if (!parsed.success)
    throw new CliInputError(`SOURCE_URL must be an http or https URL, got "${env.SOURCE_URL}".`);
  return parsed.data;
}

/**
 * `--source-archive`: the source code of this build as a tar.gz, the revision every package it
 * makes records; a checkout's build from a tree with changes not committed is archived as its
 * commit, and stderr says the archive lacks those changes.
 */
async function writeSourceArchive({ file }: SourceArchiveRequest, output: CliOutput): Promise<void> {
  const revision = readSourceRevision();
  const archive = await sourceArchive(revision).catch((error: unknown) => {
    if (error instanceof SourceArchiveUnavailableError)
      throw new CliInputError(`no source archive: ${error.message}`);
    throw error;
  });
  await writeFile(path.resolve(file), archive.bytes).catch((error: unknown) => {
    throw new CliInputError(`cannot write ${file}: ${(error as Error).message}`);
  });
  if (revision?.dirty && archive.madeFrom === 'git')
    output.stderr(`convert: ${SOURCE_ARCHIVE_OF_DIRTY_BUILD}`);
}

/** `--court-profile`: a preset's id, or a limit in bytes, read by the exhibit spec's own schema. */
function sizeLimitOf(value: string): SizeLimit {
  const parsed = CourtProfileSchema.safeParse(
    /^\d{1,15}$/.test(value) ? { maxFileBytes: Number(value) } : { preset: value },
  );
  if (!parsed.success) {
    throw new CliInputError(
      `--court-profile must be one of ${COURT_PRESET_LIST}, or a limit of at least ` +
        `${MIN_FILE_BYTES} bytes, got "${value}".`,
    );
  }
  const profile = parsed.data;
  return {
    maxFileBytes: maxFileBytesOf(profile)!,
    court: 'preset' in profile ? COURT_PROFILES[profile.preset].name : null,
  };
}

/** The exhibit spec in `file`, checked by the schema the API and web app use; the user's problem in one sentence. */
async function readExhibitSpec(file: string): Promise<ExhibitSpec> {
  const text = await readUserFile(file, () => readFile(path.resolve(file), 'utf8'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliInputError(`--exhibit-spec ${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = ExhibitSpecSchema.safeParse(json);
  if (!parsed.success) {
    throw new CliInputError(`--exhibit-spec ${file}: ${issueSentences(parsed.error.issues).join('; ')}`);
  }
  return parsed.data;
}

/**
 * An id for the chat data, from what identifies this conversion (the upload and when it was
 * received): the same input and SOURCE_DATE_EPOCH give the same id, hence the same reference.
 */
function conversionId(facts: ExportFacts): string {
  const hex = createHash('sha256').update(`${facts.fileHash}\n${facts.receivedAt}`).digest('hex');
  // RFC 9562 version 8 (custom), variant 10.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function convert(
  request: ConvertRequest,
  output: CliOutput,
  progress: ConversionProgress,
): Promise<void> {
  const { facts, outDir } = request;
  const exportId = conversionId(facts);
  await intoNewFolder(outDir, () =>
    withTemporaryFolder(async (workDir) => {
      const made = await makeDocuments(
        path.resolve(request.zipPath),
        {
          facts,
          exportReference: exportReference(exportId),
          generatedAt: request.now,
          verifyUrl: null,
          sourceUrl: request.sourceUrl,
          // With a public copy, the spec's redactions are the public copy's: no exhibit is cut.
          exhibitSpec: request.publicCopy ? null : request.exhibitSpec,
          sizeLimit: request.sizeLimit,
        },
        outDir,
        workDir,
        output,
        progress,
      );
      if (request.publicCopy) await writePublicCopy(made, request, workDir, output);
      await writeChatData(exportId, made, request, outDir);
      progress.update('done', 1);
      if (made.filingVolumes !== null) reportVolumes(made.filingVolumes, output);
    }),
  );
}

/**
 * `--public-copy`: the public copy of the package just made, into <outDir>/public-copy/, its
 * companions citing the package's documents as they are in evidence.zip; the exhibit engine's
 * warnings on stderr, and which of its files are for filing under seal. It is recorded beside the
 * package as an exhibit is, for the Bates check of exhibits cut later with --reproduce.
 */
async function writePublicCopy(
  made: MadeDocuments,
  { outDir, exhibitSpec, now }: ConvertRequest,
  workDir: string,
  output: CliOutput,
): Promise<void> {
  const packageDir = path.join(workDir, 'public-copy-package');
  await unzip(path.join(outDir, EVIDENCE_ZIP_NAME), packageDir);
  const documents = await Promise.all(
    PUBLIC_COMPANION_ORIGINALS.map(async (name) => ({
      path: name,
      bytes: await readFile(path.join(packageDir, name)).catch(() => null),
    })),
  );
  const filing = await hashFile(path.join(outDir, PACKAGE_PATHS.filingTranscript));
  const written = await renderPublicCopyInWorker(
    made.source,
    { extra: exhibitSpec, dir: path.join(outDir, PUBLIC_COPY_DIR) },
    { sha256: filing.sha256, pageCount: made.pageCount },
    documents.flatMap((document) =>
      document.bytes === null ? [] : [{ ...document, bytes: document.bytes }],
    ),
    now(),
  ).catch((error: unknown) => {
    refusedSpec(error);
    throw error;
  });
  for (const warning of written.warnings) output.stderr(`warning: ${warning}`);
  // Nothing redacted, nothing sealed: the public transcript is the transcript.
  if (written.files.some((file) => file.path === PUBLIC_COPY_PATHS.sealed))
    output.stderr(`note: ${PUBLIC_COPY_SEALED_FILES}`);
  // Recorded as an exhibit is: an exhibit cut later may not repeat its Bates numbers.
  const recordFile = path.join(outDir, exhibitRecordName(EVIDENCE_ZIP_NAME));
  const record = await readExhibitRecord(recordFile, filing.sha256);
  await recordExhibit(recordFile, record, PUBLIC_COPY_LABEL, written);
}

/**
 * Makes `outDir` (it must be new or empty: files of an earlier conversion beside this one's would
 * mix two exports' evidence) and runs `work`; a failed run leaves nothing behind, not even the
 * folder it made.
 */
async function intoNewFolder<T>(outDir: string, work: () => Promise<T>): Promise<T> {
  const created = await mkdir(outDir, { recursive: true }).catch((error: unknown) => {
    throw new CliInputError(`cannot write to ${outDir}: ${(error as Error).message}`);
  });
  if ((await readdir(outDir)).length > 0) {
    throw new CliInputError(`${outDir} is not empty: choose a new or empty folder for --out.`);
  }
  try {
    return await work();
  } catch (error) {
    if (created !== undefined) await rm(created, { recursive: true, force: true });
    throw error;
  }
}

interface MadeDocuments {
  /** What the documents were drawn from, for an exhibit cut from them afterwards. */
  source: ExportSource;
  /** The page count of each transcript. */
  pageCount: number;
  exportChat: ExportChat;
  /** The zone and range the documents read the times in. */
  times: ChatTimes;
  /** Path inside the upload of each message's attachment, by message index. */
  attachmentPath: (index: number) => string | null;
  media: MediaItem[];
  filingVolumes: FilingVolumes | null;
}

/**
 * The pipeline's steps on one upload, as the services run them: safe unzip, chat pick and parse,
 * attachment links, media conversion, then the pdf core writes both transcripts, messages.csv and
 * evidence.zip into `outDir` (voice notes' MP3s into `<outDir>/audio`).
 */
async function makeDocuments(
  zipFile: string,
  settings: DocumentSettings,
  outDir: string,
  workDir: string,
  output: CliOutput,
  progress: ConversionProgress,
): Promise<MadeDocuments> {
  progress.update('extract', 0);
  const { entries, folders } = await unzip(zipFile, path.join(workDir, 'entries'));
  progress.update('parse', 0);
  let exportChat: ExportChat;
  try {
    exportChat = await readExportChat(entries, async (entry) => createReadStream(entry.key));
  } catch (error) {
    if (error instanceof NoChatTextError || error instanceof ChatLimitError)
      throw new CliInputError(error.message);
    throw error;
  }
  const { chat, chatFile, attachmentKeys } = exportChat;
  const pathOfKey = new Map(entries.map((entry) => [entry.key, entry.path]));
  const attachmentPath = (index: number): string | null => {
    const key = attachmentKeys.get(index);
    return key === undefined ? null : pathOfKey.get(key)!;
  };
  progress.update('convert-voice', 0);
  const { media, components } = await convertMedia(
    entries,
    settings.facts,
    outDir,
    path.join(workDir, 'thumbnails'),
    output,
    (fraction) => progress.update('convert-voice', fraction),
  );

  progress.update('generate-pdf', 0);
  const transcriptMessages = chat.messages.map((m) => toTranscriptMessage(m, attachmentPath(m.index)));
  const source: ExportSource = {
    exportReference: settings.exportReference,
    facts: settings.facts,
    chat: {
      chatFile,
      participants: chat.participants,
      warnings: exportChat.warnings,
      format: chat.format,
      dateOrder: chat.dateOrder,
      calendar: chat.calendar,
      encoding: chat.encoding,
    },
    async *messages() {
      for (let start = 0; start < transcriptMessages.length; start += TRANSCRIPT_PAGE_SIZE) {
        yield transcriptMessages.slice(start, start + TRANSCRIPT_PAGE_SIZE);
      }
    },
    entries,
    folders,
    media,
    mediaComponents: components,
    uploadKey: zipFile,
    // Every key is a local file: the upload, an unzipped entry, an MP3 or a thumbnail.
    files: { open: async (key) => createReadStream(key) },
    verifyUrl: settings.verifyUrl,
    sourceUrl: settings.sourceUrl,
  };
  const { times, filingVolumes, pageCount, exhibit, identifierScan } = await renderExportDocumentsInWorker(
    source,
    outDir,
    settings.generatedAt(),
    (fraction) => progress.update('generate-pdf', fraction),
    settings.exhibitSpec === null
      ? null
      : { spec: settings.exhibitSpec, dir: path.join(outDir, EXHIBIT_DIR) },
    settings.sizeLimit,
  ).catch((error: unknown) => {
    refusedSpec(error);
    throw error;
  });
  for (const warning of identifierScanWarnings(identifierScan)) output.stderr(`warning: ${warning}`);
  warnExhibit(exhibit, output);
  if (exhibit !== null) {
    // The first exhibit of a new package: later ones cut with --reproduce are checked against it.
    const recordFile = path.join(outDir, exhibitRecordName(EVIDENCE_ZIP_NAME));
    const filing = await hashFile(path.join(outDir, PACKAGE_PATHS.filingTranscript));
    const record = await readExhibitRecord(recordFile, filing.sha256);
    await recordExhibit(recordFile, record, settings.exhibitSpec!.label, exhibit);
  }
  return { source, pageCount, exportChat, times, attachmentPath, media, filingVolumes };
}

/**
 * What the filer must look at before filing an exhibit (its warnings), and, when it redacts, what
 * to do with the unredacted files: the exhibit's own pages state facts only.
 */
function warnExhibit(
  exhibit: { warnings: string[]; files: readonly { path: string }[] } | null,
  output: CliOutput,
): void {
  for (const warning of exhibit?.warnings ?? []) output.stderr(`warning: ${warning}`);
  if (exhibit?.files.some((file) => file.path === EXHIBIT_PATHS.sealed))
    output.stderr(`note: ${UNREDACTED_FILES_ADVICE}`);
}

/**
 * A spec that does not fit the chat, or numbers its pages as the transcript does: its sentence
 * names the field. Or a chat whose documents outgrow the pdf core's heap limit or time budget. Or
 * a size limit one page alone passes: the user's to change, as its sentence says how.
 */
function refusedSpec(error: unknown): void {
  if (error instanceof ExhibitSpecError) throw new CliInputError(`--exhibit-spec ${error.message}`);
  if (error instanceof DocumentsOverLimitError || error instanceof VolumeTooLargeError)
    throw new CliInputError(error.message);
}

/**
 * What `--court-profile` made, on stdout: each volume with its size, its pages of the filing copy
 * (their Bates range) and the messages on them, or that the unsplit filing copy is already under
 * the limit and is the one file to file.
 */
function reportVolumes({ limit, volumes }: FilingVolumes, output: CliOutput): void {
  const limitText = `${limit.maxFileBytes.toLocaleString('en-US')} bytes per file${limit.court === null ? '' : ` (${limit.court})`}`;
  if (volumes.length === 0) {
    output.stdout(
      `${PACKAGE_PATHS.filingTranscript} is under the limit of ${limitText}: it is filed as it is, and no volumes were written.`,
    );
    return;
  }
  output.stdout(
    `${PACKAGE_PATHS.filingTranscript} is over the limit of ${limitText}: its pages split into ${volumes.length} volumes ` +
      `in ${FILING_VOLUMES_FOLDER}/, each page with its page and Bates numbers of ${PACKAGE_PATHS.filingTranscript}, ` +
      `after two pages of front matter; their SHA-256 values in ${FILING_VOLUMES_FOLDER}/${VOLUME_CHECKSUMS_FILE}:`,
  );
  const pageTotal = volumes.at(-1)!.pages.last;
  const messageTotal = Math.max(...volumes.map((volume) => volume.messages?.last ?? 0));
  for (const volume of volumes) {
    output.stdout(
      [
        `${FILING_VOLUMES_FOLDER}/${path.basename(volume.file)}`,
        `${volume.sizeBytes.toLocaleString('en-US')} bytes`,
        `pages ${volume.pages.first}–${volume.pages.last} of ${pageTotal}`,
        ...(volume.bates === null ? [] : [`${volume.bates.first}–${volume.bates.last}`]),
        volume.messages === null
          ? 'no messages'
          : `messages ${messageNumber(volume.messages.first, messageTotal)}–${messageNumber(volume.messages.last, messageTotal)}`,
      ].join('  '),
    );
  }
}

/**
 * `<outDir>/chat.json`: the SPEC ChatData, voice notes pointing at their MP3s beside it, each
 * message with the UTC instant its time stands for in the documents' zone.
 */
async function writeChatData(
  exportId: string,
  { exportChat, times, attachmentPath, media }: MadeDocuments,
  { facts, pretty }: ConvertRequest,
  outDir: string,
): Promise<void> {
  const voice = new Map(media.filter((item) => item.kind === 'voice').map((item) => [item.path, item]));
  const clock = new ZoneClock(times);
  const chatData: ChatData = {
    id: exportId,
    originalFilename: facts.originalFilename,
    fileHash: facts.fileHash,
    participants: exportChat.chat.participants,
    processingOptions: facts.options,
    timeZone: facts.timeZone,
    timeZoneSource: facts.timeZoneSource,
    messages: exportChat.chat.messages.map((message): Message => {
      const entryPath = attachmentPath(message.index);
      const audio = entryPath === null ? undefined : voice.get(entryPath);
      const { instant } = clock.read(message);
      return {
        ...toApiMessage(
          message,
          audio?.derivedKey
            ? {
                url: path.relative(outDir, audio.derivedKey),
                durationSeconds: audio.durationSeconds ?? undefined,
              }
            : undefined,
        ),
        utc: instant === null ? null : isoUtc(instant.at, message.secondsRecorded),
      };
    }),
  };
  await writeFile(
    path.join(outDir, 'chat.json'),
    `${JSON.stringify(chatData, null, pretty ? 2 : undefined)}\n`,
  );
}

/**
 * `--reproduce`: the documents of the package made again into `outDir` from its upload and the
 * settings its manifest records, each compared byte for byte with the package's copy. Prints one
 * line per file; resolves to 0 when every file matches, 1 otherwise. With an exhibit spec, the
 * exhibit is then cut into `<outDir>/exhibit/` when the filing copy made again is the package's
 * byte for byte (its SHA-256 is what the exhibit cites); otherwise it is refused and resolves to 1.
 */
async function reproduce(
  { packagePath, outDir, exhibitSpec, now }: ReproduceRequest,
  output: CliOutput,
  progress: ConversionProgress,
): Promise<number> {
  await readUserFile(packagePath, () => hashFile(path.resolve(packagePath)));
  return withTemporaryFolder(async (workDir) => {
    const packageDir = path.join(workDir, 'package');
    const { entries: packageEntries } = await unzip(path.resolve(packagePath), packageDir);
    if (!packageEntries.some((entry) => entry.path === PACKAGE_PATHS.manifest)) {
      throw new CliInputError(
        `${packagePath} is not a ChatExhibit evidence package: it holds no ${PACKAGE_PATHS.manifest}.`,
      );
    }
    const recorded = readSettings(packagePath, await readFile(path.join(packageDir, PACKAGE_PATHS.manifest)));
    const uploadFile = path.join(packageDir, recorded.uploadPath);
    if (!packageEntries.some((entry) => entry.path === recorded.uploadPath)) {
      throw new CliInputError(
        `${packagePath} holds no ${recorded.uploadPath}, the upload its manifest names.`,
      );
    }
    const upload = await hashFile(uploadFile);
    if (upload.sha256 !== recorded.facts.fileHash) {
      output.stdout(`differs  ${recorded.uploadPath}`);
      output.stderr(
        `convert: ${recorded.uploadPath} is not the upload manifest.json records (its SHA-256 is ` +
          `${upload.sha256}, the manifest's ${recorded.facts.fileHash}), so nothing made from it can match.`,
      );
      return 1;
    }
    const made = await intoNewFolder(outDir, () =>
      makeDocuments(
        uploadFile,
        {
          facts: recorded.facts,
          exportReference: recorded.exportReference,
          generatedAt: () => recorded.generatedAt,
          verifyUrl: recorded.verifyUrl,
          sourceUrl: recorded.sourceUrl,
          exhibitSpec: null,
          sizeLimit: null,
        },
        outDir,
        workDir,
        output,
        progress,
      ),
    );
    progress.update('done', 1);
    const madeDir = path.join(workDir, 'made');
    const madeZip = path.join(outDir, EVIDENCE_ZIP_NAME);
    await unzip(madeZip, madeDir);
    const madeSettings = readSettings(madeZip, await readFile(path.join(madeDir, PACKAGE_PATHS.manifest)));
    const reasons = versionDifferences(recorded, madeSettings);
    const why = reasons.length === 0 ? '' : ` (${reasons.join('; ')})`;
    const compared = [
      ...recorded.comparedPaths.map((p) => ({
        name: p,
        recorded: path.join(packageDir, p),
        made: path.join(madeDir, p),
      })),
      { name: path.basename(packagePath), recorded: path.resolve(packagePath), made: madeZip },
    ];
    let allMatch = true;
    for (const file of compared) {
      const same = await sameBytes(file.recorded, file.made);
      allMatch &&= same;
      output.stdout(same ? `match    ${file.name}` : `differs  ${file.name}${why}`);
    }
    if (exhibitSpec === null) return allMatch ? 0 : 1;
    const filing = PACKAGE_PATHS.filingTranscript;
    const [packaged, remade] = await Promise.all(
      [path.join(packageDir, filing), path.join(outDir, filing)].map((file) =>
        hashFile(file).catch(() => null),
      ),
    );
    if (packaged === null || remade?.sha256 !== packaged.sha256) {
      output.stderr(
        `convert: the exhibit is not cut: ${filing} made again ` +
          (packaged === null
            ? `has no copy in ${packagePath} to compare with`
            : `differs from the package's (SHA-256 ${remade?.sha256 ?? 'none'}, the package's ${packaged.sha256})`) +
          ', and an exhibit must cite the filing copy of the package byte for byte.',
      );
      return 1;
    }
    const exhibitDir = path.join(outDir, EXHIBIT_DIR);
    // Beside the package: the exhibits cut from it before, whose Bates numbers this one may not repeat.
    const recordFile = path.join(path.dirname(packagePath), exhibitRecordName(path.basename(packagePath)));
    const record = await readExhibitRecord(recordFile, packaged.sha256);
    const exhibit = await renderExhibitInWorker(
      made.source,
      { spec: exhibitSpec, dir: exhibitDir },
      { sha256: packaged.sha256, pageCount: made.pageCount },
      now(),
      recordedBates(record, recordFile),
    ).catch(async (error: unknown) => {
      await rm(exhibitDir, { recursive: true, force: true });
      refusedSpec(error);
      throw error;
    });
    warnExhibit(exhibit, output);
    await recordExhibit(recordFile, record, exhibitSpec.label, exhibit);
    return allMatch ? 0 : 1;
  });
}

/** The settings a manifest records, or the user's problem when it records none. */
function readSettings(zipPath: string, manifest: Buffer): ReproductionSettings {
  try {
    return reproductionSettings(manifest);
  } catch (error) {
    if (error instanceof NotReproducibleError) {
      throw new CliInputError(`${zipPath} cannot be reproduced: ${error.message}`);
    }
    throw error;
  }
}

/** Whether two files hold the same bytes; a missing file matches nothing. */
async function sameBytes(a: string, b: string): Promise<boolean> {
  const [first, second] = await Promise.all([hashFile(a).catch(() => null), hashFile(b).catch(() => null)]);
  return first !== null && second !== null && first.sha256 === second.sha256;
}

/**
 * Runs `work` with a fresh folder under the system's temporary directory, and removes it however
 * `work` ends, also when the user stops the process with Ctrl-C or it is terminated.
 */
async function withTemporaryFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-convert-'));
  const removeAndExit = (signal: NodeJS.Signals): void => {
    rmSync(folder, { recursive: true, force: true });
    process.exit(128 + os.constants.signals[signal]);
  };
  process.once('SIGINT', removeAndExit).once('SIGTERM', removeAndExit);
  try {
    return await work(folder);
  } finally {
    process.off('SIGINT', removeAndExit).off('SIGTERM', removeAndExit);
    await rm(folder, { recursive: true, force: true });
  }
}

/** Safe unzip into `folder`; each entry's key is its absolute path there. */
async function unzip(
  zipPath: string,
  folder: string,
): Promise<{ entries: ExportEntry[]; folders: ZipFolderEntry[] }> {
  let extracted: ExtractedArchive;
  try {
    extracted = await extractZip(zipPath, async (entryPath, content) => {
      const target = path.join(folder, entryPath);
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(content, createWriteStream(target, { flags: 'wx' }));
    });
  } catch (error) {
    // Its message is written for the person who made the ZIP.
    if (error instanceof UnsafeArchiveError) throw new CliInputError(error.message);
    throw error;
  }
  const entries = extracted.files.map((entry) => ({ ...entry, key: path.join(folder, entry.path) }));
  return { entries, folders: extracted.folders };
}

/**
 * Every voice note to `<out>/audio/<entry>.mp3` and, when images are included, every photo to a
 * thumbnail for the transcript, as many at a time as there are processors. A file that cannot be
 * converted is named on stderr and recorded with the reason, as the pipeline records it.
 */
async function convertMedia(
  entries: readonly ExportEntry[],
  facts: ExportFacts,
  outDir: string,
  thumbnailDir: string,
  output: CliOutput,
  reportFraction: (fraction: number) => void,
): Promise<{ media: MediaItem[]; components: Record<string, string> }> {
  const work = mediaWorkOf(entries, facts.options);
  // Resolved only when there is something to convert: a chat without media needs no ffmpeg.
  let tools: MediaTools | null = null;
  if (work.some(({ kind }) => kind === 'voice')) {
    const resolved = resolveMediaTools(process.env);
    for (const warning of resolved.warnings) output.stderr(`convert: ${warning}`);
    tools = resolved.tools;
  }
  let finished = 0;
  const settled = await runWithConcurrency(
    work,
    os.availableParallelism(),
    async ({ entry, kind }): Promise<MediaItem> => {
      const target =
        kind === 'voice'
          ? path.resolve(outDir, 'audio', `${entry.path}.mp3`)
          : path.join(thumbnailDir, `${entry.path}.jpg`);
      await mkdir(path.dirname(target), { recursive: true });
      const converted = await convertMediaFile({ kind, tools, inputPath: entry.key, outputPath: target });
      reportFraction(++finished / work.length);
      return convertedMediaItem(entry.path, kind, target, converted);
    },
  );
  const media = settled.map((result, i) => {
    if (result.status === 'fulfilled') return result.value;
    if (!(result.reason instanceof MediaConversionError)) throw result.reason;
    const { entry, kind } = work[i]!;
    output.stderr(`convert: ${entry.path} could not be converted: ${result.reason.message}`);
    return unconvertedMediaItem(entry.path, kind, result.reason.message);
  });
  return { media, components: await mediaComponents(work, tools) };
}

if (require.main === module) runAsProcess(runConvertCli);
