import { z } from 'zod';
import { ChatDataSchema } from './chat';

/** SPEC §3 Progress event, as sent on the server-sent event stream. */
export const ProgressEventSchema = z.object({
  progress: z.number().min(0).max(100),
  step: z.number().int().min(0).max(4),
  requiresPayment: z.boolean().optional(),
  messageCount: z.number().int().nonnegative().optional(),
  mediaSizeBytes: z.number().int().nonnegative().optional(),
  bundleId: z.string().optional(),
  checkoutUrl: z.string().optional(),
  done: z.boolean().optional(),
  pdfUrl: z.string().optional(),
  chatData: ChatDataSchema.optional(),
  /** Set when processing failed; the SPA shows it as the error notice. */
  error: z.string().optional(),
});
export type ProgressEvent = z.infer<typeof ProgressEventSchema>;

/** Response of POST /api/whatsapp/process. */
export const StartProcessingResponseSchema = z.object({ clientId: z.string() });
export type StartProcessingResponse = z.infer<typeof StartProcessingResponseSchema>;
