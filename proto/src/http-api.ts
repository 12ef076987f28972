import { z } from 'zod';
import { ChatDataSchema } from './chat';
import { ChatPreviewSchema } from './chat-preview';
import {
  BUNDLE_PRICE,
  EXPORT_BINDING_COOKIE,
  MAX_BOUND_EXPORTS,
  DOWNLOAD_LINK_VALIDITY_DAYS,
  MAX_UPLOAD_BYTES,
  UPLOAD_FILE_EXTENSION,
} from './constants';
import { ContactMessageSchema, ContactReceivedResponseSchema, CONTACT_MAX_LENGTH } from './contact';
import { type HttpResponse, httpRoute } from './contract';
import { ErrorBodySchema } from './errors';
import {
  ExhibitMessagesQuerySchema,
  ExhibitMessagesResponseSchema,
  ExhibitResponseSchema,
  EXHIBIT_MESSAGES_PAGE_LIMIT,
} from './exhibit-api';
import { PartHealthSchema, PART_NAMES, SystemHealthSchema } from './health';
import { HTTP_LIMITS } from './http-limits';
import { LinksMailRequestSchema, LinksMailResponseSchema } from './links-mail';
import {
  ExtendRetentionRequestSchema,
  GONE_REFUSALS,
  PAYMENT_MESSAGES,
  PaymentIntentRequestSchema,
  PaymentIntentResponseSchema,
  PaymentStatusResponseSchema,
  RepairResponseSchema,
  SUPPORT_ANSWERS,
  SupportBundleSchema,
} from './payment';
import { UploadOptionsSchema } from './processing-options';
import { ProgressEventSchema, StartProcessingResponseSchema } from './progress';
import { SiteInfoSchema } from './site-info';

/** One answer for "no such export" and "not yours to read yet", so neither reveals the other. */
export const NOT_FOUND_MESSAGE = 'Nothing was found here.';

/** An export id in a path; one that does not parse names nothing (404, like an id that is not there). */
export const ExportIdSchema = z.uuid(NOT_FOUND_MESSAGE);
/** A bundle id in a payment path or body; one that does not parse names no bundle (SPEC §5). */
export const BundleIdSchema = z.uuid(PAYMENT_MESSAGES.noBundle);

