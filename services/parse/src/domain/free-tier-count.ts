import type { ChatMessage } from './chat-model';

/**
 * What the free tier counts of a chat: every entry but the notices WhatsApp writes itself that
 * the parser recognises (the encryption notice, joins, number changes...). A system line whose
 * text no language table knows counts like a message: any line without "Name: " is a system
 * line, so free text written that way would otherwise be free.
 */
export const freeTierCount = (messages: readonly ChatMessage[]): number =>
  messages.filter((m) => m.type !== 'system' || m.event === null).length;
