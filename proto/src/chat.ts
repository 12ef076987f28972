import { z } from 'zod';
import type { ErrorReasons } from './errors';
import { IdentifierScanSchema } from './identifier-scan';
import { ProcessingOptionsSchema, TimeZoneSourceSchema } from './processing-options';

/** SPEC §3 Message. For a real voice message, `content` is the audio URL. */
export const MessageSchema = z.object({
  timestamp: z.string(),
  /** Whether the export wrote the time with seconds; absent (as in SPEC) means it did not. */
  secondsRecorded: z.boolean().optional(),
  sender: z.string(),
  content: z.string(),
  type: z.enum(['text', 'voice']),
  duration: z.number().nonnegative().optional(),
  /**
   * The UTC instant the recorded local time stands for in the chat data's `timeZone`, ISO 8601 (to
   * the minute when the export recorded no seconds); null where it stands for none (a local time
   * that zone skipped, a date that cannot be read). Only `npm run convert`'s chat.json has it.
   */
  utc: z.string().nullable().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/** SPEC §3 Chat data. */
export const ChatDataSchema = z.object({
  id: z.string(),
  originalFilename: z.string(),
  fileHash: z.string(),
  participants: z.array(z.string()),
  processingOptions: ProcessingOptionsSchema,
  /** The zone each message's `utc` is computed in, and where it came from (with `utc`). */
  timeZone: z.string().optional(),
  timeZoneSource: TimeZoneSourceSchema.optional(),
  messages: z.array(MessageSchema),
  /**
   * What the scan for Rule 5.2(a) identifiers found in the transcript's messages when its documents
   * were made: kinds and message numbers, never the text. Absent for documents made before the scan.
   */
  identifierScan: IdentifierScanSchema.optional(),
});
export type ChatData = z.infer<typeof ChatDataSchema>;

/** Why the parse service refused a request: the reason a BusError carries, with its code and message. */
export const PARSE_ERRORS = {
  CHAT_NOT_FOUND: { code: 'NOT_FOUND', message: 'No parsed chat for this export.' },
} as const satisfies ErrorReasons<string>;
