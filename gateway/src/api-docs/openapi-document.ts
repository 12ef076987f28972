import {
  extendZodWithOpenApi,
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
  zodToOpenAPIRegistry,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ChatDataSchema } from '@chatexhibit/proto/chat';
import { ChatPreviewSchema } from '@chatexhibit/proto/chat-preview';
import { LinksMailRequestSchema, LinksMailResponseSchema } from '@chatexhibit/proto/links-mail';
import { ContactMessageSchema, ContactReceivedResponseSchema } from '@chatexhibit/proto/contact';
import { MAX_UPLOAD_BYTES } from '@chatexhibit/proto/constants';
import { ErrorBodySchema } from '@chatexhibit/proto/errors';
import { PartHealthSchema, SystemHealthSchema } from '@chatexhibit/proto/health';
import { SITE_INFO_PATH, SiteInfoSchema } from '@chatexhibit/proto/site-info';
import {
  SUPPORT_EXTEND_REQUEST,
  SUPPORT_REFUND_REQUEST,
  SUPPORT_RESEND_REQUEST,
} from '@chatexhibit/proto/subjects';
import {
  ExtendRetentionRequestSchema,
  SupportBundleSchema,
  PAYMENT_MESSAGES,
  PaymentIntentRequestSchema,
  PaymentIntentResponseSchema,
  PaymentStatusResponseSchema,
  RepairResponseSchema,
} from '@chatexhibit/proto/payment';
import { UploadOptionsSchema } from '@chatexhibit/proto/processing-options';
import { ProgressEventSchema, StartProcessingResponseSchema } from '@chatexhibit/proto/progress';
import { SignedLinkQuerySchema } from '@chatexhibit/kit/links/signed-links';
import { ProcessStatusQuerySchema } from '../progress/process-status.controller';
import { ExportIdSchema } from '../results/export-results.controller';
import { SupportQuerySchema } from '../support/support.controller';

// For `.openapi()` on the schemas made here; proto's schemas were built before this runs, and
// zod 4 copies methods onto each schema when it is made, so they never gain it.
extendZodWithOpenApi(z);

/**
 * Names a proto schema in the document: it becomes a component, referenced wherever it occurs,
 * nested ones included (ChatData inside ProgressEvent). `registry.register` would need
 * `.openapi()` on the schema and name only a copy; this tags the very instance instead, with
 * the metadata `.openapi(name)` records. Tagging is idempotent and changes no parsing.
 */
function named<S extends z.ZodType>(name: string, schema: S): S {
  zodToOpenAPIRegistry.add(schema, { _internal: { refId: name } });
  return schema;
}

/** The API's revision, raised when a route or a schema changes incompatibly. */
export const API_VERSION = '1.0.0';

/** Where the document and its HTML rendering are served. */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/**
 * The OpenAPI 3.1 description of every route of the gateway, built from the proto schemas the
 * routes validate and answer with, so the two cannot drift apart (a unit test compares its
 * paths with the controllers' routes).
 */
