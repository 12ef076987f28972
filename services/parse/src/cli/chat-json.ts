// The parse CLI's JSON. Compact output is written in pieces as it is produced: one JSON.stringify
// of the whole chat builds the entire text (about three times the chat file) as a single string
// before the first byte goes out, then Node copies it once more to encode it; at 200,000 messages
// that took most of the command's time. A few hundred messages at a time keep every string small
// and short-lived.

import type { ChatMessage, ParsedChat } from '../domain/chat-model';

/** Messages per written piece: fastest measured between 100 and 1,000 (V8 flattens longer concatenations at a cost). */
const MESSAGES_PER_PIECE = 200;

/** The CLI's JSON: a message's main fields, and what the reader needs to trust the result. */
export interface CliChatJson {
  messages: Pick<
    ChatMessage,
    'index' | 'timestamp' | 'sender' | 'raw' | 'content' | 'type' | 'attachment' | 'line'
  >[];
  participants: string[];
  dateOrder: ParsedChat['dateOrder'];
  warnings: string[];
}

export function cliChatJson(chat: ParsedChat, warnings: string[]): CliChatJson {
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

/** Writes exactly `JSON.stringify(cliChatJson(chat, warnings))`, in pieces, through `write`. */
export function writeCompactChatJson(
  chat: ParsedChat,
  warnings: string[],
  write: (piece: string) => void,
): void {
  const { messages } = chat;
  // A chat has few senders: each is escaped once.
  const quotedSenders = new Map<string | null, string>();
  let piece = '{"messages":[';
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    let sender = quotedSenders.get(m.sender);
    if (sender === undefined) {
      sender = JSON.stringify(m.sender);
      quotedSenders.set(m.sender, sender);
    }
    const raw = JSON.stringify(m.raw);
    // Most messages' content is their raw text unchanged: escaped once for both.
    const content = m.content === m.raw ? raw : JSON.stringify(m.content);
    const attachment = m.attachment === null ? 'null' : JSON.stringify(m.attachment);
    // Timestamps (digits, "-", "T", ":") and types (fixed ASCII names) need no escaping.
    piece += `${i === 0 ? '' : ','}{"index":${m.index},"timestamp":"${m.timestamp}","sender":${sender},"raw":${raw},"content":${content},"type":"${m.type}","attachment":${attachment},"line":${m.line}}`;
    if ((i + 1) % MESSAGES_PER_PIECE === 0) {
      write(piece);
      piece = '';
    }
  }
  write(
    `${piece}],"participants":${JSON.stringify(chat.participants)},"dateOrder":${JSON.stringify(chat.dateOrder)},"warnings":${JSON.stringify(warnings)}}`,
  );
}
