import { z } from 'zod';
import { eventContract, jobContract, requestContract, type RequestContract } from './contract';
import { ChatDataSchema, MessageSchema } from './chat';
import { ContactMessageSchema } from './contact';
import { PartHealthSchema, SERVICE_NAMES, type ServiceName } from './health';
import {
  PaymentIntentRequestSchema,
  PaymentIntentResponseSchema,
  PaymentStatusResponseSchema,
  RepairResponseSchema,
} from './payment';
import { ProcessingOptionsSchema } from './processing-options';
import { ProgressEventSchema } from './progress';

/**
 * The catalogue of NATS subjects. Every process validates what it receives against these
 * schemas; the deployment prefix (NATS_PREFIX) is added by the bus adapters, not here.
 */

const ExportRef = z.object({ exportId: z.uuid() });

// ── Queries (request-reply) ────────────────────────────────────────────────────────────

const EmptyRequest = z.object({}).strict();

/** `health.<service>`: each service reports its own dependencies. */
export const HEALTH_REQUESTS = Object.fromEntries(
  SERVICE_NAMES.map((name) => [name, requestContract(`health.${name}`, EmptyRequest, PartHealthSchema)]),
) as Record<ServiceName, RequestContract<typeof EmptyRequest, typeof PartHealthSchema>>;

/**
 * A message as the parse service answers it: the SPEC Message plus its number in the export
 * and its attachment's file name, from which the gateway builds the audio URL of a voice note.
 */
export const StoredMessageSchema = MessageSchema.extend({
  index: z.number().int().min(1),
  attachment: z.string().nullable(),
});
export type StoredMessage = z.infer<typeof StoredMessageSchema>;

/** Chat data of an export, whole or one page of messages at a time (parse service). */
export const CHAT_DATA_REQUEST = requestContract(
  'chat.get',
  z.object({
    chatExportId: z.uuid(),
    page: z.object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(5000) }).optional(),
  }),
  ChatDataSchema.extend({
    messages: z.array(StoredMessageSchema),
    totalMessages: z.number().int().nonnegative(),
  }),
);

export const PAYMENT_STATUS_REQUEST = requestContract(
  'payment.status',
  z.object({ bundleId: z.uuid() }),
  PaymentStatusResponseSchema,
);

export const PAYMENT_REPAIR_REQUEST = requestContract(
  'payment.repair',
  z.object({ bundleId: z.uuid() }),
  RepairResponseSchema,
);

export const PAYMENT_CHECKOUT_REQUEST = requestContract(
  'payment.checkout',
  PaymentIntentRequestSchema,
  PaymentIntentResponseSchema,
);

// ── Durable work (JetStream) ───────────────────────────────────────────────────────────

/** Step 0: unzip the stored upload safely, hash and store every entry (ingest). */
export const INGEST_JOB = jobContract(
  'jobs.ingest',
  ExportRef.extend({
    uploadKey: z.string().min(1),
    originalFilename: z.string().min(1),
    options: ProcessingOptionsSchema,
    /** IANA zone the uploader declared (default: the browser's), stated on the transcript. */
    timeZone: z.string().min(1),
  }),
  (p) => `${p.exportId}:ingest`,
);

/**
 * Step 1: parse the chat text (parse). Carries the export facts the chat data answers with, so
 * the parse service never reads ingest's tables.
 */
export const PARSE_JOB = jobContract(
  'jobs.parse',
  ExportRef.extend({
    originalFilename: z.string().min(1),
    fileHash: z.string().regex(/^[0-9a-f]{64}$/),
    options: ProcessingOptionsSchema,
  }),
  (p) => `${p.exportId}:parse`,
);

/** Step 2: convert voice notes to MP3, thumbnails (media). */
export const MEDIA_JOB = jobContract(
  'jobs.media',
  ExportRef.extend({ messageCount: z.number().int().nonnegative() }),
  (p) => `${p.exportId}:media`,
);

/** Step 3: transcript PDF, court-filing PDF and evidence ZIP (pdf). */
export const PDF_JOB = jobContract('jobs.pdf', ExportRef, (p) => `${p.exportId}:pdf`);

/** Step 4: free-tier decision and bundle creation (payment). */
export const PAYMENT_DECISION_JOB = jobContract(
  'jobs.payment.decide',
  ExportRef.extend({
    messageCount: z.number().int().nonnegative(),
    mediaSizeBytes: z.number().int().nonnegative(),
  }),
  (p) => `${p.exportId}:payment-decision`,
);

/** A verified Stripe webhook event; the handler re-reads the session from Stripe. */
export const STRIPE_EVENT_JOB = jobContract(
  'jobs.payment.stripe-event',
  z.object({ eventId: z.string().min(1), type: z.string().min(1) }),
  (p) => `stripe-event:${p.eventId}`,
);

/** An email to send, retried until the SMTP server accepts it (notification). */
export const MAIL_JOB = jobContract(
  'jobs.notification.mail',
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('download-link'),
      mailId: z.uuid(),
      to: z.email(),
      bundleId: z.uuid(),
      downloadUrl: z.url(),
      expiresAt: z.iso.datetime(),
    }),
    z.object({ kind: z.literal('contact'), mailId: z.uuid(), contactId: z.uuid() }),
  ]),
  (p) => `mail:${p.mailId}`,
);

/** A contact-form message to store and forward to support (notification). */
export const CONTACT_JOB = jobContract(
  'jobs.notification.contact',
  ContactMessageSchema.extend({ contactId: z.uuid(), receivedAt: z.iso.datetime() }),
  (p) => `contact:${p.contactId}`,
);

export const JOBS = [
  INGEST_JOB,
  PARSE_JOB,
  MEDIA_JOB,
  PDF_JOB,
  PAYMENT_DECISION_JOB,
  STRIPE_EVENT_JOB,
  MAIL_JOB,
  CONTACT_JOB,
] as const;

// ── Events ─────────────────────────────────────────────────────────────────────────────

/** `progress.<exportId>`: every step reports here; the gateway fans it out over SSE. */
export const PROGRESS_EVENT = eventContract('progress', ProgressEventSchema);
