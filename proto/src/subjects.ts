import { z } from 'zod';
import {
  type EventContract,
  eventContract,
  type JobContract,
  jobContract,
  requestContract,
  type RequestContract,
} from './contract';
import { ChatDataSchema, MessageSchema } from './chat';
import { ContactMessageSchema } from './contact';
import { isSmallExport } from './documents-cost';
import { ExhibitResponseSchema } from './exhibit-api';
import {
  ExhibitDraftSavedSchema,
  ExhibitDraftSchema,
  ExhibitSpecSchema,
  SavedExhibitDraftSchema,
} from './exhibit-spec';
import { type PartName, PartHealthSchema, SERVICE_NAMES, type ServiceName } from './health';
import {
  ExtendRetentionRequestSchema,
  GoneSchema,
  PaymentIntentRequestSchema,
  PaymentIntentResponseSchema,
  SUPPORT_ANSWERS,
  TestCheckoutViewSchema,
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
 * What the free tier counts of an export, as the parse service recorded them when it parsed the
 * chat: its entries but WhatsApp's notices (parse's freeTierCount) and the size of its media,
 * every ZIP entry but the chat text (ingest's sizes less the chat file parse picked). Payment
 * decides on these, never on counts a job carried through other services, any of which could
 * alter them. NOT_FOUND (PARSE_ERRORS.CHAT_NOT_FOUND) for an export parse has not stored.
 */
export const FREE_TIER_COUNTS_REQUEST = requestContract(
  'chat.free-tier-counts',
  ExportRef,
  z.object({
    messageCount: z.number().int().nonnegative(),
    mediaSizeBytes: z.number().int().nonnegative(),
  }),
);

/**
 * Whether an export's results may be read (payment): free exports and paid bundles may;
 * anything else (unpaid, unknown, not yet decided) may not, and the gateway answers 404. An
 * export past its retention date is `expired`: its links say so (410). The bundle that buys an
 * export over the free tier goes to its uploader this way, never in progress (which every part
 * that reports progress may read).
 */
export const EXPORT_ACCESS_REQUEST = requestContract(
  'payment.access',
  ExportRef,
  z.object({
    readable: z.boolean(),
    /** How the export's files went (null while they are kept). */
    gone: GoneSchema.nullable(),
    /** When retention deletes the export's files (null when payment never heard of it). */
    deleteAfter: z.iso.datetime().nullable(),
    /** The bundle that buys the export (null for a free, undecided or deleted one). */
    bundleId: z.uuid().nullable(),
  }),
);

/** A bundle's payment as the payment service knows it; the gateway adds the signed PDF link. */
export const PAYMENT_STATUS_REQUEST = requestContract(
  'payment.status',
  z.object({ bundleId: z.uuid() }),
  z.object({
    isPaid: z.boolean(),
    exportId: z.uuid(),
    /** A bought bundle's purchase, for the receipt the gateway answers (absent while unpaid). */
    purchase: z
      .object({
        paidAt: z.iso.datetime(),
        amountCents: z.number().int().nonnegative(),
        currency: z.string(),
        email: z.string().nullable(),
        deleteAfter: z.iso.datetime(),
      })
      .optional(),
  }),
);

/**
 * Re-reads a bundle's checkout sessions from Stripe, marks it paid when Stripe says so, and has
 * missing documents made again; `documentsReady` is false while they are being remade.
 */
export const PAYMENT_REPAIR_REQUEST = requestContract(
  'payment.repair',
  z.object({ bundleId: z.uuid() }),
  z.object({ isPaid: z.boolean(), exportId: z.uuid(), documentsReady: z.boolean() }),
);

/** A Stripe Checkout Session for an unpaid bundle (payment). */
export const PAYMENT_CHECKOUT_REQUEST = requestContract(
  'payment.checkout',
  z.object({ bundleId: z.uuid(), userEmail: PaymentIntentRequestSchema.shape.userEmail }),
  PaymentIntentResponseSchema,
);

/**
 * A Stripe webhook as the gateway received it: the raw body (base64, so the bytes the signature
 * covers arrive unchanged) and its Stripe-Signature header. The payment service verifies it.
 */
export const STRIPE_WEBHOOK_REQUEST = requestContract(
  'payment.webhook',
  z.object({ payloadBase64: z.base64(), signature: z.string() }),
  z.object({ received: z.literal(true) }),
);

/** The local test checkout page's session (payment, test mode only; NOT_FOUND otherwise). */
export const TEST_CHECKOUT_VIEW_REQUEST = requestContract(
  'payment.test-checkout.view',
  z.object({ sessionId: z.string().min(1).max(200) }),
  TestCheckoutViewSchema,
);

/**
 * The test checkout page's buttons: pay completes the session and answers the signed webhook
 * the gateway posts to its own webhook endpoint, as Stripe would; cancel answers no event.
 */
export const TEST_CHECKOUT_COMPLETE_REQUEST = requestContract(
  'payment.test-checkout.complete',
  z.object({ sessionId: z.string().min(1).max(200), action: z.enum(['pay', 'cancel']) }),
  z.object({
    redirectUrl: z.string(),
    webhook: z.object({ payload: z.string(), signature: z.string() }).nullable(),
  }),
);

// Support's operations (payment), reached through the gateway's token-guarded /api/support.
// Each carries the support token, which the payment service checks too: whoever may send on the
// bus is not support by that alone.

/** The support token (SUPPORT_TOKEN) that the gateway checked, for the payment service to check. */
const SupportToken = z.object({ supportToken: z.string().min(1).max(1000) });

/** Bundles by id, or every bundle bought or started with an email address. */
export const SUPPORT_STATUS_REQUEST = requestContract(
  'payment.support.status',
  SupportToken.extend({ query: z.string().min(1).max(254) }),
  SUPPORT_ANSWERS.status,
);

const BundleRef = SupportToken.extend({ bundleId: z.uuid() });

/** Keeps an export's files longer: its retention date moves on by whole months. */
export const SUPPORT_EXTEND_REQUEST = requestContract(
  'payment.support.extend',
  BundleRef.extend(ExtendRetentionRequestSchema.shape),
  SUPPORT_ANSWERS.extend,
);

/** Mails a bought bundle's links again, newly signed (valid 90 days from now). */
export const SUPPORT_RESEND_REQUEST = requestContract(
  'payment.support.resend',
  BundleRef,
  SUPPORT_ANSWERS.resend,
);

/** Refunds a bundle through Stripe and locks its export. */
export const SUPPORT_REFUND_REQUEST = requestContract(
  'payment.support.refund',
  BundleRef,
  SUPPORT_ANSWERS.refund,
);

/**
 * The uploader deletes an export now (payment): every service is told to delete its files and
 * rows of it, as when it expires, and from this answer on every route of it answers 410.
 * NOT_FOUND for an export that was never received; GONE for one deleted (or expired) already.
 */
export const DELETE_EXPORT_REQUEST = requestContract(
  'payment.delete-export',
  ExportRef,
  z.object({ deleted: z.literal(true) }),
);

/** Which of an export's documents are in storage (pdf). */
export const DOCUMENTS_PRESENT_REQUEST = requestContract(
  'pdf.documents-present',
  ExportRef,
  z.object({ transcript: z.boolean(), filingTranscript: z.boolean(), evidenceZip: z.boolean() }),
);

/**
 * What an exhibit of an export is cut from (pdf): the zone its transcript states times in.
 * NOT_FOUND (EXHIBIT_ERRORS.NO_TRANSCRIPT) while no transcript is recorded with its facts.
 */
export const EXHIBIT_SOURCE_REQUEST = requestContract(
  'pdf.exhibit-source',
  ExportRef,
  z.object({ timeZone: z.string() }),
);

/**
 * How long the gateway waits for an exhibit: the pdf service reads the export's stored files and
 * draws every copy, seconds for most chats, minutes for the largest.
 */
export const MAKE_EXHIBIT_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * Makes an exhibit of a free or paid export from its spec (pdf): its files stored under the
 * export, the exhibit recorded. The gateway signs the links. INVALID_REQUEST
 * (EXHIBIT_ERRORS.SPEC_DOES_NOT_FIT) with the sentence naming the field when the spec does not
 * fit the chat.
 */
export const MAKE_EXHIBIT_REQUEST = requestContract(
  'pdf.make-exhibit',
  ExportRef.extend({ spec: ExhibitSpecSchema }),
  ExhibitResponseSchema.omit({ files: true }).extend({
    files: z.array(ExhibitResponseSchema.shape.files.element.omit({ url: true })),
  }),
);

/** The Exhibit mode's draft of an export, as last saved (pdf). */
export const EXHIBIT_DRAFT_REQUEST = requestContract('pdf.exhibit-draft', ExportRef, SavedExhibitDraftSchema);

/**
 * Saves the Exhibit mode's draft of an export (pdf), replacing the one saved before; deleted with
 * the export's other rows. GONE (EXPORT_DELETED) when the export was deleted meanwhile.
 */
export const SAVE_EXHIBIT_DRAFT_REQUEST = requestContract(
  'pdf.save-exhibit-draft',
  ExportRef.extend({ draft: ExhibitDraftSchema }),
  ExhibitDraftSavedSchema,
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
  /** Sum of every stored entry; parse takes off the chat text's share and records the rest. */
  entriesSizeBytes: z.number().int().nonnegative(),
});

