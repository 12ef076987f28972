import { z } from 'zod';
import type { ErrorReasons } from './errors';

/** SPEC §5: the payment email must be text, @, text, dot, text. */
export const PAYMENT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// A field left out gets the same sentence as one left empty, not zod's "Invalid input".
export const PaymentIntentRequestSchema = z.object({
  bundleId: z.string({ error: 'No payment bundle found' }).min(1, 'No payment bundle found'),
  userEmail: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'Email is required' : 'Please enter a valid email address',
    })
    .min(1, 'Email is required')
    .regex(PAYMENT_EMAIL_PATTERN, 'Please enter a valid email address'),
});
export type PaymentIntentRequest = z.infer<typeof PaymentIntentRequestSchema>;

export const PaymentIntentResponseSchema = z.object({ checkoutUrl: z.string() });
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/**
 * A bought bundle's receipt, for the page's "Your documents are ready" panel (not in the SPEC):
 * nothing in it opens anything. The export is named by its reference (CE-XXXX-XXXX-XXXX), never
 * by its or the bundle's id; the address is the buyer's, as Stripe confirmed it, where the links
 * went.
 */
export const PurchaseReceiptSchema = z.object({
  reference: z.string(),
  amountCents: z.number().int().nonnegative(),
  /** ISO 4217, upper case (USD). */
  currency: z.string(),
  paidAt: z.iso.datetime(),
  emailedTo: z.string().nullable(),
  /** When the files are deleted (90 days after purchase, later if support extended it): the links end with them. */
  filesKeptUntil: z.iso.datetime(),
});
export type PurchaseReceipt = z.infer<typeof PurchaseReceiptSchema>;

export const PaymentStatusResponseSchema = z.object({
  isPaid: z.boolean(),
  pdfUrl: z.string().nullable(),
  chatExportId: z.string().nullable(),
  /** Besides SPEC's fields: the receipt once the bundle is bought, else null. */
  purchase: PurchaseReceiptSchema.nullable(),
});
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponseSchema>;

export const RepairResponseSchema = z.object({
  success: z.boolean(),
  pdfUrl: z.string().nullable(),
  chatExportId: z.string().nullable(),
});
export type RepairResponse = z.infer<typeof RepairResponseSchema>;

/** What the payment routes answer besides SPEC §5's sentences (not in the SPEC). */
export const PAYMENT_MESSAGES = {
  /** SPEC §5: no bundle id, or one that names no bundle. */
  noBundle: 'No payment bundle found',
  alreadyPaid: 'This export has already been paid for. Check your email for the download links.',
  refunded: 'This export was refunded, so it can no longer be downloaded. Contact support to buy it again.',
  webhookSignature: 'The webhook signature could not be verified.',
  testCheckoutClosed: 'This test checkout has ended.',
  expired: 'This export has expired and its files were deleted. Please upload it again.',
  deletedOnRequest:
    "This export was deleted at its uploader's request: its files and download links are gone.",
  /** The last progress of an export deleted (by its uploader, or when it expired): nothing comes after. */
  deleted: 'This export was deleted.',
  checkoutUnavailable: 'Checkout could not be started. Please try again.',
} as const;

