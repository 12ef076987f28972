import { z } from 'zod';
import { ProcessingOptionsSchema } from './processing-options';

/** SPEC §3 Message. For a real voice message, `content` is the audio URL. */
export const MessageSchema = z.object({
  timestamp: z.string(),
  /** Whether the export wrote the time with seconds; absent (as in SPEC) means it did not. */
  secondsRecorded: z.boolean().optional(),
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