export function buildOpenApiDocument(): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  const ErrorBody = named('ErrorBody', ErrorBodySchema);
  const UploadOptions = named('UploadOptions', UploadOptionsSchema);
  const StartProcessingResponse = named('StartProcessingResponse', StartProcessingResponseSchema);
  const ProgressEvent = named('ProgressEvent', ProgressEventSchema);
  const ChatData = named('ChatData', ChatDataSchema);
  const ChatPreview = named('ChatPreview', ChatPreviewSchema);
  const LinksMailRequest = named('LinksMailRequest', LinksMailRequestSchema);
  const LinksMailResponse = named('LinksMailResponse', LinksMailResponseSchema);
  const SystemHealth = named('SystemHealth', SystemHealthSchema);
  const SiteInfo = named('SiteInfo', SiteInfoSchema);
  const PartHealth = named('PartHealth', PartHealthSchema);
  const ContactMessage = named('ContactMessage', ContactMessageSchema);
  const ContactReceived = named('ContactReceivedResponse', ContactReceivedResponseSchema);
  const PaymentIntentRequest = named('PaymentIntentRequest', PaymentIntentRequestSchema);
  const PaymentIntentResponse = named('PaymentIntentResponse', PaymentIntentResponseSchema);
  const PaymentStatusResponse = named('PaymentStatusResponse', PaymentStatusResponseSchema);
  const RepairResponse = named('RepairResponse', RepairResponseSchema);

  const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
  const error = (description: string): ResponseConfig => ({ description, content: json(ErrorBody) });
  const binary = z.string().openapi({ format: 'binary' });
  const file = (mediaType: string, description: string): ResponseConfig => ({
    description,
    content: { [mediaType]: { schema: binary } },
  });
  const notFound = error('No such export, or not readable (unpaid, or refunded): the same answer for both.');
  const linkToken = z.object({
    token: z.string().openapi({
      description:
        'The export, sealed by the server (not its id): only the links the server hands out carry it.',
    }),
  });
  const expired = error('The export passed its retention date and was deleted.');
  const badLink = error(
    'The link was altered or names no export ("This download link is not valid."), or has expired.',
  );

  registry.registerPath({
    method: 'post',
    path: '/api/whatsapp/process',
    tags: ['processing'],
    summary: 'Upload a WhatsApp export ZIP and start processing it',
    description: `Multipart form: \`file\` (a .zip, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB) and \`options\`, a JSON string of UploadOptions (missing fields take their defaults). Rate limited per client address.`,
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              file: binary,
              options: UploadOptions.optional(),
            }),
            encoding: { options: { contentType: 'application/json' } },
          },
        },
      },
    },
    responses: {
      201: {
        description: 'Accepted; follow its progress with the client id.',
        content: json(StartProcessingResponse),
      },
      400: error('The form could not be read, or the options are invalid.'),
      413: error('The file is larger than the upload limit.'),
      415: error('Not a .zip file.'),
      429: error('Too many uploads from this address; try again in an hour.'),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/contact',
    tags: ['contact'],
    summary: 'Send a message to support',
    description:
      'Fields are trimmed and checked in order; the first problem is the 400 message. The message is stored durably before the answer and mailed to support. Rate limited per client address.',
    request: { body: { required: true, content: json(ContactMessage) } },
    responses: {
      202: { description: 'Received; it will reach support by mail.', content: json(ContactReceived) },
      400: error('A field is missing, too short or too long, or the email address is not valid.'),
      429: error('Too many messages from this address; try again in an hour.'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/whatsapp/process-status',
    tags: ['processing'],
    summary: 'Follow an export’s progress as server-sent events',
    description:
      'Each `data:` line is one ProgressEvent as JSON: the latest state at once, then every newer one, with a `: heartbeat` comment every 15 s. The stream ends after the final event (done, payment required or error); a free export’s final event carries `pdfUrl` and `chatData`.',
    request: { query: ProcessStatusQuerySchema },
    responses: {
      200: {
        description: 'An event stream of ProgressEvent JSON.',
        content: { 'text/event-stream': { schema: ProgressEvent } },
      },
      400: error('clientId is not an id an upload answered with.'),
      404: error('No export with this id.'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/whatsapp/chat/{chatExportId}',
    tags: ['results'],
    summary: 'An export’s chat data; voice notes link to their MP3s',
    request: { params: z.object({ chatExportId: ExportIdSchema }) },
    responses: {
      200: { description: 'The chat data.', content: json(ChatData) },
      404: notFound,
      410: expired,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/whatsapp/preview/{exportId}',
    tags: ['results'],
    summary: 'The first page of an export waiting for payment, for its uploader to check it',
    description:
      'With the id the upload answered, once processing asked for payment: file name, SHA-256, participants, the first and last entry’s time, the counts (people’s messages, which the free tier counts, and system notices; the transcript numbers both) and the first 10 entries, voice notes without audio. A free or paid export answers 404 here: its chat data is at /api/whatsapp/chat/{chatExportId}.',
    request: { params: z.object({ exportId: ExportIdSchema }) },
    responses: {
      200: { description: 'The preview.', content: json(ChatPreview) },
      404: error('No export with this id waiting for payment.'),
      410: expired,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/whatsapp/export/{exportId}/email',
    tags: ['results'],
    summary: 'Mail a free export’s links to its uploader',
    description:
      'With the id the upload answered, once a free export is done: the notification service mails signed links to the transcript and the evidence package, which work until retention deletes the files (`deleteAfter`). A bought export’s links went to its buyer. Counted with the contact form’s messages per client address.',
    request: {
      params: z.object({ exportId: ExportIdSchema }),
      body: { required: true, content: json(LinksMailRequest) },
    },
    responses: {
      202: { description: 'The mail is queued.', content: json(LinksMailResponse) },
      400: error('The email is missing or not an email address.'),
      404: error('No free export with this id.'),
      410: expired,
      429: error('Too many messages from this address; try again in an hour.'),
    },
  });

  registry.registerPath({
    method: 'delete',
    path: '/api/whatsapp/export/{chatExportId}',
    tags: ['results'],
    summary: 'Delete an export now',
    description:
      'With the id the upload answered, paid or not, finished or still being processed. Every service deletes its files and rows of the export (upload, chat, media, documents, progress, the buyer’s mails and their outbox copies, queued work); from the answer on, every route and link of it answers 410. A purchase is kept for accounting without the buyer’s address.',
    request: { params: z.object({ chatExportId: ExportIdSchema }) },
    responses: {
      204: { description: 'Deleted.' },
      404: error('No export with this id.'),
      410: error('The export was deleted already, or passed its retention date.'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/whatsapp/evidence-zip/{id}',
    tags: ['results'],
    summary: 'An export’s evidence package',
    request: { params: z.object({ id: ExportIdSchema }) },
    responses: { 200: file('application/zip', 'The evidence ZIP.'), 404: notFound, 410: expired },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/files/{token}/transcript.pdf',
    tags: ['signed files'],
    summary: 'The transcript PDF, behind a signed, expiring link',
    request: { params: linkToken, query: SignedLinkQuerySchema },
    responses: { 200: file('application/pdf', 'The transcript.'), 403: badLink, 404: notFound, 410: expired },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/files/{token}/evidence.zip',
    tags: ['signed files'],
    summary: 'The evidence package, behind a signed, expiring link (as mailed to a buyer)',
    request: { params: linkToken, query: SignedLinkQuerySchema },
    responses: {
      200: file('application/zip', 'The evidence ZIP.'),
      403: badLink,
      404: notFound,
      410: expired,
    },
  });

  const bundleId = z.object({ bundleId: z.uuid() });
  const noBundle = error(`No bundle with this id ("${PAYMENT_MESSAGES.noBundle}").`);
  const paymentsLimited = error('Too many payment requests from this address; try again later.');

  registry.registerPath({
    method: 'post',
    path: '/api/create-payment-intent',
    tags: ['payments'],
    summary: 'Start checkout for an unpaid bundle',
    description: `A Stripe Checkout Session ($4.99, the email filled in) whose URL the browser is sent to; it returns to \`/?success=true&bundleId=…\` or \`/?cancelled=true\`. Without Stripe keys the URL is the local test checkout page. Rate limited per client address.`,
    request: { body: { required: true, content: json(PaymentIntentRequest) } },
    responses: {
      200: { description: 'The checkout page to send the browser to.', content: json(PaymentIntentResponse) },
      400: error('The email is missing or not an email address.'),
      404: noBundle,
      409: error('The bundle is already paid for, or was refunded (each with its own sentence).'),
      410: expired,
      429: paymentsLimited,
      503: error('Stripe could not be reached; try again.'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/payment/{bundleId}',
    tags: ['payments'],
    summary: 'Whether a bundle is paid; once it is, a signed link to its PDF',
    description: '`pdfUrl` stays null while a paid export’s PDF is being made (again).',
    request: { params: bundleId },
    responses: {
      200: { description: 'The payment status.', content: json(PaymentStatusResponse) },
      404: noBundle,
      410: expired,
      429: paymentsLimited,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/payment/{bundleId}/repair',
    tags: ['payments'],
    summary: 'Re-read the bundle’s checkout from Stripe and make missing documents again',
    description:
      'For a payment whose webhook never arrived: a paid session marks the bundle paid (and mails the links). A paid bundle whose documents are missing has them made again; `success` is true once the PDF is there.',
    responses: {
      200: { description: 'The outcome.', content: json(RepairResponse) },
      404: noBundle,
      410: expired,
      429: paymentsLimited,
    },
    request: { params: bundleId },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/webhooks/stripe',
    tags: ['payments'],
    summary: 'Stripe’s webhook endpoint',
    description:
      'The raw body is verified against the `Stripe-Signature` header with the webhook secret. checkout.session.completed, async_payment_succeeded, async_payment_failed and expired are queued and take effect once each; other types are acknowledged and ignored.',
    request: {
      headers: z.object({ 'stripe-signature': z.string() }),
      body: { required: true, content: { 'application/json': { schema: z.object({}).passthrough() } } },
    },
    responses: {
      200: { description: 'Received.', content: json(z.object({ received: z.literal(true) })) },
      400: error('The signature does not verify (forged, altered or stale).'),
      503: error('The payment service cannot answer now; Stripe retries.'),
    },
  });

  const sessionId = z.object({ sessionId: z.string() });
  registry.registerPath({
    method: 'get',
    path: '/api/test-checkout/{sessionId}',
    tags: ['test checkout'],
    summary: 'The local test checkout page (only without Stripe keys)',
    request: { params: sessionId },
    responses: {
      200: {
        description: 'An HTML page marked test mode.',
        content: { 'text/html': { schema: z.string() } },
      },
      404: error('No such test checkout, or Stripe keys are configured.'),
    },
  });
  for (const action of ['pay', 'cancel'] as const)
    registry.registerPath({
      method: 'post',
      path: `/api/test-checkout/{sessionId}/${action}`,
      tags: ['test checkout'],
      summary:
        action === 'pay'
          ? 'Pay on the test checkout: posts the signed webhook to /api/webhooks/stripe, then 303 to the success URL'
          : 'Leave the test checkout: 303 to the cancel URL',
      request: { params: sessionId },
      responses: {
        303: { description: 'To the return URL, as Stripe sends the browser.' },
        404: error('No such test checkout, or Stripe keys are configured.'),
        409: {
          description: 'The checkout has ended (paid or expired): an HTML page that says so and links home.',
          content: { 'text/html': { schema: z.string() } },
        },
      },
    });

  const SupportBundle = named('SupportBundle', SupportBundleSchema);
  const supportErrors = {
    401: error('The support token is missing or wrong.'),
    404: error('No such bundle, or support is not enabled (no SUPPORT_TOKEN).'),
  };
  const supportOperation = (
    method: 'get' | 'post',
    path: string,
    summary: string,
    answer: z.ZodType,
    extra: Record<number, ResponseConfig> = {},
  ) =>
    registry.registerPath({
      method,
      path,
      tags: ['support'],
      summary,
      description: 'For `npm run support`; `Authorization: Bearer <SUPPORT_TOKEN>`.',
      security: [{ supportToken: [] }],
      request: path.includes('{bundleId}') ? { params: bundleId } : { query: SupportQuerySchema },
      responses: { 200: { description: 'Done.', content: json(answer) }, ...supportErrors, ...extra },
    });
  registry.registerComponent('securitySchemes', 'supportToken', { type: 'http', scheme: 'bearer' });
  supportOperation(
    'get',
    '/api/support/bundles',
    'Bundles by id, or bought or started with an email',
    z.object({ bundles: z.array(SupportBundle) }),
  );
  registry.registerPath({
    method: 'post',
    path: '/api/support/bundles/{bundleId}/extend',
    tags: ['support'],
    summary: 'Keep an export N more months ($1 each)',
    description: 'For `npm run support`; `Authorization: Bearer <SUPPORT_TOKEN>`.',
    security: [{ supportToken: [] }],
    request: { params: bundleId, body: { required: true, content: json(ExtendRetentionRequestSchema) } },
    responses: {
      200: { description: 'The new retention date.', content: json(SUPPORT_EXTEND_REQUEST.response) },
      ...supportErrors,
      410: expired,
    },
  });
  supportOperation(
    'post',
    '/api/support/bundles/{bundleId}/resend',
    'Mail the download links again, newly signed',
    SUPPORT_RESEND_REQUEST.response,
    {
      409: error('Not paid for, or refunded.'),
      410: expired,
    },
  );
  supportOperation(
    'post',
    '/api/support/bundles/{bundleId}/refund',
    'Refund through Stripe and lock the export',
    SUPPORT_REFUND_REQUEST.response,
    {
      409: error('Not paid for, or refunded already.'),
    },
  );

  registry.registerPath({
    method: 'get',
    path: '/api/files/{token}/audio/{entryPath}',
    tags: ['signed files'],
    summary: 'The MP3 copy of a voice note, behind a signed, expiring link',
    request: {
      params: linkToken.extend({
        entryPath: z.string().openapi({ description: 'The voice note’s path inside the ZIP, URL-encoded.' }),
      }),
      query: SignedLinkQuerySchema,
    },
    responses: { 200: file('audio/mpeg', 'The MP3.'), 403: badLink, 404: notFound, 410: expired },
  });

  registry.registerPath({
    method: 'get',
    path: SITE_INFO_PATH,
    tags: ['site'],
    summary: 'What the web app shows that the deployment configures: the support address',
    responses: {
      200: {
        description: 'SUPPORT_EMAIL, or null when the gateway is not given it.',
        content: json(SiteInfo),
      },
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/health',
    tags: ['operations'],
    summary: 'Every part of ChatExhibit and its dependencies',
    responses: {
      200: { description: 'All seven parts are up.', content: json(SystemHealth) },
      503: { description: 'Some part is down; the report says which and why.', content: json(SystemHealth) },
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/health/live',
    tags: ['operations'],
    summary: 'Liveness of the gateway process',
    responses: {
      200: { description: 'The process answers.', content: json(z.object({ status: z.literal('up') })) },
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/health/ready',
    tags: ['operations'],
    summary: 'Readiness of the gateway: its bus and storage',
    responses: {
      200: { description: 'Ready to serve.', content: json(PartHealth) },
      503: error('A dependency of the gateway is down.'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/metrics',
    tags: ['operations'],
    summary: 'Prometheus metrics of this process',
    responses: {
      200: {
        description: 'Prometheus text exposition format.',
        content: { 'text/plain': { schema: z.string() } },
      },
    },
  });

  registry.registerPath({
    method: 'get',
    path: API_DOCS_PATH,
    tags: ['operations'],
    summary: 'This document as a readable page',
    responses: { 200: { description: 'HTML.', content: { 'text/html': { schema: z.string() } } } },
  });

  registry.registerPath({
    method: 'get',
    path: OPENAPI_JSON_PATH,
    tags: ['operations'],
    summary: 'This document',
    responses: {
      200: { description: 'The OpenAPI 3.1 document.', content: json(z.object({}).passthrough()) },
    },
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'ChatExhibit API',
      version: API_VERSION,
      description:
        'The HTTP API of the ChatExhibit gateway. Every error is JSON `{ code, message }`; `message` is a sentence for the user.',
    },
  });
}
