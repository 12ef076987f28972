import { messageNumber } from '@chatexhibit/proto/message-number';
import type { ExportEntry } from '@chatexhibit/proto/storage-layout';
import type { ChatMessage } from './chat-model';
import { countOf } from '@chatexhibit/proto/count-words';
import { listMessages } from './note-lists';

export interface AttachmentLinks {
  /** Message index → storage key of the ZIP entry its attachment names. */
  keys: Map<number, string>;
  /** The attachments the ZIP lacks or holds more than once (FORMATS.md: reported, never dropped). */
  warnings: string[];
}

const folderOf = (path: string): string => path.slice(0, path.lastIndexOf('/') + 1);
// ZIPs made on macOS store names decomposed (NFD) while the chat text has them composed (NFC).
const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1).normalize('NFC');

/**
 * Finds the ZIP entry each attachment names. WhatsApp names files by their base name; users
 * who zip exports themselves may put them in folders, so an entry beside the chat text wins
 * over one elsewhere.
 */
export function linkAttachments(
  messages: readonly ChatMessage[],
  entries: readonly ExportEntry[],
  chatTextPath: string,
): AttachmentLinks {
  const byBaseName = new Map<string, ExportEntry[]>();
  for (const entry of entries) {
    const name = baseName(entry.path);
    const list = byBaseName.get(name);
    if (list) list.push(entry);
    else byBaseName.set(name, [entry]);
  }
  const chatFolder = folderOf(chatTextPath);
  const keys = new Map<number, string>();
  const missing: ChatMessage[] = [];
  const ambiguous: Array<{ message: ChatMessage; copies: number; chosen: string }> = [];
  for (const message of messages) {
    if (message.attachment === null) continue;
    const found = byBaseName.get(baseName(message.attachment)) ?? [];
    if (found.length === 0) {
      missing.push(message);
      continue;
    }
    const beside = found.filter((entry) => folderOf(entry.path) === chatFolder);
    const chosen = beside[0] ?? found[0]!;
    if (beside.length !== 1 && found.length > 1)
      ambiguous.push({ message, copies: found.length, chosen: chosen.path });
    keys.set(message.index, chosen.key);
  }
  // One note per finding, however many messages it concerns; each message is marked on its own row.
  const warnings: string[] = [];
  if (ambiguous.length > 0) {
    const first = ambiguous[0]!;
    warnings.push(
      `${countOf(ambiguous.length, 'message names a file', 'messages name files')} the ZIP holds more than once, ` +
        `linked to the copy beside the chat text or else the first: messages ${listMessages(
          ambiguous.map((a) => a.message.index),
          messages.length,
        )} ` +
        `(message ${messageNumber(first.message.index, messages.length)} names "${first.message.attachment}", held ${first.copies} times, linked to "${first.chosen}").`,
    );
  }
  if (missing.length > 0) {
    warnings.push(
      `${countOf(missing.length, 'attachment named in the chat is', 'attachments named in the chat are')} not in the ZIP, ` +
        `each marked MISSING at its message: messages ${listMessages(
          missing.map((m) => m.index),
          messages.length,
        )}.`,
    );
  }
  return { keys, warnings };
}
