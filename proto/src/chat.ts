import { z } from 'zod';
import type { ErrorReasons } from './errors';
import { ProcessingOptionsSchema } from './processing-options';

/** SPEC §3 Message. For a real voice message, `content` is the audio URL. */
export const MessageSchema = z.object({
  timestamp: z.string(),
  sender: z.string(),
  content: z.string(),
  type: z.enum(['text', 'voice']),
  duration: z.number().nonnegative().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/** SPEC §3 Chat data. */
export const ChatDataSchema = z.object({
  id: z.string(),
  originalFilename: z.string(),
  fileHash: z.string(),
  participants: z.array(z.string()),
  processingOptions: ProcessingOptionsSchema,
  messages: z.array(MessageSchema),
});
export type ChatData = z.infer<typeof ChatDataSchema>;

/** Why the parse service refused a request: the reason a BusError carries, with its code and message. */
export const PARSE_ERRORS = {
  CHAT_NOT_FOUND: { code: 'NOT_FOUND', message: 'No parsed chat for this export.' },
} as const satisfies ErrorReasons<string>;
