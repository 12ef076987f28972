// Which text file of a ZIP is the chat. WhatsApp's own ZIPs hold one, but users also zip the files
// themselves: the chat may sit in a sub-folder, carry another name, or share the ZIP with notes.
// The chat is the text that parses as one, and the choice is reported.

import { countOf } from '@chatexhibit/proto/count-words';
import { isMacOsMetadataPath } from '@chatexhibit/proto/storage-layout';
import type { ParsedChat } from './chat-model';
import { parseChat } from './parse-chat';

export interface ChatTextCandidate {
  /** Path inside the ZIP. */
  name: string;
  bytes: Uint8Array;
}

export interface PickedChatText {
  name: string;
  chat: ParsedChat;
  /** Why this file: for logs and for anyone checking the choice. */
  reason: string;
  /** The reason again when there was a choice to make, for the transcript's warnings. */
  warnings: string[];
}

/** No chat text comes near this: WhatsApp caps exports at about 40,000 messages (a few MB). */
export const MAX_CHAT_TEXT_BYTES = 100 * 1024 * 1024;

/** Why a ZIP yields no chat, in words for the person who uploaded it. */
export const NO_CHAT_TEXT = {
  noTextFile:
    'This ZIP has no WhatsApp chat file. In WhatsApp, open the chat, choose "Export chat", and upload the ZIP it makes.',
  noChatHeader:
    'No text file in this ZIP reads as a WhatsApp chat. Upload the ZIP exactly as WhatsApp\'s "Export chat" made it.',
};

/** A ZIP entry that could be the chat: a .txt file that is not macOS metadata ("__MACOSX/…", "._name"). */
export function isChatTextCandidate(entryPath: string): boolean {
  return /\.txt$/i.test(entryPath) && !isMacOsMetadataPath(entryPath);
}

/** Names WhatsApp gives the chat text (iOS, then Android in several languages). */
const WHATSAPP_CHAT_NAME =
  /(?:^|\/)_chat\.txt$|(?:^|\/)(?:WhatsApp[ -]Chat|Chat de WhatsApp|Conversa do WhatsApp|Conversation WhatsApp)[^/]*\.txt$/i;

/**
 * The candidate with the most message headers, or null when none has any. Equal counts are
 * settled by a WhatsApp-given file name, then by order in the ZIP.
 */
export function pickChatText(candidates: readonly ChatTextCandidate[]): PickedChatText | null {
  const picker = new ChatTextPicker();
  for (const candidate of candidates) picker.consider(candidate);
  return picker.pick();
}

/**
 * `pickChatText` one candidate at a time: only the best chat so far is kept, so a service can
 * read the ZIP's text files one by one instead of holding them all at once.
 */
export class ChatTextPicker {
  private best: { name: string; chat: ParsedChat } | null = null;
  private tied: string[] = [];
  private readonly counts: { name: string; count: number }[] = [];

  consider(candidate: ChatTextCandidate): void {
    const chat = parseChat(candidate.bytes);
    const count = chat.messages.length;
    this.counts.push({ name: candidate.name, count });
    if (count === 0) return;
    const best = this.best;
    if (best === null || count > best.chat.messages.length) {
      this.best = { name: candidate.name, chat };
      this.tied = [candidate.name];
    } else if (count === best.chat.messages.length) {
      this.tied.push(candidate.name);
      if (!isWhatsAppName(best.name) && isWhatsAppName(candidate.name))
        this.best = { name: candidate.name, chat };
    }
  }

  pick(): PickedChatText | null {
    if (this.best === null) return null;
    const { name, chat } = this.best;
    const headers = (count: number): string => countOf(count, 'message header');
    if (this.counts.length === 1) {
      return { name, chat, reason: `"${name}" is the only text file.`, warnings: [] };
    }
    const others = this.counts
      .filter((c) => c.name !== name)
      .map((c) => `"${c.name}" ${headers(c.count)}`)
      .join(', ');
    let reason = `"${name}" was taken as the chat text among ${this.counts.length} text files: it has ${headers(chat.messages.length)} (${others}).`;
    if (this.tied.length > 1) {
      const whatsAppNamed = this.tied.filter(isWhatsAppName).length;
      const why =
        whatsAppNamed === 0
          ? 'it comes first in the ZIP'
          : whatsAppNamed === 1
            ? 'its name is the one WhatsApp gives chat exports'
            : 'it comes first of those named the way WhatsApp names chat exports';
      reason += ` ${this.tied.length} files have that many headers; this one was taken because ${why}.`;
    }
    return { name, chat, reason, warnings: [reason] };
  }
}

function isWhatsAppName(name: string): boolean {
  return WHATSAPP_CHAT_NAME.test(name);
}
