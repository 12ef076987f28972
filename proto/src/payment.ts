import { z } from 'zod';

/** SPEC §5: the payment email must be text, @, text, dot, text. */
export const PAYMENT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PaymentIntentRequestSchema = z.object({
  bundleId: z.string().min(1, 'No payment bundle found'),
  userEmail: z
    .string()
    .min(1, 'Email is required')
    .regex(PAYMENT_EMAIL_PATTERN, 'Please enter a valid email address'),
});
export type PaymentIntentRequest = z.infer<typeof PaymentIntentRequestSchema>;

export const PaymentIntentResponseSchema = z.object({ checkoutUrl: z.string() });
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

export const PaymentStatusResponseSchema = z.object({
  isPaid: z.boolean(),
  pdfUrl: z.string().nullable(),
  chatExportId: z.string().nullable(),
});
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponseSchema>;

export const RepairResponseSchema = z.object({
  success: z.boolean(),
  pdfUrl: z.string().nullable(),
  chatExportId: z.string().nullable(),
});
export type RepairResponse = z.infer<typeof RepairResponseSchema>;

/** SPEC §3 Bundle: only its id is part of the contract. */
export const BundleSchema = z.object({ bundleId: z.string() });
export type Bundle = z.infer<typeof BundleSchema>;
