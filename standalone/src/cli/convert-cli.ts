// `npm run convert -- <export.zip> --out <dir> [options]`: converts one WhatsApp export on this
// machine, with no server and no database, by running the pipeline's own cores in one process:
// safe unzip (into a temporary folder, removed afterwards), chat pick and parse, attachment links,
// voice notes to MP3 and photos to thumbnails, then the pdf core. It writes <dir>/transcript.pdf,
// <dir>/transcript-filing.pdf, <dir>/evidence.zip, <dir>/chat.json (the SPEC ChatData) and
// <dir>/audio/<entry>.mp3. It lives in standalone, the one package that may compose the services'
// domain code.

import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ChatData, Message } from '@chatexhibit/proto/chat';
import { exportReference } from '@chatexhibit/proto/export-reference';
import {
  BATES_PREFIX_PATTERN,
  type ExportFacts,
  type TimeZoneSource,
  isIanaTimeZone,
  type ProcessingOptions,
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
import { runWithConcurrency } from '@chatexhibit/kit/concurrency/run-with-concurrency';
import { hashFile } from '@chatexhibit/kit/streams/hash-file';
import { type ExtractedArchive, extractZip } from '@chatexhibit/ingest/domain/extract-zip';
import { UnsafeArchiveError } from '@chatexhibit/ingest/domain/unsafe-archive-error';
import { convertToMp3 } from '@chatexhibit/media/domain/convert-to-mp3';
import { type MediaTools, resolveMediaTools } from '@chatexhibit/media/domain/media-tools';
import { makeThumbnail } from '@chatexhibit/media/domain/make-thumbnail';
import { MediaConversionError } from '@chatexhibit/media/domain/media-conversion-error';
import { unconvertedMediaItem } from '@chatexhibit/media/domain/media-item';
import { mediaKindOf } from '@chatexhibit/media/domain/media-kind';
import { toApiMessage } from '@chatexhibit/parse/domain/api-message';
import type { ParsedChat } from '@chatexhibit/parse/domain/chat-model';
import {
  isChatTextCandidate,
  MAX_CHAT_TEXT_BYTES,
  NO_CHAT_TEXT,
  pickChatText,
} from '@chatexhibit/parse/domain/chat-text-candidates';
import { linkAttachments } from '@chatexhibit/parse/domain/link-attachments';
import { toTranscriptMessage } from '@chatexhibit/parse/domain/transcript-message';
import { renderExportDocuments } from '@chatexhibit/pdf/domain/render-export-documents';
import { type ConversionProgress, conversionProgress } from './conversion-progress';

const CONVERT_COMMAND = {
  name: 'convert',
  usage:
    'usage: npm run convert -- <export.zip> --out <dir> [--tz <IANA zone>] [--bates <prefix>] ' +
    '[--images | --no-images] [--attachments | --no-attachments] [--no-timestamps] [--no-highlight] ' +
    '[--no-voice] [--case <number>] [--exhibit <number>] [--prepared-by <name>] [--account <name>] [--pretty]',
};

/** Each processing option as a pair of flags; SPEC's default when neither is given. */
const OPTION_FLAGS = {
  includeTimestamps: 'timestamps',
  highlightSenders: 'highlight',
  includeVoiceMessages: 'voice',
  includeImages: 'images',
  includeAttachments: 'attachments',
} as const satisfies Record<keyof ProcessingOptions, string>;

/** The examination block's fields and the flags that set them. */
const EXAMINATION_FLAGS = {
  caseNumber: 'case',
  exhibitNumber: 'exhibit',
  preparedBy: 'prepared-by',
  exportingAccount: 'account',
} as const;

const CONVERT_OPTIONS = {
  out: { type: 'string' },
  tz: { type: 'string' },
  bates: { type: 'string' },
  case: { type: 'string' },
  exhibit: { type: 'string' },
  'prepared-by': { type: 'string' },
  account: { type: 'string' },
  pretty: { type: 'boolean' },
  ...Object.fromEntries(
    Object.values(OPTION_FLAGS).flatMap((flag) => [
      [flag, { type: 'boolean' }],
      [`no-${flag}`, { type: 'boolean' }],
    ]),
  ),
} as const;

/** Messages handed to the pdf core at a time, as the pdf service gets them. */
const TRANSCRIPT_PAGE_SIZE = 1000;

interface ConvertRequest {
  zipPath: string;
  outDir: string;
  timeZone: string;
  timeZoneSource: TimeZoneSource;
  batesPrefix: string | null;
  options: ProcessingOptions;
  examination: ExportFacts['examination'];
  pretty: boolean;
}

/** Runs the command; resolves to the process exit code. */
export function runConvertCli(
  args: readonly string[],
  output: CliOutput,
  progress: ConversionProgress = conversionProgress(process.stderr),
): Promise<number> {
  return runCommand(CONVERT_COMMAND, output, async () => {
    try {
      await convert(readRequest(args), output, progress);
    } finally {
      progress.stop();
    }
  });
}

function readRequest(args: readonly string[]): ConvertRequest {
  const { values, positionals } = readCommandLine(args, CONVERT_OPTIONS, 1);
  const flags = values as Record<string, string | boolean | undefined>;
  if (values.out === undefined || values.out === '') throw new CliInputError('--out <dir> is required.');
  // The phone's zone is unknown: --tz is the user's statement; without it this machine's zone is
  // a default, and the documents say so.
  const timeZone = values.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
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
    ...Object.fromEntries(Object.entries(EXAMINATION_FLAGS).map(([field, flag]) => [field, values[flag]])),
  });
  if (!parsed.success) {
    // The schema's messages name the web upload's fields; here the user typed flags.
    throw new CliInputError(
      parsed.error.issues
        .map((issue) => {
          const field = String(issue.path[0]);
          return issue.message.replace(
            field,
            `--${EXAMINATION_FLAGS[field as keyof typeof EXAMINATION_FLAGS]}`,
          );
        })
        .join('; '),
    );
  }
  const {
    caseNumber,
    exhibitNumber,
    preparedBy,
    exportingAccount,
    timeZone: _zone,
    timeZoneSource: _source,
    batesPrefix: _bates,
    ...options
  } = parsed.data;
  return {
    zipPath: positionals[0]!,
    outDir: values.out,
    timeZone,
    timeZoneSource: values.tz === undefined ? 'default' : 'declared',
    batesPrefix: values.bates ?? null,
    options,
    examination: {
      caseNumber: caseNumber ?? null,
      exhibitNumber: exhibitNumber ?? null,
      preparedBy: preparedBy ?? null,
      exportingAccount: exportingAccount ?? null,
    },
    pretty: values.pretty ?? false,
  };
}

