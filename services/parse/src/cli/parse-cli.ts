// `npm run parse -- <chat.txt | export.zip> [--pretty]`: parses a WhatsApp chat export and prints
// the messages as JSON (compact, or indented with --pretty). Bad input gets one clear line on
// stderr and exit code 1, never a stack trace.

import { open, readFile } from 'node:fs/promises';
import type { File as ZipEntry } from 'unzipper';
import {
  CliInputError,
  type CliOutput,
  describeError,
  readCommandLine,
  readUserFile,
  runAsProcess,
  runCommand,
} from '@chatexhibit/kit/cli/command-line';
import type { ParsedChat } from '../domain/chat-model';
import {
  type ChatTextCandidate,
  isChatTextCandidate,
  MAX_CHAT_TEXT_BYTES,
  pickChatText,
} from '../domain/chat-text-candidates';
import { ChatLimitError } from '../domain/chat-limits';
import { parseChat } from '../domain/parse-chat';
import { cliChatJson, writeCompactChatJson } from './chat-json';

const ZIP_SIGNATURES = ['PK\x03\x04', 'PK\x05\x06']; // a local file header, or the end record of an empty ZIP
const PARSE_COMMAND = { name: 'parse', usage: 'usage: npm run parse -- <chat.txt | export.zip> [--pretty]' };

/** Runs the command; resolves to the process exit code. */
export function runParseCli(args: readonly string[], output: CliOutput): Promise<number> {
  return runCommand(PARSE_COMMAND, output, async () => {
    const { values, positionals } = readCommandLine(args, { pretty: { type: 'boolean' } }, 1);
    const { chat, warnings } = await readChat(positionals[0]).catch((error: unknown) => {
      throw error instanceof ChatLimitError ? new CliInputError(error.message) : error;
    });
    const { stdoutPiece } = output;
    if (values.pretty || stdoutPiece === null) {
      output.stdout(JSON.stringify(cliChatJson(chat, warnings), null, values.pretty ? 2 : undefined));
    } else {
      writeCompactChatJson(chat, warnings, stdoutPiece);
      stdoutPiece('\n');
    }
  });
}

async function readChat(path: string): Promise<{ chat: ParsedChat; warnings: string[] }> {
  if (await isZip(path)) return readChatFromZip(path);
  if (/\.zip$/i.test(path)) throw new CliInputError(`${path} is not a ZIP archive.`);
  const chat = parseChat(await readUserFile(path, () => readFile(path)));
  if (chat.messages.length === 0)
    throw new CliInputError(`${path} holds no WhatsApp message header; it is not a chat text.`);
  return { chat, warnings: chat.warnings };
}

async function isZip(path: string): Promise<boolean> {
  const start = await readUserFile(path, async () => {
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

async function readChatFromZip(path: string): Promise<{ chat: ParsedChat; warnings: string[] }> {
  // Loaded only for a ZIP: it takes about 100 ms, a large share of a chat text's whole run.
  const { Open }: typeof import('unzipper') = require('unzipper');
  let entries: ZipEntry[];
  try {
    entries = (await Open.file(path)).files;
  } catch (error) {
    throw new CliInputError(`${path} is not a readable ZIP archive: ${describeError(error)}`);
  }
  const textEntries = entries.filter((entry) => entry.type === 'File' && isChatTextCandidate(entry.path));
  if (textEntries.length === 0) throw new CliInputError(`no chat text found: ${path} holds no .txt file.`);
  const candidates: ChatTextCandidate[] = [];
  for (const entry of textEntries) candidates.push({ name: entry.path, bytes: await readEntry(entry) });
  const picked = pickChatText(candidates);
  if (picked === null) {
    const names = candidates.map((c) => c.name).join(', ');
    throw new CliInputError(
      `no chat text found: no text file in ${path} holds a WhatsApp message header (${names}).`,
    );
  }
  return { chat: picked.chat, warnings: [...picked.warnings, ...picked.chat.warnings] };
}

async function readEntry(entry: ZipEntry): Promise<Buffer> {
  // Bit 0 of the general-purpose flags marks an encrypted entry.
  if ((entry.flags & 1) !== 0) {
    throw new CliInputError(
      `${entry.path} in the ZIP is encrypted; export the chat again without a password.`,
    );
  }
  const tooLarge = new CliInputError(
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
    if (error instanceof CliInputError) throw error;
    throw new CliInputError(`${entry.path} in the ZIP cannot be read: ${describeError(error)}`);
  }
  return Buffer.concat(chunks);
}

if (require.main === module) runAsProcess(runParseCli);
