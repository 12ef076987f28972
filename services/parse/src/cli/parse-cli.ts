// `npm run parse -- <chat.txt | export.zip>`: parses a WhatsApp chat export and prints the
// messages as JSON. Bad input gets one clear line on stderr and exit code 1, never a stack trace.

import { open, readFile } from 'node:fs/promises';
import { Open, type File as ZipEntry } from 'unzipper';
import type { ParsedChat } from '../domain/chat-model';
import {
  type ChatTextCandidate,
  isChatTextCandidate,
  MAX_CHAT_TEXT_BYTES,
  pickChatText,
} from '../domain/chat-text-candidates';
import { parseChat } from '../domain/parse-chat';

const ZIP_SIGNATURES = ['PK\x03\x04', 'PK\x05\x06']; // a local file header, or the end record of an empty ZIP
const USAGE = 'usage: npm run parse -- <chat.txt | export.zip>';

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** A problem with the input, told to the user as is. */
class InputError extends Error {}

/** Runs the command; resolves to the process exit code. */
export async function runParseCli(args: readonly string[], output: CliOutput): Promise<number> {
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    output.stderr(USAGE);
    return 1;
  }
  try {
    const { chat, warnings } = await readChat(args[0]);
    output.stdout(JSON.stringify(cliJson(chat, warnings), null, 2));
    return 0;
  } catch (error) {
    const message = error instanceof InputError ? error.message : `unexpected error: ${describeError(error)}`;
    output.stderr(`parse: ${message}`);
    return 1;
  }
}

async function readChat(path: string): Promise<{ chat: ParsedChat; warnings: string[] }> {
  if (await isZip(path)) return readChatFromZip(path);
  if (/\.zip$/i.test(path)) throw new InputError(`${path} is not a ZIP archive.`);
  const chat = parseChat(await readInput(path, () => readFile(path)));
  if (chat.messages.length === 0)
    throw new InputError(`${path} holds no WhatsApp message header; it is not a chat text.`);
  return { chat, warnings: chat.warnings };
}

async function isZip(path: string): Promise<boolean> {
  const start = await readInput(path, async () => {
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(4);
      const { bytesRead } = await handle.read(head, 0, 4, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  });
  return ZIP_SIGNATURES.includes(start.toString('latin1'));
}

/** File-system failures (missing file, a folder, no permission) are the user's input problem. */
async function readInput<T>(path: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new InputError(`cannot read ${path}: ${describeError(error)}`);
  }
}

async function readChatFromZip(path: string): Promise<{ chat: ParsedChat; warnings: string[] }> {
  let entries: ZipEntry[];
  try {
    entries = (await Open.file(path)).files;
  } catch (error) {
    throw new InputError(`${path} is not a readable ZIP archive: ${describeError(error)}`);
  }
  const textEntries = entries.filter((entry) => entry.type === 'File' && isChatTextCandidate(entry.path));
  if (textEntries.length === 0) throw new InputError(`no chat text found: ${path} holds no .txt file.`);
  const candidates: ChatTextCandidate[] = [];
  for (const entry of textEntries) candidates.push({ name: entry.path, bytes: await readEntry(entry) });
  const picked = pickChatText(candidates);
  if (picked === null) {
    const names = candidates.map((c) => c.name).join(', ');
    throw new InputError(
      `no chat text found: no text file in ${path} holds a WhatsApp message header (${names}).`,
    );
  }
  return { chat: picked.chat, warnings: [...picked.warnings, ...picked.chat.warnings] };
}

async function readEntry(entry: ZipEntry): Promise<Buffer> {
  // Bit 0 of the general-purpose flags marks an encrypted entry.
  if ((entry.flags & 1) !== 0) {
    throw new InputError(`${entry.path} in the ZIP is encrypted; export the chat again without a password.`);
  }
  const tooLarge = new InputError(
    `${entry.path} in the ZIP is larger than ${MAX_CHAT_TEXT_BYTES / 1024 / 1024} MB.`,
  );
  if (entry.uncompressedSize > MAX_CHAT_TEXT_BYTES) throw tooLarge;
  // The size in the ZIP's directory can lie: count what is really inflated.
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = entry.stream();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_CHAT_TEXT_BYTES) throw tooLarge;
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof InputError) throw error;
    throw new InputError(`${entry.path} in the ZIP cannot be read: ${describeError(error)}`);
  }
  return Buffer.concat(chunks);
}

/** The CLI's JSON: a message's main fields, and what the reader needs to trust the result. */
function cliJson(chat: ParsedChat, warnings: string[]): object {
  return {
    messages: chat.messages.map((m) => ({
      index: m.index,
      timestamp: m.timestamp,
      sender: m.sender,
      raw: m.raw,
      content: m.content,
      type: m.type,
      attachment: m.attachment,
      line: m.line,
    })),
    participants: chat.participants,
    dateOrder: chat.dateOrder,
    warnings,
  };
}

/** Reads `code` and `message` without `instanceof`: errors from Node's own modules may come from another realm. */
function describeError(error: unknown): string {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  if (code === 'ENOENT') return 'no such file';
  return typeof message === 'string' ? message : String(error);
}

if (require.main === module) {
  void runParseCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
  }).then((code) => {
    process.exitCode = code;
  });
}