/** The query a signed link carries: its expiry (unix seconds) and the HMAC-SHA256 in hex. */
export const SignedLinkQuerySchema = z.object({
  expires: z.string().regex(/^\d{1,12}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SignedLinkQuery = z.infer<typeof SignedLinkQuerySchema>;
/** A mailed link's expiry and signature, posted from its fragment; checked as the link (403), not as a form. */
const SignedLinkFormSchema = z.object({ expires: z.string().optional(), signature: z.string().optional() });

/**
 * A download code (`POST /api/whatsapp/export/{exportId}/download-code`): the export id and an
 * expiry sealed by the server, base64url; it opens the evidence package once, for a minute.
 */
export const DownloadCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{70}$/, NOT_FOUND_MESSAGE)
  .meta({ description: 'A download code the server answered (never an export id).' });

/**
 * A link code (`POST /api/link-code`): what a download code seals, and which document, for the
 * web app's document links (the transcript, an exhibit's files); it opens `/api/files/{code}`.
 */
export const LinkCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{70,400}$/, NOT_FOUND_MESSAGE)
  .meta({ description: 'A code the server answered for one document (never an export id or a signature).' });

/** What a download or link code opens no more: used, past its minute, or this browser forgot its export. */
export const DOWNLOAD_CODE_REFUSED =
  'This download has been opened already, has expired, or is not this browser’s: open it again from the page.';

export const LinkCodeRequestSchema = z.object({
  /** A document link an answer of the API gave the web app (`pdfUrl`, an exhibit file's `url`). */
  link: z.string().max(2048),
});
export const LinkCodeResponseSchema = z.object({
  /** `/api/files/{code}`: the address to open, once, within a minute. */
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type LinkCodeResponse = z.infer<typeof LinkCodeResponseSchema>;

export const DownloadCodeResponseSchema = z.object({
  code: DownloadCodeSchema,
  /** When the code stops opening anything (ISO date-time). */
  expiresAt: z.iso.datetime(),
});
export type DownloadCodeResponse = z.infer<typeof DownloadCodeResponseSchema>;

export const ProcessStatusQuerySchema = z.object({
  clientId: z.uuid('clientId must be the id the upload answered with'),
});

export const SupportQuerySchema = z.object({
  query: z.string().trim().min(1, 'query: a bundle id or an email'),
});

/** A file in a multipart body or an answer: bytes, described as OpenAPI's binary string. */
export const BinarySchema = z.string().meta({ format: 'binary' });

const UploadFormSchema = z.object({
  file: BinarySchema,
  /** A JSON string of UploadOptions; missing fields take their defaults. */
  options: UploadOptionsSchema.optional(),
});

/** The named schemas of the API: each is one component of the OpenAPI document, referenced where it occurs. */
export const HTTP_SCHEMAS = {
  ErrorBody: ErrorBodySchema,
  UploadOptions: UploadOptionsSchema,
  StartProcessingResponse: StartProcessingResponseSchema,
  ProgressEvent: ProgressEventSchema,
  ChatData: ChatDataSchema,
  ChatPreview: ChatPreviewSchema,
  LinksMailRequest: LinksMailRequestSchema,
  LinksMailResponse: LinksMailResponseSchema,
  SystemHealth: SystemHealthSchema,
  SiteInfo: SiteInfoSchema,
  PartHealth: PartHealthSchema,
  ContactMessage: ContactMessageSchema,
  ContactReceivedResponse: ContactReceivedResponseSchema,
  PaymentIntentRequest: PaymentIntentRequestSchema,
  PaymentIntentResponse: PaymentIntentResponseSchema,
  PaymentStatusResponse: PaymentStatusResponseSchema,
  RepairResponse: RepairResponseSchema,
  SupportBundle: SupportBundleSchema,
  DownloadCodeResponse: DownloadCodeResponseSchema,
  LinkCodeRequest: LinkCodeRequestSchema,
  LinkCodeResponse: LinkCodeResponseSchema,
  ExhibitMessagesResponse: ExhibitMessagesResponseSchema,
  ExhibitResponse: ExhibitResponseSchema,
} as const satisfies Record<string, z.ZodType>;

export const json = <S extends z.ZodType>(description: string, schema: S) => ({ description, schema });
const file = (mediaType: string, description: string): HttpResponse => ({ description, mediaType });
const html = (description: string): HttpResponse => ({
  description,
  mediaType: 'text/html',
  schema: z.string(),
});

export const NOT_READABLE =
  'No such export, or not readable (unpaid, or refunded): the same answer for both.';
/** The 410 of an export that is gone: its `reason` tells deleted on request from expired. */
export const EXPIRED = `The export is gone, its files deleted: \`reason\` ${GONE_REFUSALS.deleted} when its uploader deleted it ("${PAYMENT_MESSAGES.deletedOnRequest}"), ${GONE_REFUSALS.expired} when it passed its retention date ("${PAYMENT_MESSAGES.expired}").`;
const BAD_FORM = 'The body is not a form.';
const BAD_LINK =
  'The link was altered or names no export ("This download link is not valid."), or has expired ("This download link has expired.").';
export const perHour = (count: number, what: string) =>
  `${what}; try again in an hour (${count} per client address per hour).`;
const PAYMENTS_LIMITED = perHour(
  HTTP_LIMITS.paymentCallsPerHour,
  'Too many payment requests from this address',
);
const MAILS_LIMITED = perHour(
  HTTP_LIMITS.contactMessagesPerHour,
  'Too many messages from this address (contact messages and links mails count together)',
);

const LinkTokenParams = z.object({
  token: z.string().meta({
    description:
      'The export id sealed by the server (never the id itself): only the links the server hands out carry it.',
  }),
});
/** What a route with `errorPage` says of its errors. */
const ERROR_PAGE =
  'A browser opening the link (Accept prefers text/html) gets its error as a small HTML page with the same status and sentence, leading to the home, help and contact pages; other clients get the ErrorBody.';
/** A signed link's GET, and how a mailed one opens. */
const MAILED_LINK = `A mailed link carries \`expires\` and \`signature\` in the URL's fragment (\`#expires=…&signature=…\`), which a browser never sends: without them in the query, a browser (Accept prefers text/html) gets a small page whose script takes them out of the address and posts them, as a form, to the same path (the POST route), which answers the file. Links signed before mails carried fragments carry them in the query.`;
const SIGNED_LINK = `Only through the signed links a buyer's mail hands out (valid ${DOWNLOAD_LINK_VALIDITY_DAYS} days); only while the export is free or paid: after a refund it answers 404, like its chat data. The links the API gives the web app (\`pdfUrl\`, an exhibit's files) are this path without a signature: they open through \`POST /api/link-code\`. The documents, the mail and the logs name an export by its reference (CE-XXXX-XXXX-XXXX), which opens nothing. ${ERROR_PAGE}`;

/** What every route that takes an export id (or a bundle id) asks besides it. */
export const BOUND = `The id opens the export only together with the HttpOnly cookie \`${EXPORT_BINDING_COOKIE}\` that the browser got with the upload's answer (and again at checkout): a request with the id and without the cookie is answered as for an unknown id. Proxies log paths and queries; the cookie they do not.`;

const SUPPORT = 'For `npm run support`; `Authorization: Bearer <SUPPORT_TOKEN>`.';
const SUPPORT_ERRORS = {
  401: 'The support token is missing or wrong (a bare token, without `Bearer`, too).',
  404: 'No such bundle, or support is not enabled (no SUPPORT_TOKEN).',
  429: `Too many wrong support tokens from this address (${HTTP_LIMITS.supportTokenFailuresPerHour} in an hour): refused for an hour, the right token included.`,
};
const SupportBundleParams = z.object({ bundleId: z.uuid('the bundle id must be a UUID') });

const TEST_CHECKOUT_ERRORS = { 404: 'No such test checkout, or Stripe keys are configured.' };
const TestCheckoutParams = z.object({ sessionId: z.string() });
const TEST_CHECKOUT_ENDED = html(
  'The checkout has ended (paid or expired): an HTML page that says so and links home.',
);

/**
 * Every route of the gateway's HTTP API (SPEC §7's and the rest), each declared once; but for
 * making an exhibit, whose body (an ExhibitSpec) carries the redaction rules and Unicode's table of
 * look-alike letters: that route is in `http-routes.ts`, so that the web app's first page, which
 * reads this table, does not download them (only Exhibit mode, loaded later, needs them).
 */
export const HTTP_API = {
  startProcessing: httpRoute({
    method: 'POST',
    path: '/api/whatsapp/process',
    tag: 'processing',
    summary: 'Upload a WhatsApp export ZIP and start processing it',
    description: `Multipart form: \`file\` (a ${UPLOAD_FILE_EXTENSION}, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB) and \`options\`, a JSON string of UploadOptions (missing fields take their defaults; a \`timeZone\` sent without \`timeZoneSource\` counts as the caller's statement, \`declared\`, and without \`timeZone\` the source is always \`default\`). At most ${HTTP_LIMITS.uploadsPerHour} uploads per client address per hour by default (the operator sets it: UPLOADS_PER_HOUR), ${HTTP_LIMITS.uploadsInFlightPerAddress} at once from one address, ${HTTP_LIMITS.uploadsInFlightPerNetwork} at once from one network (IPv4 /24, IPv6 /56), ${HTTP_LIMITS.uploadsInFlightPerWideNetwork} from one wider network (IPv4 /16, IPv6 /48) and ${HTTP_LIMITS.uploadsInFlight} at once per gateway process; when all of those are taken, a new upload takes the place of the one least likely to finish (past its first seconds, from the most represented network, then the slowest lately), which is answered 503. The body must keep arriving: by default at least ${HTTP_LIMITS.uploadMinBytesPerSecond / 1024} KiB/s on average after its first ${HTTP_LIMITS.uploadPaceGraceMs / 1000} s, at a pace that ends its declared length within ${HTTP_LIMITS.uploadMaxDurationMs / 60_000} minutes, and within those minutes in all. The answer sets the HttpOnly cookie \`${EXPORT_BINDING_COOKIE}\` (SameSite=Lax, path /api, Secure over HTTPS) that binds the new export's id to this browser, beside the ids it bound before (the newest ${MAX_BOUND_EXPORTS}).`,
    body: { mediaType: 'multipart/form-data', schema: UploadFormSchema },
    responses: {
      201: json('Accepted; follow its progress with the client id.', StartProcessingResponseSchema),
    },
    errors: {
      400: 'The form could not be read, or the options are invalid (the message names the field).',
      408: `The body stalled (nothing arrived for ${HTTP_LIMITS.uploadIdleTimeoutMs / 1000} s), arrived too slowly to finish in time, or took longer than ${HTTP_LIMITS.uploadMaxDurationMs / 60_000} minutes.`,
      413: 'The file is larger than the upload limit.',
      415: 'Not a .zip file.',
      429: "Too many uploads from this address (in the hour, or at once) or from its network or wider network at once, or the address's exports that are neither bought nor deleted nor expired already hold its quota of uploads (UPLOAD_QUOTA_MB); Retry-After says when to try again.",
      503: 'The gateway is receiving as many uploads as it takes at once and none may give its place, this upload gave its place to a newer one, or the disk is short of space; Retry-After says when to try again.',
    },
  }),

  processStatus: httpRoute({
    method: 'GET',
    path: '/api/whatsapp/process-status',
    tag: 'processing',
    summary: 'Follow an export’s progress as server-sent events',
    description: `Each \`data:\` line is one ProgressEvent as JSON: the latest state at once on every (re)connect, then every newer one, with a \`: heartbeat\` comment every 15 s. The stream ends after the final event: a free export’s has \`step\` 3 with \`done: true\` and carries \`pdfUrl\`, \`chatData\` and \`deleteAfter\` (when its files are deleted); an over-limit one’s \`step\` 4 with \`requiresPayment\` and its \`bundleId\`; a failed one’s \`error\`, a sentence such as "This archive is password-protected. …". ${BOUND}`,
    query: ProcessStatusQuerySchema,
    responses: {
      200: {
        description: 'An event stream of ProgressEvent JSON.',
        mediaType: 'text/event-stream',
        schema: ProgressEventSchema,
      },
    },
    errors: {
      400: 'clientId is not an id an upload answered with.',
      404: 'No export with this id, or the request has no cookie binding it.',
    },
  }),

  chatData: httpRoute({
    method: 'GET',
    path: '/api/whatsapp/chat/{chatExportId}',
    tag: 'results',
    summary: 'An export’s chat data; voice notes link to their MP3s',
    description: `For a free or paid export only. ${BOUND}`,
    params: z.object({ chatExportId: ExportIdSchema }),
    responses: { 200: json('The chat data.', ChatDataSchema) },
    errors: { 404: NOT_READABLE, 410: EXPIRED },
  }),

  chatPreview: httpRoute({
    method: 'GET',
    path: '/api/whatsapp/preview/{exportId}',
    tag: 'results',
    summary: 'The first page of an export waiting for payment, for its uploader to check it',
    description: `With the id the upload answered, once processing asked for payment: file name, SHA-256, participants, the first and last entry’s time, the counts (the entries the free tier counts: all but WhatsApp’s own notices, and those notices; the transcript numbers both) and the first 10 entries, voice notes without audio. A free or paid export answers 404 here: its chat data is at /api/whatsapp/chat/{chatExportId}. ${BOUND}`,
    params: z.object({ exportId: ExportIdSchema }),
    responses: { 200: json('The preview.', ChatPreviewSchema) },
    errors: { 404: 'No export with this id waiting for payment.', 410: EXPIRED },
  }),

  emailLinks: httpRoute({
    method: 'POST',
    path: '/api/whatsapp/export/{exportId}/email',
    tag: 'results',
    summary: 'Mail a free export’s links to its uploader',
    description: `With the id the upload answered, once a free export is done: the notification service mails signed links to the transcript and the evidence package, which work until retention deletes the files (\`deleteAfter\`). A bought export’s links went to its buyer. ${BOUND}`,
    params: z.object({ exportId: ExportIdSchema }),
    body: { mediaType: 'application/json', schema: LinksMailRequestSchema },
    responses: { 202: json('The mail is queued.', LinksMailResponseSchema) },
    errors: {
      400: 'The email is missing or not an email address.',
      404: 'No free export with this id.',
      410: EXPIRED,
      429: MAILS_LIMITED,
    },
  }),

  deleteExport: httpRoute({
    method: 'DELETE',
    path: '/api/whatsapp/export/{chatExportId}',
    tag: 'results',
    summary: 'Delete an export now',
    description: `With the id the upload answered, paid or not, finished or still being processed. Every service deletes its files and rows of the export (upload, chat, media, documents, progress, the buyer’s mails and their outbox copies, queued work); from the answer on, every route and link of it answers 410. A purchase is kept for accounting without the buyer’s address. ${BOUND}`,
    params: z.object({ chatExportId: ExportIdSchema }),
    responses: { 204: { description: 'Deleted.' } },
    errors: {
      404: 'No export with this id.',
      410: EXPIRED,
    },
  }),

  downloadCode: httpRoute({
    method: 'POST',
    path: '/api/whatsapp/export/{exportId}/download-code',
    tag: 'results',
    summary: 'A one-time code that opens a free or paid export’s evidence package for a minute',
    description: `Open \`/api/whatsapp/evidence-zip/{code}\` with it (a new tab or a download) in the same browser: the address a browser's history keeps and a proxy logs then holds no export id, and the code in it opens nothing once used, a minute old, or without the cookie that binds the export (so nothing after Forget this device). ${BOUND}`,
    params: z.object({ exportId: ExportIdSchema }),
    responses: { 201: json('The code.', DownloadCodeResponseSchema) },
    errors: { 404: NOT_READABLE, 410: EXPIRED },
  }),

  linkCode: httpRoute({
    method: 'POST',
    path: '/api/link-code',
    tag: 'results',
    summary: 'A one-time code that opens one document link of the web app for a minute',
    description: `The web app's View PDF and an exhibit's files: the body names a link an answer gave it (\`pdfUrl\`, an exhibit file's \`url\`), a path with neither an export id nor a signature; the answer's \`url\`, \`/api/files/{code}\`, opens that document once, within a minute, in the browser whose cookie binds its export. So the address a history keeps and a proxy logs opens nothing once used, and a code dies with Forget this device and with the export. ${BOUND}`,
    body: { mediaType: 'application/json', schema: LinkCodeRequestSchema },
    responses: { 201: json('The address to open.', LinkCodeResponseSchema) },
    errors: {
      400: 'The body has no link.',
      404: `${NOT_READABLE} Also a link that names no document of an export bound to this browser.`,
      410: EXPIRED,
    },
  }),

  openLinkCode: httpRoute({
    method: 'GET',
    path: '/api/files/{code}',
    tag: 'results',
    summary: 'The document a link code names, once',
    description: `What \`POST /api/link-code\` answers: the transcript (inline), an exhibit's file (a PDF inline, others as attachments) or the evidence package, the first time it is opened within a minute, with the cookie that binds its export. ${ERROR_PAGE}`,
    params: z.object({ code: LinkCodeSchema }),
    responses: { 200: file('application/octet-stream', 'The document (PDF, ZIP, CSV, JSON or text).') },
    errorPage: true,
    errors: { 403: DOWNLOAD_CODE_REFUSED, 404: NOT_READABLE, 410: EXPIRED },
  }),

  forgetDevice: httpRoute({
    method: 'POST',
    path: '/api/forget-device',
    tag: 'results',
    summary: 'Forget this browser’s exports: the cookie that binds them expires',
    description: `The web app's Forget this device control, for a shared computer: the answer clears the cookie \`${EXPORT_BINDING_COOKIE}\` (the web app clears its local storage), so the exports' ids open nothing from this browser any more, nor do the links the API gave the web app (\`pdfUrl\`, voice notes, exhibit files) or a download code not yet used. The exports themselves stay until their retention ends or they are deleted; mailed links keep working.`,
    responses: { 204: { description: 'The cookie is cleared.' } },
  }),

  evidenceZip: httpRoute({
    method: 'GET',
    path: '/api/whatsapp/evidence-zip/{id}',
    tag: 'results',
    summary: 'An export’s evidence package',
    description: `For a free or paid export only: the upload and every file in it bit for bit, MP3 copies, both PDFs, \`messages.csv\`, \`manifest.json\` (SHA-256, MD5 and SHA-1 of every evidence file), \`SHA256SUMS\`, the declaration template, \`README.txt\`. \`id\` is a download code (\`POST /api/whatsapp/export/{exportId}/download-code\`), which opens the package once, within a minute, with the cookie that binds the export: what the web app's Download Evidence Package button opens, so that the address a browser's history keeps, and a proxy logs, opens nothing. An export id works too, with the cookie that binds it. ${ERROR_PAGE}`,
    params: z.object({ id: z.union([ExportIdSchema, DownloadCodeSchema]) }),
    responses: { 200: file('application/zip', 'The evidence ZIP.') },
    errorPage: true,
    errors: { 403: DOWNLOAD_CODE_REFUSED, 404: NOT_READABLE, 410: EXPIRED },
  }),

  signedTranscript: httpRoute({
    method: 'GET',
    path: '/api/files/{token}/transcript.pdf',
    tag: 'signed files',
    summary: 'The transcript PDF, behind a signed, expiring link',
    description: `${SIGNED_LINK} ${MAILED_LINK}`,
    params: LinkTokenParams,
    query: SignedLinkQuerySchema,
    responses: { 200: file('application/pdf', 'The transcript.') },
    errorPage: true,
    errors: { 403: BAD_LINK, 404: NOT_READABLE, 410: EXPIRED },
  }),

  signedEvidenceZip: httpRoute({
    method: 'GET',
    path: '/api/files/{token}/evidence.zip',
    tag: 'signed files',
    summary: 'The evidence package, behind a signed, expiring link (as mailed to a buyer)',
    description: `${SIGNED_LINK} ${MAILED_LINK}`,
    params: LinkTokenParams,
    query: SignedLinkQuerySchema,
    responses: { 200: file('application/zip', 'The evidence ZIP.') },
    errorPage: true,
    errors: { 403: BAD_LINK, 404: NOT_READABLE, 410: EXPIRED },
  }),

  mailedTranscript: httpRoute({
    method: 'POST',
    path: '/api/files/{token}/transcript.pdf',
    tag: 'signed files',
    summary: 'The transcript PDF of a mailed link: its fragment’s expiry and signature, posted as a form',
    description: `What the page of a mailed link posts (see the GET). ${SIGNED_LINK}`,
    params: LinkTokenParams,
    body: { mediaType: 'application/x-www-form-urlencoded', schema: SignedLinkFormSchema },
    responses: { 200: file('application/pdf', 'The transcript.') },
    errorPage: true,
    errors: { 400: BAD_FORM, 403: BAD_LINK, 404: NOT_READABLE, 410: EXPIRED },
  }),

  mailedEvidenceZip: httpRoute({
    method: 'POST',
    path: '/api/files/{token}/evidence.zip',
    tag: 'signed files',
    summary: 'The evidence package of a mailed link: its fragment’s expiry and signature, posted as a form',
    description: `What the page of a mailed link posts (see the GET). ${SIGNED_LINK}`,
    params: LinkTokenParams,
    body: { mediaType: 'application/x-www-form-urlencoded', schema: SignedLinkFormSchema },
    responses: { 200: file('application/zip', 'The evidence ZIP.') },
    errorPage: true,
    errors: { 400: BAD_FORM, 403: BAD_LINK, 404: NOT_READABLE, 410: EXPIRED },
  }),

  signedAudio: httpRoute({
    method: 'GET',
    path: '/api/files/{token}/audio/{entryPath}',
    tag: 'signed files',
    summary: 'The MP3 copy of a voice note, for the browser its export is bound to',
    description: `The chat data's voice notes link here without a query: the link opens with the cookie \`${EXPORT_BINDING_COOKIE}\` that binds its export to this browser (an audio element sends it and may ask for the file again as it plays), and with nothing else, so what a proxy logs or a history keeps opens nothing, and nothing after Forget this device. A link signed before (\`?expires=…&signature=…\`) opens as one. ${SIGNED_LINK}`,
    params: LinkTokenParams.extend({
      entryPath: z.string().meta({ description: 'The voice note’s path inside the ZIP, URL-encoded.' }),
    }),
    query: SignedLinkQuerySchema.partial(),
    responses: { 200: file('audio/mpeg', 'The MP3.') },
    errorPage: true,
    errors: {
      403: `${BAD_LINK} Without a query: no cookie binds the export to this browser ("${DOWNLOAD_CODE_REFUSED}").`,
      404: NOT_READABLE,
      410: EXPIRED,
    },
  }),

  exhibitMessages: httpRoute({
    method: 'GET',
    path: '/api/whatsapp/export/{exportId}/messages',
    tag: 'exhibits',
    summary: 'A page of an export’s messages as the transcript numbers them, to build an exhibit from',
    description: `With the id the upload answered, for a free or paid export: the messages from number \`from\`, at most \`limit\` (${EXHIBIT_MESSAGES_PAGE_LIMIT}) at a time, with the text each draws (what a redaction's text is found in). ${BOUND}`,
    params: z.object({ exportId: ExportIdSchema }),
    query: ExhibitMessagesQuerySchema,
    responses: { 200: json('The page of messages.', ExhibitMessagesResponseSchema) },
    errors: { 400: 'from or limit is out of range.', 404: NOT_READABLE, 410: EXPIRED },
  }),

  signedExhibitFile: httpRoute({
    method: 'GET',
    path: '/api/files/{token}/exhibits/{exhibitId}/{fileName}',
    tag: 'signed files',
    summary: 'A file of a made exhibit, behind a signed, expiring link',
    description: SIGNED_LINK,
    params: LinkTokenParams.extend({
      exhibitId: z.uuid(NOT_FOUND_MESSAGE),
      fileName: z.string().meta({ description: 'The file’s name as the exhibit’s SHA256SUMS lists it.' }),
    }),
    query: SignedLinkQuerySchema,
    responses: { 200: file('application/octet-stream', 'The file (PDF, CSV, JSON or text).') },
    errorPage: true,
    errors: { 403: BAD_LINK, 404: NOT_READABLE, 410: EXPIRED },
  }),

  createPaymentIntent: httpRoute({
    method: 'POST',
    path: '/api/create-payment-intent',
    tag: 'payments',
    summary: 'Start checkout for an unpaid bundle',
    description: `A Stripe Checkout Session (${BUNDLE_PRICE.label}, the email filled in) whose URL the browser is sent to; it returns to \`/?success=true&bundleId=…\` or \`/?cancelled=true\`. Without Stripe keys the URL is the local test checkout page. Only with the cookie that binds the bundle's export (a bundle id alone is answered as an unknown one); the answer sets that cookie again, so it lasts a purchase's ${DOWNLOAD_LINK_VALIDITY_DAYS} days.`,
    body: { mediaType: 'application/json', schema: PaymentIntentRequestSchema },
    responses: { 200: json('The checkout page to send the browser to.', PaymentIntentResponseSchema) },
    errors: {
      400: `'Email is required' (also when \`userEmail\` is left out), 'Please enter a valid email address', or '${PAYMENT_MESSAGES.noBundle}' (no \`bundleId\`).`,
      404: `No bundle with this id, or no cookie binding its export ("${PAYMENT_MESSAGES.noBundle}").`,
      409: 'The bundle is already paid for, or was refunded (each with its own sentence).',
      410: EXPIRED,
      429: PAYMENTS_LIMITED,
      503: 'Stripe could not be reached; try again.',
    },
  }),

  paymentStatus: httpRoute({
    method: 'GET',
    path: '/api/payment/{bundleId}',
    tag: 'payments',
    summary: 'Whether a bundle is paid; once it is, a signed link to its PDF',
    description: `\`pdfUrl\` stays null while a paid export’s PDF is being made (again). \`purchase\` (besides SPEC's fields) is the receipt once it is bought: the export's reference (never its id), the amount, when it was paid, the address the links were mailed to and when the files and links end; null while it is not. Only with the cookie that binds the bundle's export: a bundle id alone (Stripe's return URL carries it) is answered as an unknown one.`,
    params: z.object({ bundleId: BundleIdSchema }),
    responses: { 200: json('The payment status.', PaymentStatusResponseSchema) },
    errors: {
      404: `No bundle with this id, or no cookie binding its export ("${PAYMENT_MESSAGES.noBundle}").`,
      410: EXPIRED,
      429: PAYMENTS_LIMITED,
    },
  }),

  repairPayment: httpRoute({
    method: 'POST',
    path: '/api/payment/{bundleId}/repair',
    tag: 'payments',
    summary: 'Re-read the bundle’s checkout from Stripe and make missing documents again',
    description: `For a payment whose webhook never arrived: a paid session marks the bundle paid (and mails the links). A paid bundle whose documents are missing has them made again; \`success\` is true once the PDF is there. Only with the cookie that binds the bundle's export, as the payment status.`,
    params: z.object({ bundleId: BundleIdSchema }),
    responses: { 200: json('The outcome.', RepairResponseSchema) },
    errors: {
      404: `No bundle with this id, or no cookie binding its export ("${PAYMENT_MESSAGES.noBundle}").`,
      410: EXPIRED,
      429: PAYMENTS_LIMITED,
    },
  }),

  stripeWebhook: httpRoute({
    method: 'POST',
    path: '/api/webhooks/stripe',
    tag: 'payments',
    summary: 'Stripe’s webhook endpoint',
    description:
      'The raw body is verified against the `Stripe-Signature` header with the webhook secret. checkout.session.completed, async_payment_succeeded, async_payment_failed and expired are queued and take effect once each; other types are acknowledged and ignored.',
    headers: z.object({ 'stripe-signature': z.string() }),
    body: { mediaType: 'application/json', schema: z.looseObject({}) },
    responses: { 200: json('Received.', z.object({ received: z.literal(true) })) },
    errors: {
      400: 'The signature does not verify (forged, altered or stale).',
      503: 'The payment service cannot answer now; Stripe retries.',
    },
  }),

  testCheckoutPage: httpRoute({
    method: 'GET',
    path: '/api/test-checkout/{sessionId}',
    tag: 'test checkout',
    summary: 'The local test checkout page (only without Stripe keys)',
    params: TestCheckoutParams,
    responses: { 200: html('An HTML page marked test mode.') },
    errors: TEST_CHECKOUT_ERRORS,
  }),

  testCheckoutPay: httpRoute({
    method: 'POST',
    path: '/api/test-checkout/{sessionId}/pay',
    tag: 'test checkout',
    summary:
      'Pay on the test checkout: posts the signed webhook to /api/webhooks/stripe, then 303 to the success URL',
    params: TestCheckoutParams,
    responses: {
      303: { description: 'To the return URL, as Stripe sends the browser.' },
      409: TEST_CHECKOUT_ENDED,
    },
    errors: TEST_CHECKOUT_ERRORS,
  }),

  testCheckoutCancel: httpRoute({
    method: 'POST',
    path: '/api/test-checkout/{sessionId}/cancel',
    tag: 'test checkout',
    summary: 'Leave the test checkout: 303 to the cancel URL',
    params: TestCheckoutParams,
    responses: {
      303: { description: 'To the return URL, as Stripe sends the browser.' },
      409: TEST_CHECKOUT_ENDED,
    },
    errors: TEST_CHECKOUT_ERRORS,
  }),

  supportBundles: httpRoute({
    method: 'GET',
    path: '/api/support/bundles',
    tag: 'support',
    summary: 'Bundles by id, or bought or started with an email',
    description: SUPPORT,
    supportToken: true,
    query: SupportQuerySchema,
    responses: { 200: json('The bundles.', SUPPORT_ANSWERS.status) },
    errors: { 400: 'No query (a bundle id or an email).', ...SUPPORT_ERRORS },
  }),

  supportExtend: httpRoute({
    method: 'POST',
    path: '/api/support/bundles/{bundleId}/extend',
    tag: 'support',
    summary: 'Keep an export N more months ($1 each)',
    description: SUPPORT,
    supportToken: true,
    params: SupportBundleParams,
    body: { mediaType: 'application/json', schema: ExtendRetentionRequestSchema },
    responses: { 200: json('The new retention date.', SUPPORT_ANSWERS.extend) },
    errors: {
      400: 'The bundle id is not a UUID, or `months` is not 1 to 24.',
      ...SUPPORT_ERRORS,
      410: EXPIRED,
    },
  }),

  supportResend: httpRoute({
    method: 'POST',
    path: '/api/support/bundles/{bundleId}/resend',
    tag: 'support',
    summary: 'Mail the download links again, newly signed',
    description: SUPPORT,
    supportToken: true,
    params: SupportBundleParams,
    responses: { 200: json('The mail is queued.', SUPPORT_ANSWERS.resend) },
    errors: {
      400: 'The bundle id is not a UUID.',
      ...SUPPORT_ERRORS,
      409: 'Not paid for, or refunded.',
      410: EXPIRED,
    },
  }),

  supportRefund: httpRoute({
    method: 'POST',
    path: '/api/support/bundles/{bundleId}/refund',
    tag: 'support',
    summary: 'Refund through Stripe and lock the export',
    description: SUPPORT,
    supportToken: true,
    params: SupportBundleParams,
    responses: { 200: json('Refunded.', SUPPORT_ANSWERS.refund) },
    errors: {
      400: 'The bundle id is not a UUID.',
      ...SUPPORT_ERRORS,
      409: 'Not paid for, or refunded already.',
    },
  }),

  contact: httpRoute({
    method: 'POST',
    path: '/api/contact',
    tag: 'contact',
    summary: 'Send a message to support',
    description: `Fields are trimmed and checked in the SPEC order (name ≥ 2, a valid email, subject ≥ 5, message ≥ 10 characters; at most ${CONTACT_MAX_LENGTH.name}, ${CONTACT_MAX_LENGTH.email}, ${CONTACT_MAX_LENGTH.subject} and ${CONTACT_MAX_LENGTH.message}; name and subject on one line); the first problem is the 400 message. The message is stored durably before the answer and mailed to SUPPORT_EMAIL with Reply-To the sender. Every request counts toward the rate limit, invalid ones included.`,
    body: { mediaType: 'application/json', schema: ContactMessageSchema },
    responses: { 202: json('Received; it will reach support by mail.', ContactReceivedResponseSchema) },
    errors: {
      400: 'A field is missing, too short or too long, or the email address is not valid ("Name must be at least 2 characters.").',
      429: MAILS_LIMITED,
    },
  }),

  siteInfo: httpRoute({
    method: 'GET',
    path: '/api/site',
    tag: 'site',
    summary: 'What the web app shows that the deployment configures: the support address',
    responses: { 200: json('SUPPORT_EMAIL, or null when the gateway is not given it.', SiteInfoSchema) },
  }),

  sourceArchive: httpRoute({
    method: 'GET',
    path: '/api/source',
    tag: 'site',
    summary: 'The source code of the running build',
    description:
      'A tar.gz of the source code this build of ChatExhibit was made from: the revision every evidence package it makes names in its manifest.json (`tool.sourceRevision`) and processing record, with `source-revision.json` beside `package.json` saying which. From a git checkout, `git archive` of that commit (without changes a dirty build had, which the revision says it had); from the container image, the sources the image was built from.',
    responses: { 200: file('application/gzip', 'The source archive, `chatexhibit-<commit>.tar.gz`.') },
    errors: {
      404: 'This build has no source to give: neither a git repository nor an archive made with the image.',
    },
  }),

  systemHealth: httpRoute({
    method: 'GET',
    path: '/api/health',
    tag: 'operations',
    summary: 'Every part of ChatExhibit and its dependencies',
    responses: {
      200: json(`All ${PART_NAMES.length} parts are up.`, SystemHealthSchema),
      503: json('Some part is down; the report says which and why.', SystemHealthSchema),
    },
  }),

  liveness: httpRoute({
    method: 'GET',
    path: '/api/health/live',
    tag: 'operations',
    summary: 'Liveness of the gateway process',
    responses: { 200: json('The process answers.', z.object({ status: z.literal('up') })) },
  }),

  readiness: httpRoute({
    method: 'GET',
    path: '/api/health/ready',
    tag: 'operations',
    summary: 'Readiness of the gateway: its bus and storage',
    responses: { 200: json('Ready to serve.', PartHealthSchema) },
    errors: { 503: 'A dependency of the gateway is down.' },
  }),

  metrics: httpRoute({
    method: 'GET',
    path: '/metrics',
    tag: 'operations',
    summary: 'Prometheus metrics of this process',
    responses: {
      200: { description: 'Prometheus text exposition format.', mediaType: 'text/plain', schema: z.string() },
    },
  }),

  apiDocsPage: httpRoute({
    method: 'GET',
    path: '/api/docs',
    tag: 'operations',
    summary: 'This document as a readable page',
    responses: { 200: html('HTML.') },
  }),

  openApiDocument: httpRoute({
    method: 'GET',
    path: '/api/docs/openapi.json',
    tag: 'operations',
    summary: 'This document',
    responses: { 200: json('The OpenAPI 3.1 document.', z.looseObject({})) },
  }),
} as const;
