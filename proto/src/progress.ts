import { z } from 'zod';
import { ChatDataSchema } from './chat';

/**
 * Why processing refused the uploaded file, when the browser has guidance for it beside the
 * sentence: `NOT_A_WHATSAPP_EXPORT`, a ZIP with no WhatsApp chat file in it.
 */
export const ProgressErrorReasonSchema = z.enum(['NOT_A_WHATSAPP_EXPORT']);
export type ProgressErrorReason = z.infer<typeof ProgressErrorReasonSchema>;

/**
 * What a person sees when processing their export ended the server's process twice (it ran out
 * of memory, say): the export is set aside rather than tried again, and again.
 */
export const PROCESS_ENDED_MESSAGE =
  'This export could not be processed: the server stopped twice while working on it, so it will not be tried again. If it is a ZIP exactly as WhatsApp\'s "Export chat" made it, please contact support.';

/**
 * What a person sees when drawing their export's documents needed more memory than one export
 * may have (the documents step's worker has its own heap limit): the site goes on for everyone.
 */
export const DOCUMENTS_OUT_OF_MEMORY_MESSAGE =
  'This chat is too large to be made into documents: drawing it needed more memory than the server allows for one export. It cannot be processed.';

/**
 * What a person sees when drawing their export's documents took longer than one export may (the
 * documents step's worker has its own time budget): the worker is free again for everyone.
 */
export const DOCUMENTS_TOO_SLOW_MESSAGE =
  'This chat is too large to be made into documents: drawing it took longer than the server allows for one export. It cannot be processed.';

/**
 * An export's progress as the pipeline records it (`progress.<key>`): what the services know.
 * The latest one is kept, so a browser that reconnects to any gateway gets it at once. Every
 * part that reports progress may read it, so it carries nothing that opens or buys anything:
 * the bundle id of a payment-required export comes from payment (see ProgressEventSchema).
 */
export const ExportProgressSchema = z.object({
  /** 0-100; 100 only on the final event (done, payment required or error). */
  progress: z.number().min(0).max(100),
  step: z.number().int().min(0).max(4),
  requiresPayment: z.boolean().optional(),
  messageCount: z.number().int().nonnegative().optional(),
  mediaSizeBytes: z.number().int().nonnegative().optional(),
  done: z.boolean().optional(),
  /** Set when processing failed: a sentence for the person who uploaded, never a stack trace. */
  error: z.string().optional(),
  /** With `error`, when the file is the cause and has a name the browser knows. */
  errorReason: ProgressErrorReasonSchema.optional(),
});
export type ExportProgress = z.infer<typeof ExportProgressSchema>;

/** The final event of an export: nothing comes after it. */
export const isFinalProgress = (event: ExportProgress): boolean =>
  event.done === true || event.requiresPayment === true || event.error !== undefined;

/**
 * Whether `next` replaces `current` as an export's latest state. Progress only moves forward
 * (a redelivered step must not send a browser back) and the first final event stays final.
 */
export const supersedes = (next: ExportProgress, current: ExportProgress | null): boolean =>
  current === null ||
  (!isFinalProgress(current) && (isFinalProgress(next) || next.progress > current.progress));

/**
 * SPEC §3 Progress event, as sent on the server-sent event stream: the recorded progress plus
 * what the gateway adds for the browser on the final event (the PDF's link, chat data, or the
 * bundle that buys the export, as payment answers it).
 */
export const ProgressEventSchema = ExportProgressSchema.extend({
  bundleId: z.string().optional(),
  checkoutUrl: z.string().optional(),
  pdfUrl: z.string().optional(),
  chatData: ChatDataSchema.optional(),
  /** A free export's final event: when its files are deleted from the servers (ISO 8601). */
  deleteAfter: z.iso.datetime().optional(),
});
export type ProgressEvent = z.infer<typeof ProgressEventSchema>;

/** Response of POST /api/whatsapp/process. */
export const StartProcessingResponseSchema = z.object({ clientId: z.string() });
export type StartProcessingResponse = z.infer<typeof StartProcessingResponseSchema>;
