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
import { ExportFactsSchema } from './processing-options';
import { ExportProgressSchema } from './progress';
import { TranscriptChatSchema, TranscriptMessageSchema } from './transcript';

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
 * A message as the parse service answers it: the SPEC Message plus its number in the export,
 * its attachment's file name and the ZIP entry that name was linked to (null when the ZIP lacks
 * it), from which the gateway builds the audio URL of a voice note.
 */
export const StoredMessageSchema = MessageSchema.extend({
  index: z.number().int().min(1),
  attachment: z.string().nullable(),
  attachmentPath: z.string().nullable(),
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

/**
 * A chat as the transcript needs it, one page of messages at a time (parse service): every
 * message with its type, flags, source lines and linked attachment.
 */
export const TRANSCRIPT_PAGE_REQUEST = requestContract(
  'chat.transcript',
  z.object({
    chatExportId: z.uuid(),
    page: z.object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(5000) }),
  }),
  TranscriptChatSchema.extend({ messages: z.array(TranscriptMessageSchema) }),
);

/**
 * Whether an export's results may be read (payment): free exports and paid bundles may;
 * anything else (unpaid, unknown, not yet decided) may not, and the gateway answers 404.
 */
export const EXPORT_ACCESS_REQUEST = requestContract(
  'payment.access',
  ExportRef,
  z.object({ readable: z.boolean() }),
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
  ExportRef.extend({ facts: ExportFactsSchema }),
  (p) => `${p.exportId}:ingest`,
);

/** What ingest hands on: the export facts and the entries' total size. */
const AfterIngest = ExportRef.extend({
  facts: ExportFactsSchema,
  /** Sum of every stored entry; the chat text's share is taken off once parse has picked it. */
  entriesSizeBytes: z.number().int().nonnegative(),
});

/** What every step after parse carries: the counts the free-tier decision is made on. */
const AfterParse = ExportRef.extend({
  facts: ExportFactsSchema,
  messageCount: z.number().int().nonnegative(),
  /** Size of the media: every entry but the chat text. */
  mediaSizeBytes: z.number().int().nonnegative(),
});

/** Step 1: parse the chat text (parse). The facts travel along, so no service reads ingest's tables. */
export const PARSE_JOB = jobContract('jobs.parse', AfterIngest, (p) => `${p.exportId}:parse`);

/** Step 2: convert voice notes to MP3, thumbnails (media). */
export const MEDIA_JOB = jobContract('jobs.media', AfterParse, (p) => `${p.exportId}:media`);

/** Step 3: transcript PDF, court-filing PDF and evidence ZIP (pdf). */
export const PDF_JOB = jobContract('jobs.pdf', AfterParse, (p) => `${p.exportId}:pdf`);

/** Step 4: free-tier decision and bundle creation (payment). */
export const PAYMENT_DECISION_JOB = jobContract(
  'jobs.payment.decide',
  AfterParse,
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
export const PROGRESS_EVENT = eventContract('progress', ExportProgressSchema);
