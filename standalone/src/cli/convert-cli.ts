// `npm run convert -- <export.zip> --out <dir> [--tz <IANA zone>] [--images] [--pretty]`: converts
// one WhatsApp export on this machine, with no server and no database, by running the pipeline's
// own cores in one process: safe unzip (into a temporary folder, removed afterwards), chat pick and
// parse, attachment links, voice notes to MP3 and, with --images, photos to thumbnails. It writes
// <dir>/transcript.pdf, <dir>/chat.json (the SPEC ChatData), <dir>/audio/<entry>.mp3 and
// <dir>/thumbnails/<entry>.jpg. It lives in standalone, the one package that may compose the
// services' domain code.

import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ChatData, Message } from '@chatexhibit/proto/chat';
import { DEFAULT_PROCESSING_OPTIONS, isIanaTimeZone } from '@chatexhibit/proto/processing-options';
import type { ExportEntry } from '@chatexhibit/proto/storage-layout';
import {
  CliInputError,
  type CliOutput,
  readCommandLine,
  readUserFile,
  runAsProcess,
  runCommand,
} from '@chatexhibit/kit/cli/command-line';
import { type ExtractedEntry, extractZip } from '@chatexhibit/ingest/domain/extract-zip';
import { UnsafeArchiveError } from '@chatexhibit/ingest/domain/unsafe-archive-error';
import { convertToMp3 } from '@chatexhibit/media/domain/convert-to-mp3';
import { resolveFfmpegPath } from '@chatexhibit/media/domain/ffmpeg-path';
import { makeThumbnail } from '@chatexhibit/media/domain/make-thumbnail';
import { MediaConversionError } from '@chatexhibit/media/domain/media-conversion-error';
import { mediaKindOf } from '@chatexhibit/media/domain/media-kind';
import { runWithConcurrency } from '@chatexhibit/kit/concurrency/run-with-concurrency';
import { toApiMessage } from '@chatexhibit/parse/domain/api-message';
import type { ParsedChat } from '@chatexhibit/parse/domain/chat-model';
import {
  isChatTextCandidate,
  MAX_CHAT_TEXT_BYTES,
  NO_CHAT_TEXT,
  pickChatText,
} from '@chatexhibit/parse/domain/chat-text-candidates';
import { linkAttachments } from '@chatexhibit/parse/domain/link-attachments';
import { type TranscriptLine, writeStandInTranscript } from '@chatexhibit/pdf/domain/stand-in-transcript';
import { type ConversionProgress, conversionProgress } from './conversion-progress';

const CONVERT_COMMAND = {
  name: 'convert',
  usage: 'usage: npm run convert -- <export.zip> --out <dir> [--tz <IANA zone>] [--images] [--pretty]',
};

const CONVERT_OPTIONS = {
  out: { type: 'string' },
  tz: { type: 'string' },
  images: { type: 'boolean' },
  pretty: { type: 'boolean' },
} as const;

/** Messages handed to the transcript writer at a time, as the pdf service gets them. */
const TRANSCRIPT_PAGE_SIZE = 1000;

interface ConvertRequest {
  zipPath: string;
  outDir: string;
  timeZone: string;
  includeImages: boolean;
  pretty: boolean;
}

