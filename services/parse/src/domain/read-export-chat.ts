import type { ExportEntry } from '@chatexhibit/proto/storage-layout';
import type { ParsedChat } from './chat-model';
import { readWithinLineLimit } from './chat-limits';
import {
  ChatTextPicker,
  isChatTextCandidate,
  MAX_CHAT_TEXT_BYTES,
  NO_CHAT_TEXT,
} from './chat-text-candidates';
import { linkAttachments } from './link-attachments';

/** The chat of an export, as the parse step stores it and `npm run convert` uses it. */
export interface ExportChat {
  /** Path inside the ZIP of the text taken as the chat. */
  chatFile: string;
  chat: ParsedChat;
  /** Message index → key of the ZIP entry its attachment names. */
  attachmentKeys: ReadonlyMap<number, string>;
  /** Which file was taken as the chat (when there was a choice), the parser's, then the links'. */
  warnings: string[];
}

/** A ZIP that holds no chat, in words for the person who made it. */
export class NoChatTextError extends Error {}

/**
 * Picks the chat among the export's text files, parses it and links its attachments to the
 * entries. `open` streams an entry's bytes; one text file is held at a time, and none with a
 * line over CHAT_LIMITS (see `readWithinLineLimit`). Throws NoChatTextError or ChatLimitError.
 */
export async function readExportChat(
  entries: readonly ExportEntry[],
  open: (entry: ExportEntry) => Promise<AsyncIterable<Uint8Array>>,
): Promise<ExportChat> {
  const textEntries = entries.filter((e) => isChatTextCandidate(e.path) && e.size <= MAX_CHAT_TEXT_BYTES);
  if (textEntries.length === 0) throw new NoChatTextError(NO_CHAT_TEXT.noTextFile);
  // The picker keeps only the best chat so far.
  const picker = new ChatTextPicker();
  for (const entry of textEntries)
    picker.consider({ name: entry.path, bytes: await readWithinLineLimit(await open(entry)) });
  const picked = picker.pick();
  if (!picked) throw new NoChatTextError(NO_CHAT_TEXT.noChatHeader);
  const { chat } = picked;
  const links = linkAttachments(chat.messages, entries, picked.name);
  return {
    chatFile: picked.name,
    chat,
    attachmentKeys: links.keys,
    warnings: [...picked.warnings, ...chat.warnings, ...links.warnings],
  };
}
