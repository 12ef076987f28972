import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import type { ChatMessage } from './chat-model';

/** A parsed message as the transcript contract carries it, with the path its attachment was linked to. */
export const toTranscriptMessage = (
  message: Omit<ChatMessage, 'raw'>,
  attachmentPath: string | null,
): TranscriptMessage => ({
  index: message.index,
  line: message.line,
  lineEnd: message.lineEnd,
  timestamp: message.timestamp,
  secondsRecorded: message.secondsRecorded,
  sender: message.sender,
  content: message.content,
  type: message.type,
  attachment: message.attachment,
  attachmentPath,
  flags: [...message.flags],
  event: message.event,
});