/**
 * What every step after parse carries. No counts: payment asks parse for them
 * (FREE_TIER_COUNTS_REQUEST), so no step in between can make an export free.
 */
const AfterParse = ExportRef.extend({
  facts: ExportFactsSchema,
  /**
   * The documents' estimated drawing time (parse's `documentsCostMs`), which picks their lane
   * (`pdfJobFor`); absent from jobs queued before parse made it. Whoever forges it moves only
   * their own export between the lanes.
   */
  documentsCostMs: z.number().int().nonnegative().optional(),
});

/** Step 1: parse the chat text (parse). The facts travel along, so no service reads ingest's tables. */
export const PARSE_JOB = jobContract('jobs.parse', AfterIngest, (p) => `${p.exportId}:parse`);

/** Step 2: convert voice notes to MP3, thumbnails (media). */
export const MEDIA_JOB = jobContract('jobs.media', AfterParse, (p) => `${p.exportId}:media`);

const PdfJobPayload = AfterParse.extend({ regeneration: z.uuid().optional() });
const pdfDedupeKey = (p: z.infer<typeof PdfJobPayload>) =>
  `${p.exportId}:pdf${p.regeneration ? `:${p.regeneration}` : ''}`;

/**
 * Step 3: transcript PDF, court-filing PDF and evidence ZIP (pdf) of a small export (see
 * `pdfJobFor`). A repair that finds them missing sends the job again with a `regeneration` id:
 * the documents are made and recorded anew, and nothing is handed on (the export was decided
 * long ago).
 */