/** Why the payment service refused a request: the reason a BusError carries, with its code and message. */
export const PAYMENT_ERRORS = {
  BUNDLE_NOT_FOUND: { code: 'NOT_FOUND', message: PAYMENT_MESSAGES.noBundle },
  EXPORT_NOT_FOUND: { code: 'NOT_FOUND', message: 'No export found.' },
  EXPORT_EXPIRED: { code: 'GONE', message: PAYMENT_MESSAGES.expired },
  EXPORT_DELETED: { code: 'GONE', message: PAYMENT_MESSAGES.deletedOnRequest },
  ALREADY_PAID: { code: 'CONFLICT', message: PAYMENT_MESSAGES.alreadyPaid },
  REFUNDED: { code: 'CONFLICT', message: PAYMENT_MESSAGES.refunded },
  NOT_PAID: { code: 'CONFLICT', message: 'This bundle is not paid for: there is nothing to refund.' },
  NO_LINKS_TO_SEND: {
    code: 'CONFLICT',
    message: 'This bundle is not paid for (or was refunded): there are no links to send.',
  },
  CHECKOUT_UNAVAILABLE: { code: 'UNAVAILABLE', message: PAYMENT_MESSAGES.checkoutUnavailable },
  WEBHOOK_SIGNATURE_INVALID: { code: 'INVALID_REQUEST', message: PAYMENT_MESSAGES.webhookSignature },
  TEST_CHECKOUT_NOT_FOUND: { code: 'NOT_FOUND', message: 'This test checkout does not exist.' },
  TEST_CHECKOUT_CLOSED: { code: 'CONFLICT', message: PAYMENT_MESSAGES.testCheckoutClosed },
  /** Support's operations without a configured SUPPORT_TOKEN (the gateway answers 404 alike). */
  SUPPORT_DISABLED: { code: 'NOT_FOUND', message: 'Support is not enabled here: set SUPPORT_TOKEN.' },
  /** Support's operations with another token than SUPPORT_TOKEN (the gateway answers 401 alike). */
  SUPPORT_TOKEN_WRONG: { code: 'INVALID_REQUEST', message: 'The support token is missing or wrong.' },
} as const satisfies ErrorReasons<string>;
export type PaymentErrorReason = keyof typeof PAYMENT_ERRORS;

/** Why an export's files are gone: its uploader deleted it, or it passed its retention date. */
export const GoneSchema = z.enum(['deleted', 'expired']);
export type Gone = z.infer<typeof GoneSchema>;

/** The refusal (410) for each way an export went, so that a client tells one from the other. */
export const GONE_REFUSALS = {
  deleted: 'EXPORT_DELETED',
  expired: 'EXPORT_EXPIRED',
} as const satisfies Record<Gone, PaymentErrorReason>;

/** Where the gateway serves the local test checkout page of a session (no Stripe keys). */
export const testCheckoutPath = (sessionId: string): string =>
  `/api/test-checkout/${encodeURIComponent(sessionId)}`;

/** The local test checkout page (no Stripe keys): what it shows of its session. */
export const TestCheckoutViewSchema = z.object({
  sessionId: z.string(),
  amountLabel: z.string(),
  email: z.string().nullable(),
  /** Stripe's session status: only an open session can be paid. */
  status: z.enum(['open', 'complete', 'expired']),
  cancelUrl: z.string(),
});
export type TestCheckoutView = z.infer<typeof TestCheckoutViewSchema>;

/** What support sees of a bundle (`npm run support -- status`). */
export const SupportBundleSchema = z.object({
  bundleId: z.string(),
  exportId: z.string(),
  originalFilename: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  email: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  refundedAt: z.iso.datetime().nullable(),
  receivedAt: z.iso.datetime().nullable(),
  deleteAfter: z.iso.datetime().nullable(),
  expiredAt: z.iso.datetime().nullable(),
  sessions: z.array(
    z.object({ id: z.string(), status: z.string(), paymentStatus: z.string(), createdAt: z.iso.datetime() }),
  ),
});
export type SupportBundle = z.infer<typeof SupportBundleSchema>;

/** Support's extension of an export's storage: whole months, $1 each (SPEC §9). */
export const ExtendRetentionRequestSchema = z.object({
  months: z.number({ error: 'months must be a number' }).int('months must be whole').min(1).max(24),
});

/** What support's operations answer, on the bus and over HTTP alike. */
export const SUPPORT_ANSWERS = {
  status: z.object({ bundles: z.array(SupportBundleSchema) }),
  extend: z.object({ bundleId: z.uuid(), deleteAfter: z.iso.datetime() }),
  resend: z.object({ bundleId: z.uuid(), to: z.string(), mailId: z.uuid() }),
  refund: z.object({ bundleId: z.uuid(), refundId: z.string(), refundedAt: z.iso.datetime() }),
};
