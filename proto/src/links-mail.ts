import { z } from 'zod';
import { PaymentIntentRequestSchema } from './payment';

/**
 * POST /api/whatsapp/export/{exportId}/email: a free export's links mailed to its uploader, who
 * asked for them on the page (a bought export's go to the buyer on payment). The address is
 * checked as the checkout's is.
 */
export const LinksMailRequestSchema = z.object({
  // The mail queue takes only what z.email() does, which is stricter than the checkout's pattern.
  email: PaymentIntentRequestSchema.shape.userEmail.pipe(z.email('Please enter a valid email address')),
});
export type LinksMailRequest = z.infer<typeof LinksMailRequestSchema>;

/** 202: the mail is queued; its links work until retention deletes the export's files. */
export const LinksMailResponseSchema = z.object({
  emailedTo: z.string(),
  deleteAfter: z.iso.datetime(),
});
export type LinksMailResponse = z.infer<typeof LinksMailResponseSchema>;