export const PDF_JOB = jobContract('jobs.pdf', PdfJobPayload, pdfDedupeKey);

/** Step 3 of a large export: the same work in a lane of its own, so no small export waits behind it. */
export const PDF_LARGE_JOB = jobContract('jobs.pdf.large', PdfJobPayload, pdfDedupeKey);

/** The lane of an export's documents, by their estimated cost (proto `documents-cost.ts`). */
export const pdfJobFor = (job: { documentsCostMs?: number }): typeof PDF_JOB =>
  isSmallExport(job.documentsCostMs) ? PDF_JOB : PDF_LARGE_JOB;

/** Step 4: free-tier decision, on the counts parse recorded, and bundle creation (payment). */
export const PAYMENT_DECISION_JOB = jobContract(
  'jobs.payment.decide',
  AfterParse,
  (p) => `${p.exportId}:payment-decision`,
);

/**
 * An upload received (gateway, before it is stored): the payment service dates its deletion, so
 * every upload is swept, even one that never gets through the pipeline, and counts its bytes
 * against its client's quota: what the client's exports that are neither bought nor deleted nor
 * expired hold. `quotaKey` names the client without its address (an HMAC the gateway makes);
 * `quotaBytes` 0 counts without limit. Refused: `retryAfterSeconds` until the oldest counted
 * export expires.
 */
export const ADMIT_UPLOAD_REQUEST = requestContract(
  'payment.admit-upload',
  ExportRef.extend({
    receivedAt: z.iso.datetime(),
    quotaKey: z.string().regex(/^[0-9a-f]{64}$/),
    sizeBytes: z.number().int().nonnegative(),
    quotaBytes: z.number().int().nonnegative(),
  }),
  z.discriminatedUnion('admitted', [
    z.object({ admitted: z.literal(true) }),
    z.object({ admitted: z.literal(false), retryAfterSeconds: z.number().int().positive() }),
  ]),
);

