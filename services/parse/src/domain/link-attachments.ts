import type { ExportEntry } from '@chatexhibit/proto/storage-layout';
import type { ChatMessage } from './chat-model';

export interface AttachmentLinks {
  /** Message index → storage key of the ZIP entry its attachment names. */
  keys: Map<number, string>;
  /** The attachments the ZIP lacks or holds more than once (FORMATS.md: reported, never dropped). */
  warnings: string[];
}

/** Missing attachments named one by one; past this, one line counts the rest (each stays unlinked in its message). */
const MISSING_NAMED = 20;

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
  const warnings: string[] = [];
  const missing: ChatMessage[] = [];
  for (const message of messages) {
    if (message.attachment === null) continue;
    const found = byBaseName.get(baseName(message.attachment)) ?? [];
    if (found.length === 0) {
      missing.push(message);
      continue;
    }
    const beside = found.filter((entry) => folderOf(entry.path) === chatFolder);
    const chosen = beside[0] ?? found[0]!;
    if (beside.length !== 1 && found.length > 1) {
      warnings.push(
        `Message ${message.index} names "${message.attachment}", which the ZIP holds ${found.length} times; linked to "${chosen.path}".`,
      );
    }
    keys.set(message.index, chosen.key);
  }
  for (const message of missing.slice(0, MISSING_NAMED)) {
    warnings.push(
      `Message ${message.index} names the attachment "${message.attachment}", which the ZIP does not contain.`,
    );
  }
  if (missing.length > MISSING_NAMED) {
    warnings.push(
      `${missing.length - MISSING_NAMED} more attachments named in the chat are not in the ZIP (messages ${missing[MISSING_NAMED]!.index} to ${missing.at(-1)!.index}).`,
    );
  }
  return { keys, warnings };
}
