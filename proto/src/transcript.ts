import { z } from 'zod';
import { CALENDARS } from './calendar';
import { PACKAGE_PATHS } from './evidence-package';

/** What a parsed message is; the transcript shows each kind its own way. */
export const MESSAGE_TYPES = [
  'text',
  'voice',
  'audio',
  'image',
  'video',
  'sticker',
  'gif',
  'document',
  'contact',
  'location',
  'poll',
  'call',
  'omitted-media',
  'deleted',
  'system',
] as const;

/** Status of a message, shown as flags on its row (LEGAL: status, not text). */
export const MESSAGE_FLAGS = [
  /** "<This message was edited>" was appended. */
  'edited',
  /** The message is a deletion placeholder. */
  'deleted',
  /** View-once media (the export never holds the file). */
  'viewOnce',
  /** Earlier than the message before it in the export. */
  'outOfOrder',
  /** The header's date is impossible in the file's date order; the timestamp shows it as written. */
  'invalidDate',
] as const;

/**
 * A message as the transcript needs it: everything the parser found, with its provenance (the
 * source line range) and the ZIP entry its attachment was linked to.
 */
export const TranscriptMessageSchema = z.object({
  /** 1-based position in export order: the number a court cites. */
  index: z.number().int().min(1),
  /** First and last line of the chat text the message came from. */
  line: z.number().int().min(1),
  lineEnd: z.number().int().min(1),
  /** Local wall-clock time as written, `YYYY-MM-DDTHH:mm:ss`, no zone. */
  timestamp: z.string(),
  /**
   * Whether the export wrote this message's time with seconds (iOS "9:14:40 AM"; Android writes
   * none, and then the timestamp's ":00" is no recorded second).
   */
  secondsRecorded: z.boolean(),
  /** Exactly as the export names the author; null for system events. */
  sender: z.string().nullable(),
  /** For display: attachment and edited markers removed; a caption remains. */
  content: z.string(),
  type: z.enum(MESSAGE_TYPES),
  /** File name of the attached media as the chat text writes it. */
  attachment: z.string().nullable(),
  /** Path inside the upload of the entry the attachment was linked to; null when the ZIP lacks it. */
  attachmentPath: z.string().nullable(),
  flags: z.array(z.enum(MESSAGE_FLAGS)),
  /** Which system event, for type 'system'. */
  event: z.string().nullable(),
});
export type TranscriptMessage = z.infer<typeof TranscriptMessageSchema>;

/** What the parser learnt about the chat as a whole. */
export const TranscriptChatSchema = z.object({
  /** Path of the chat text inside the upload. */
  chatFile: z.string(),
  /** Authors in order of first appearance, exactly as written, never merged. */
  participants: z.array(z.string()),
  /** Anything assumed, repaired or suspicious, for the reader of the transcript. */
  warnings: z.array(z.string()),
  /** Header layout and date order the parser recognised, and the text encoding. */
  format: z.string().nullable(),
  dateOrder: z.string().nullable(),
  /** The calendar the export writes its dates in; timestamps are Gregorian unless it is Persian or Islamic. */
  calendar: z.enum(CALENDARS),
  encoding: z.string().nullable(),
  totalMessages: z.number().int().nonnegative(),
});
export type TranscriptChat = z.infer<typeof TranscriptChatSchema>;

/**
 * The transcript cover's completeness finding for an export whose last entry is the exporting
 * account's removal from the group: WhatsApp sent that account nothing later, so the export stops.
 */
export const exportEndsAtRemovalSentence = (message: string): string =>
  `The export ends at message ${message}, where the exporting account was removed from the group: the account received nothing after that, so messages written in the group later are not in this export.`;

/**
 * The transcript cover's word on copying right-to-left text, said when the chat has any: PDF text
 * extraction gives the drawn (visual) order, so its phrases can come out reordered.
 */
export const RIGHT_TO_LEFT_COPYING = `Right-to-left text (such as Arabic or Hebrew) copied out of this PDF may come out with its phrases in another order, as PDF text extraction (poppler\u2019s pdftotext, say) puts them in the order they are drawn; ${PACKAGE_PATHS.messagesCsv} in the evidence package holds each message\u2019s text in its logical order, as the export wrote it.`;