/**
 * An upload unpacked (ingest, before any entry is stored): what its entries hold counts against
 * its client's quota too, since a small ZIP may unpack to far more than its size (35 KB of zeros
 * to 32 MB). Admitted, the bytes are counted (once: a redelivered job is admitted again without
 * counting twice); refused, the export counts nothing more and ingest discards it, telling the
 * uploader `quotaBytes` and when the oldest counted export expires (`retryAfterSeconds`).
 */
export const ADMIT_UNPACKED_REQUEST = requestContract(
  'payment.admit-unpacked',
  ExportRef.extend({ unpackedBytes: z.number().int().nonnegative() }),
  z.discriminatedUnion('admitted', [
    z.object({ admitted: z.literal(true) }),
    z.object({
      admitted: z.literal(false),
      retryAfterSeconds: z.number().int().positive(),
      quotaBytes: z.number().int().positive(),
    }),
  ]),
);

/**
 * The services that keep files or rows of an export, each deleting its own when it expires
 * (notification: the records and outbox copies of the buyer's mails).
 */
export const SERVICES_HOLDING_EXPORTS = ['ingest', 'parse', 'media', 'pdf', 'notification'] as const;

/** An export past its retention date (payment's sweeper): the service deletes its files and rows of it. */
export const EXPIRE_EXPORT_JOBS = Object.fromEntries(
  SERVICES_HOLDING_EXPORTS.map((service) => [
    service,
    jobContract(`jobs.${service}.expire`, ExportRef, (p) => `${p.exportId}:expire:${service}`),
  ]),
) as Record<(typeof SERVICES_HOLDING_EXPORTS)[number], JobContract<typeof ExportRef>>;

/**
 * A verified Stripe webhook event about a checkout session; the handler re-reads the session
 * from Stripe, so the event's own copy (possibly stale or out of order) decides nothing.
 */
export const STRIPE_EVENT_JOB = jobContract(
  'jobs.payment.stripe-event',
  z.object({ eventId: z.string().min(1), type: z.string().min(1), sessionId: z.string().min(1) }),
  (p) => `stripe-event:${p.eventId}`,
);

/** An email to send, retried until the SMTP server accepts it (notification). */
export const MAIL_JOB = jobContract(
  'jobs.notification.mail',
  z.discriminatedUnion('kind', [
    /**
     * The links to the PDF and the evidence ZIP, signed by the notification service: the buyer's
     * after a purchase (with its bundle), or the uploader's of a free export, who asked for them.
     * No file name: the uploader chose it, and the mail goes to any address from our sender.
     */
    z.object({
      kind: z.literal('download-links'),
      mailId: z.uuid(),
      to: z.email(),
      bundleId: z.uuid().optional(),
      exportId: z.uuid(),
      /** When the export's files are deleted (retention), for the mail to say. */
      deleteAfter: z.iso.datetime(),
    }),
    z.object({ kind: z.literal('contact'), mailId: z.uuid(), contactId: z.uuid() }),
    /** To the sender of a contact message: that it arrived, with a copy of it. */
    z.object({ kind: z.literal('contact-confirmation'), mailId: z.uuid(), contactId: z.uuid() }),
  ]),
  (p) => `mail:${p.mailId}`,
);

/**
 * Payment's retention sweep, each time it runs: the notification service deletes the contact
 * messages received before `before` (CONTACT_MESSAGE_RETENTION_DAYS ago), with their mails'
 * records and outbox copies.
 */
export const FORGET_CONTACT_MESSAGES_JOB = jobContract(
  'jobs.notification.forget-contacts',
  z.object({ before: z.iso.datetime() }),
  (p) => `forget-contacts:${p.before}`,
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
  PDF_LARGE_JOB,
  PAYMENT_DECISION_JOB,
  ...Object.values(EXPIRE_EXPORT_JOBS),
  STRIPE_EVENT_JOB,
  MAIL_JOB,
  CONTACT_JOB,
  FORGET_CONTACT_MESSAGES_JOB,
] as const;

// ── Events ─────────────────────────────────────────────────────────────────────────────

/**
 * `progress.<key>`: every step reports here; the gateway fans it out over SSE. The key is a hash
 * of the export id, never the id itself: anyone who may list the subjects learns no export id.
 */
export const PROGRESS_EVENT = eventContract('progress', ExportProgressSchema);

// ── Who uses each subject ──────────────────────────────────────────────────────────────

