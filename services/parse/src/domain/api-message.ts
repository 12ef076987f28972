// A parsed message as the SPEC's API Message: { timestamp, sender, content, type: 'text' |
// 'voice', duration? }. The API knows only text and voice; everything else is shown as text.

import type { Message as ApiMessage } from '@chatexhibit/proto/chat';

/** What the mapping reads: a parsed message, or one as stored (where `type` is a plain string). */
export interface ApiMessageSource {
  timestamp: string;
  secondsRecorded: boolean;
  sender: string | null;
  content: string;
  type: string;
  attachment: string | null;
}

/** The playable copy of a voice note, once the media step has made one. */
export interface VoiceNoteAudio {
  url: string;
  durationSeconds?: number;
}

/**
 * The API sender of system events (no author). Empty rather than a word such as "System": a
 * participant can be called "System", and a transcript must never merge identities; no author
 * ever has an empty name, so the empty string cannot be mistaken for one.
 */
export const SYSTEM_SENDER = '';

export function toApiMessage(message: ApiMessageSource, voice?: VoiceNoteAudio): ApiMessage {
  const sender = message.sender ?? SYSTEM_SENDER;
  if (message.type === 'voice') {
    // SPEC: a real voice message's content is its audio URL. Until there is one, its file name.
    return {
      timestamp: message.timestamp,
      secondsRecorded: message.secondsRecorded,
      sender,
      content: voice?.url ?? message.attachment ?? message.content,
      type: 'voice',
      ...(voice?.durationSeconds !== undefined && { duration: voice.durationSeconds }),
    };
  }
  // An attached file shows as its name, with the caption (if any) below it.
  const content =
    message.attachment === null
      ? message.content
      : message.content === ''
        ? message.attachment
        : `${message.attachment}\n${message.content}`;
  return {
    timestamp: message.timestamp,
    secondsRecorded: message.secondsRecorded,
    sender,
    content,
    type: 'text',
  };
}
