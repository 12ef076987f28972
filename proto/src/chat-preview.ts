import { z } from 'zod';
import { MessageSchema } from './chat';
import { ProcessingOptionsSchema } from './processing-options';

/**
 * GET /api/whatsapp/preview/{exportId}: what the uploader of an export waiting for payment sees
 * of their own chat before paying, so they can tell it is the right one. Only the first page of
 * entries; voice notes without their audio (the documents and media stay locked until paid).
 */
export const ChatPreviewSchema = z.object({
  originalFilename: z.string(),
  fileHash: z.string(),
  participants: z.array(z.string()),
  processingOptions: ProcessingOptionsSchema,
  /** The first and the last entry's time, as the chat states it (local, no zone). */
  firstEntryAt: z.string().nullable(),
  lastEntryAt: z.string().nullable(),
  /** Every entry the transcript numbers: people's messages and system lines. */
  entries: z.number().int().nonnegative(),
  /** What the free tier counts: every entry but WhatsApp's own notices (parse's freeTierCount). */
  countedEntries: z.number().int().nonnegative(),
  /** WhatsApp's own notices the parser recognises (encryption, joins, changed numbers...): not counted. */
  whatsappNotices: z.number().int().nonnegative(),
  /** The first page of entries (PREVIEW_PAGE_SIZE). */
  messages: z.array(MessageSchema),
});
export type ChatPreview = z.infer<typeof ChatPreviewSchema>;