/** One subject and the parts that use it. */
export type SubjectUse =
  | {
      readonly contract: RequestContract;
      readonly answeredBy: ServiceName;
      readonly askedBy: readonly PartName[];
    }
  | {
      readonly contract: JobContract;
      readonly consumedBy: ServiceName;
      readonly enqueuedBy: readonly PartName[];
    }
  | {
      readonly contract: EventContract;
      readonly publishedBy: readonly PartName[];
      readonly readBy: readonly PartName[];
    };

const PIPELINE_PARTS: readonly PartName[] = ['gateway', 'ingest', 'parse', 'media', 'pdf', 'payment'];

/**
 * Every subject above with the parts that answer, consume or read it and the parts that ask,
 * enqueue or publish it. Each part's NATS permissions are generated from this table (kit's
 * bus/nats-permissions), so on a server with authorization a part can use only what it is
 * listed for here: a part that starts using a subject is added here first.
 */
export const SUBJECT_USES: readonly SubjectUse[] = [
  ...SERVICE_NAMES.map((name) => ({
    contract: HEALTH_REQUESTS[name],
    answeredBy: name,
    askedBy: ['gateway'] as const,
  })),
  { contract: CHAT_DATA_REQUEST, answeredBy: 'parse', askedBy: ['gateway'] },
  { contract: TRANSCRIPT_PAGE_REQUEST, answeredBy: 'parse', askedBy: ['gateway', 'pdf'] },
  { contract: FREE_TIER_COUNTS_REQUEST, answeredBy: 'parse', askedBy: ['payment'] },
  { contract: EXPORT_ACCESS_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: PAYMENT_STATUS_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: PAYMENT_REPAIR_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: PAYMENT_CHECKOUT_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: STRIPE_WEBHOOK_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: TEST_CHECKOUT_VIEW_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: TEST_CHECKOUT_COMPLETE_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: SUPPORT_STATUS_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: SUPPORT_EXTEND_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: SUPPORT_RESEND_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: SUPPORT_REFUND_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: DELETE_EXPORT_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: ADMIT_UPLOAD_REQUEST, answeredBy: 'payment', askedBy: ['gateway'] },
  { contract: ADMIT_UNPACKED_REQUEST, answeredBy: 'payment', askedBy: ['ingest'] },
  { contract: DOCUMENTS_PRESENT_REQUEST, answeredBy: 'pdf', askedBy: ['payment'] },
  { contract: EXHIBIT_SOURCE_REQUEST, answeredBy: 'pdf', askedBy: ['gateway'] },
  { contract: MAKE_EXHIBIT_REQUEST, answeredBy: 'pdf', askedBy: ['gateway'] },
  { contract: EXHIBIT_DRAFT_REQUEST, answeredBy: 'pdf', askedBy: ['gateway'] },
  { contract: SAVE_EXHIBIT_DRAFT_REQUEST, answeredBy: 'pdf', askedBy: ['gateway'] },
  { contract: INGEST_JOB, consumedBy: 'ingest', enqueuedBy: ['gateway'] },
  { contract: PARSE_JOB, consumedBy: 'parse', enqueuedBy: ['ingest'] },
  { contract: MEDIA_JOB, consumedBy: 'media', enqueuedBy: ['parse'] },
  { contract: PDF_JOB, consumedBy: 'pdf', enqueuedBy: ['media', 'payment'] },
  { contract: PDF_LARGE_JOB, consumedBy: 'pdf', enqueuedBy: ['media', 'payment'] },
  { contract: PAYMENT_DECISION_JOB, consumedBy: 'payment', enqueuedBy: ['pdf'] },
  ...SERVICES_HOLDING_EXPORTS.map((service) => ({
    contract: EXPIRE_EXPORT_JOBS[service],
    consumedBy: service,
    enqueuedBy: ['payment'] as const,
  })),
  { contract: STRIPE_EVENT_JOB, consumedBy: 'payment', enqueuedBy: ['payment'] },
  { contract: MAIL_JOB, consumedBy: 'notification', enqueuedBy: ['gateway', 'notification', 'payment'] },
  { contract: FORGET_CONTACT_MESSAGES_JOB, consumedBy: 'notification', enqueuedBy: ['payment'] },
  { contract: CONTACT_JOB, consumedBy: 'notification', enqueuedBy: ['gateway'] },
  { contract: PROGRESS_EVENT, publishedBy: PIPELINE_PARTS, readBy: ['gateway'] },
];
