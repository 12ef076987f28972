// What the parser produces. Plain data, JSON-serialisable.

import type { MESSAGE_FLAGS, MESSAGE_TYPES } from '@chatexhibit/proto/transcript';
import type { Calendar } from '@chatexhibit/proto/calendar';
import type { DateOrder } from './date-order';
import type { TextEncodingName } from './decode';
import type { HeaderFormat, HeaderLayout } from './header-formats';
import type { SystemEvent } from './system-events';

/** What a message is; the contract in proto is the one list. */
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The types a file attached to a message can have (decided from its name). */
export type AttachmentType = Extract<
  MessageType,
  'voice' | 'audio' | 'image' | 'video' | 'sticker' | 'gif' | 'document' | 'contact'
>;

/** A message's status flags; the contract in proto is the one list, with what each means. */
export type MessageFlag = (typeof MESSAGE_FLAGS)[number];

export interface ChatMessage {
  /** 1-based position in export order: the number a court cites ("message 0412"). */
  index: number;
  /** First and last source line (1-based) of the message, continuation lines included. */
  line: number;
  lineEnd: number;
  /** Local wall-clock time as written, `YYYY-MM-DDTHH:mm:ss`, no zone; seconds 00 when the export has none. */
  timestamp: string;
  /** Whether the header wrote seconds (iOS "[07/09/2023, 9:14:40 AM]"; Android writes none), so `timestamp`'s are recorded. */
  secondsRecorded: boolean;
  /** As the export names the author, invisible marks removed; null for system events. */
  sender: string | null;
  /**
   * Exactly what the export wrote after the header (and after "Author: " when there is an
   * author); continuation lines joined by "\n"; no trailing line break added.
   */
  raw: string;
  /** For display: whitespace and direction marks trimmed from the edges, attachment and edited markers removed (a caption remains). */
  content: string;
  type: MessageType;
  /** File name of the attached media as written (without invisible marks), or null. */
  attachment: string | null;
  flags: readonly MessageFlag[];
  /** Which of WhatsApp's notices, for type 'system'; null otherwise, and for a system line whose text no language table knows. */
  event: SystemEvent | null;
}

export interface ParsedChat {
  /** Header layout of the export, or null when no line is a message header. */
  format: HeaderLayout | null;
  headerFormat: HeaderFormat | null;
  /** The calendar the export's dates are written in (of its main header format); timestamps are Gregorian unless it is 'persian' or 'islamic' (see the warnings). */
  calendar: Calendar;
  dateOrder: DateOrder | null;
  /** How the bytes were decoded; null when the caller passed text. */
  encoding: TextEncodingName | null;
  /** Lines in the text, as numbered by `line`/`lineEnd` (a final line break ends the last line). */
  lineCount: number;
  messages: ChatMessage[];
  /** Authors in order of first appearance, as written (invisible marks removed), never merged. */
  participants: string[];
  /** Lines before the first message header (line 1 onwards), which belong to no message. */
  preamble: string[];
  /** For the reader of the transcript: anything assumed, repaired or suspicious. */
  warnings: string[];
}