async function convert(
  request: ConvertRequest,
  output: CliOutput,
  progress: ConversionProgress,
): Promise<void> {
  const { zipPath, outDir } = request;
  progress.update('extract', 0);
  const zipFile = path.resolve(zipPath);
  const upload = await readUserFile(zipPath, () => hashFile(zipFile));
  const receivedAt = new Date();
  const created = await mkdir(outDir, { recursive: true }).catch((error: unknown) => {
    throw new CliInputError(`cannot write to ${outDir}: ${(error as Error).message}`);
  });
  // Files of an earlier conversion beside this one's would mix two exports' evidence.
  if ((await readdir(outDir)).length > 0) {
    throw new CliInputError(`${outDir} is not empty: choose a new or empty folder for --out.`);
  }
  try {
    await writeDocuments(request, output, progress, { zipFile, upload, receivedAt });
  } catch (error) {
    // A refused export leaves nothing behind: not even the folder this run made for it.
    if (created !== undefined) await rm(created, { recursive: true, force: true });
    throw error;
  }
}

async function writeDocuments(
  request: ConvertRequest,
  output: CliOutput,
  progress: ConversionProgress,
  {
    zipFile,
    upload,
    receivedAt,
  }: { zipFile: string; upload: { sha256: string; sizeBytes: number }; receivedAt: Date },
): Promise<void> {
  const { zipPath, outDir } = request;
  await withTemporaryFolder(async (workDir) => {
    const unzipped = path.join(workDir, 'entries');
    const { entries, folders } = await unzip(zipFile, unzipped);
    progress.update('parse', 0);
    const { chat, chatTextPath } = await readChat(entries);
    const links = linkAttachments(chat.messages, entries, chatTextPath);
    const pathOfKey = new Map(entries.map((entry) => [entry.key, entry.path]));
    const attachmentPath = (index: number): string | null => {
      const key = links.keys.get(index);
      return key === undefined ? null : pathOfKey.get(key)!;
    };
    progress.update('convert-voice', 0);
    const media = await convertMedia(entries, request, path.join(workDir, 'thumbnails'), output, (fraction) =>
      progress.update('convert-voice', fraction),
    );

    progress.update('generate-pdf', 0);
    const exportId = randomUUID();
    const facts: ExportFacts = {
      originalFilename: path.basename(zipPath),
      fileHash: upload.sha256,
      uploadSizeBytes: upload.sizeBytes,
      options: request.options,
      timeZone: request.timeZone,
      timeZoneSource: request.timeZoneSource,
      batesPrefix: request.batesPrefix,
      examination: request.examination,
      receivedAt: receivedAt.toISOString(),
    };
    const transcriptMessages = chat.messages.map((m) => toTranscriptMessage(m, attachmentPath(m.index)));
    await renderExportDocuments(
      {
        exportReference: exportReference(exportId),
        facts,
        chat: {
          chatFile: chatTextPath,
          participants: chat.participants,
          warnings: [...chat.warnings, ...links.warnings],
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
        uploadKey: zipFile,
        // Every key is a local file: the upload, an unzipped entry, an MP3 or a thumbnail.
        files: { open: async (key) => createReadStream(key) },
        // No site made this package; its README.txt explains the checks with the computer's tools.
        verifyUrl: null,
      },
      outDir,
      new Date(),
      (fraction) => progress.update('generate-pdf', fraction),
    );

    const voice = new Map(media.filter((item) => item.kind === 'voice').map((item) => [item.path, item]));
    const chatData: ChatData = {
      id: exportId,
      originalFilename: facts.originalFilename,
      fileHash: facts.fileHash,
      participants: chat.participants,
      processingOptions: request.options,
      messages: chat.messages.map((message): Message => {
        const entryPath = attachmentPath(message.index);
        const audio = entryPath === null ? undefined : voice.get(entryPath);
        return toApiMessage(
          message,
          audio?.derivedKey
            ? {
                url: path.relative(outDir, audio.derivedKey),
                durationSeconds: audio.durationSeconds ?? undefined,
              }
            : undefined,
        );
      }),
    };
    await writeFile(
      path.join(outDir, 'chat.json'),
      `${JSON.stringify(chatData, null, request.pretty ? 2 : undefined)}\n`,
    );
    progress.update('done', 1);
  });
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

/** The chat text picked as the pipeline's parse step picks it, and parsed. */
async function readChat(
  entries: readonly ExportEntry[],
): Promise<{ chat: ParsedChat; chatTextPath: string }> {
  const textEntries = entries.filter((e) => isChatTextCandidate(e.path) && e.size <= MAX_CHAT_TEXT_BYTES);
  if (textEntries.length === 0) throw new CliInputError(NO_CHAT_TEXT.noTextFile);
  const candidates = await Promise.all(
    textEntries.map(async (entry) => ({ name: entry.path, bytes: await readFile(entry.key) })),
  );
  const picked = pickChatText(candidates);
  if (picked === null) throw new CliInputError(NO_CHAT_TEXT.noChatHeader);
  return { chat: picked.chat, chatTextPath: picked.name };
}

/**
 * Every voice note to `<out>/audio/<entry>.mp3` and, when images are included, every photo to a
 * thumbnail for the transcript, as many at a time as there are processors. A file that cannot be
 * converted is named on stderr and recorded with the reason, as the pipeline records it.
 */
async function convertMedia(
  entries: readonly ExportEntry[],
  { outDir, options }: ConvertRequest,
  thumbnailDir: string,
  output: CliOutput,
  reportFraction: (fraction: number) => void,
): Promise<MediaItem[]> {
  const work = entries.flatMap((entry) => {
    const kind = mediaKindOf(entry.path);
    return kind === 'voice' || (kind === 'image' && options.includeImages) ? [{ entry, kind }] : [];
  });
  // Resolved only when there is something to convert: a chat without media needs no ffmpeg.
  let tools: MediaTools | undefined;
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
      let durationSeconds: number | null = null;
      if (kind === 'voice') {
        ({ durationSeconds } = await convertToMp3({
          tools: tools!,
          inputPath: entry.key,
          outputPath: target,
        }));
      } else {
        await writeFile(target, (await makeThumbnail({ input: entry.key })).jpeg);
      }
      reportFraction(++finished / work.length);
      const { sha256, sizeBytes } = await hashFile(target);
      return {
        path: entry.path,
        kind,
        derivedKey: target,
        durationSeconds,
        derivedSizeBytes: sizeBytes,
        derivedSha256: sha256,
        problem: null,
      };
    },
  );
  return settled.map((result, i) => {
    if (result.status === 'fulfilled') return result.value;
    if (!(result.reason instanceof MediaConversionError)) throw result.reason;
    const { entry, kind } = work[i]!;
    output.stderr(`convert: ${entry.path} could not be converted: ${result.reason.message}`);
    return unconvertedMediaItem(entry.path, kind, result.reason.message);
  });
}

if (require.main === module) runAsProcess(runConvertCli);