/** A voice note or photo converted for the transcript; `outputPath` is relative to the out folder. */
interface ConvertedMedia {
  entryPath: string;
  outputPath: string;
  durationSeconds: number | null;
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
  if (values.out === undefined || values.out === '') throw new CliInputError('--out <dir> is required.');
  // The phone's zone is unknown; like the web upload, the declared zone defaults to this machine's.
  const timeZone = values.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isIanaTimeZone(timeZone)) {
    throw new CliInputError(
      `--tz must be an IANA time-zone name such as "Europe/London", got "${timeZone}".`,
    );
  }
  return {
    zipPath: positionals[0],
    outDir: values.out,
    timeZone,
    includeImages: values.images ?? false,
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
  const fileHash = await readUserFile(zipPath, () => sha256Of(zipPath));
  await mkdir(outDir, { recursive: true }).catch((error: unknown) => {
    throw new CliInputError(`cannot write to ${outDir}: ${(error as Error).message}`);
  });
  // Files of an earlier conversion beside this one's would mix two exports' evidence.
  if ((await readdir(outDir)).length > 0) {
    throw new CliInputError(`${outDir} is not empty: choose a new or empty folder for --out.`);
  }
  await withTemporaryFolder(async (unzipped) => {
    const entries = await unzip(zipPath, unzipped);
    progress.update('parse', 0);
    const { chat, chatTextPath } = await readChat(unzipped, entries);
    const links = linkAttachments(chat.messages, entries, chatTextPath);
    progress.update('convert-voice', 0);
    const media = await convertMedia(unzipped, entries, request, output, (fraction) =>
      progress.update('convert-voice', fraction),
    );
    progress.update('generate-pdf', 0);
    const lines = chat.messages.map((message) => ({ index: message.index, ...toApiMessage(message) }));
    await writeTranscript(path.join(outDir, 'transcript.pdf'), lines, {
      originalFilename: path.basename(zipPath),
      fileHash,
      participants: chat.participants,
      timeZone: request.timeZone,
    });
    const chatData: ChatData = {
      id: randomUUID(),
      originalFilename: path.basename(zipPath),
      fileHash,
      participants: chat.participants,
      processingOptions: { ...DEFAULT_PROCESSING_OPTIONS, includeImages: request.includeImages },
      messages: chat.messages.map((message): Message => {
        const entryPath = links.keys.get(message.index);
        const audio = entryPath === undefined ? undefined : media.get(entryPath);
        return toApiMessage(
          message,
          audio && { url: audio.outputPath, durationSeconds: audio.durationSeconds ?? undefined },
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

function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  return pipeline(createReadStream(file), hash).then(() => hash.digest('hex'));
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

/** Safe unzip into `folder`; each entry's key is its path there. */
async function unzip(zipPath: string, folder: string): Promise<ExportEntry[]> {
  let extracted: ExtractedEntry[];
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
  return extracted.map((entry) => ({ ...entry, key: entry.path }));
}

/** The chat text picked as the pipeline's parse step picks it, and parsed. */
async function readChat(
  folder: string,
  entries: readonly ExportEntry[],
): Promise<{ chat: ParsedChat; chatTextPath: string }> {
  const textEntries = entries.filter((e) => isChatTextCandidate(e.path) && e.size <= MAX_CHAT_TEXT_BYTES);
  if (textEntries.length === 0) throw new CliInputError(NO_CHAT_TEXT.noTextFile);
  const candidates = await Promise.all(
    textEntries.map(async (entry) => ({
      name: entry.path,
      bytes: await readFile(path.join(folder, entry.key)),
    })),
  );
  const picked = pickChatText(candidates);
  if (picked === null) throw new CliInputError(NO_CHAT_TEXT.noChatHeader);
  return { chat: picked.chat, chatTextPath: picked.name };
}

/**
 * Every voice note to `audio/<entry>.mp3` and, with --images, every photo to
 * `thumbnails/<entry>.jpg`, as many at a time as there are processors. A file that cannot be
 * converted is named on stderr and left out, as the pipeline leaves it out of the transcript.
 * Returns the conversions by entry path.
 */
async function convertMedia(
  folder: string,
  entries: readonly ExportEntry[],
  { outDir, includeImages }: ConvertRequest,
  output: CliOutput,
  reportFraction: (fraction: number) => void,
): Promise<Map<string, ConvertedMedia>> {
  const work = entries.flatMap((entry) => {
    const kind = mediaKindOf(entry.path);
    return kind === 'voice' || (kind === 'image' && includeImages) ? [{ entry, kind }] : [];
  });
  // Resolved only when there is something to convert: a chat without media needs no ffmpeg.
  const ffmpegPath = work.some(({ kind }) => kind === 'voice') ? resolveFfmpegPath(process.env) : '';
  let finished = 0;
  const settled = await runWithConcurrency(work, os.availableParallelism(), async ({ entry, kind }) => {
    const inputPath = path.join(folder, entry.key);
    const outputPath =
      kind === 'voice'
        ? path.posix.join('audio', `${entry.path}.mp3`)
        : path.posix.join('thumbnails', `${entry.path}.jpg`);
    const target = path.join(outDir, outputPath);
    await mkdir(path.dirname(target), { recursive: true });
    let durationSeconds: number | null = null;
    if (kind === 'voice') {
      ({ durationSeconds } = await convertToMp3({ ffmpegPath, inputPath, outputPath: target }));
    } else {
      await writeFile(target, (await makeThumbnail({ input: inputPath })).jpeg);
    }
    reportFraction(++finished / work.length);
    return { entryPath: entry.path, outputPath, durationSeconds };
  });
  const converted = new Map<string, ConvertedMedia>();
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') converted.set(result.value.entryPath, result.value);
    else if (result.reason instanceof MediaConversionError)
      output.stderr(`convert: ${work[i].entry.path} was left out: ${result.reason.message}`);
    else throw result.reason;
  });
  return converted;
}

/** The transcript; the one place that chooses how it is written. */
async function writeTranscript(
  pdfPath: string,
  lines: readonly TranscriptLine[],
  heading: Parameters<typeof writeStandInTranscript>[0],
): Promise<void> {
  async function* pages(): AsyncIterable<readonly TranscriptLine[]> {
    for (let start = 0; start < lines.length; start += TRANSCRIPT_PAGE_SIZE) {
      yield lines.slice(start, start + TRANSCRIPT_PAGE_SIZE);
    }
  }
  await writeStandInTranscript(heading, pages(), createWriteStream(pdfPath));
}

if (require.main === module) runAsProcess(runConvertCli);
