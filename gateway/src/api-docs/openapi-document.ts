import {
  extendZodWithOpenApi,
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
  zodToOpenAPIRegistry,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ChatDataSchema } from '@chatexhibit/proto/chat';
import { ContactMessageSchema, ContactReceivedResponseSchema } from '@chatexhibit/proto/contact';
import { MAX_UPLOAD_BYTES } from '@chatexhibit/proto/constants';
import { ErrorBodySchema } from '@chatexhibit/proto/errors';
import { PartHealthSchema, SystemHealthSchema } from '@chatexhibit/proto/health';
import { UploadOptionsSchema } from '@chatexhibit/proto/processing-options';
import { ProgressEventSchema, StartProcessingResponseSchema } from '@chatexhibit/proto/progress';
import { SignedLinkQuerySchema } from '../links/signed-links';
import { ProcessStatusQuerySchema } from '../progress/process-status.controller';
import { ExportIdSchema } from '../results/export-results.controller';

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
  const SystemHealth = named('SystemHealth', SystemHealthSchema);
  const PartHealth = named('PartHealth', PartHealthSchema);
  const ContactMessage = named('ContactMessage', ContactMessageSchema);
  const ContactReceived = named('ContactReceivedResponse', ContactReceivedResponseSchema);

  const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
  const error = (description: string): ResponseConfig => ({ description, content: json(ErrorBody) });
  const binary = z.string().openapi({ format: 'binary' });
  const file = (mediaType: string, description: string): ResponseConfig => ({
    description,
    content: { [mediaType]: { schema: binary } },
  });
  const notFound = error('No such export, or not readable yet (unpaid): the same answer for both.');
  const exportId = z.object({ exportId: ExportIdSchema });
  const badLink = error('The link was altered ("This download link is not valid.") or has expired.');

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
    responses: { 200: { description: 'The chat data.', content: json(ChatData) }, 404: notFound },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/whatsapp/evidence-zip/{id}',
    tags: ['results'],
    summary: 'An export’s evidence package',
    request: { params: z.object({ id: ExportIdSchema }) },
    responses: { 200: file('application/zip', 'The evidence ZIP.'), 404: notFound },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/files/{exportId}/transcript.pdf',
    tags: ['signed files'],
    summary: 'The transcript PDF, behind a signed, expiring link',
    request: { params: exportId, query: SignedLinkQuerySchema },
    responses: { 200: file('application/pdf', 'The transcript.'), 403: badLink, 404: notFound },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/files/{exportId}/audio/{entryPath}',
    tags: ['signed files'],
    summary: 'The MP3 copy of a voice note, behind a signed, expiring link',
    request: {
      params: exportId.extend({
        entryPath: z.string().openapi({ description: 'The voice note’s path inside the ZIP, URL-encoded.' }),
      }),
      query: SignedLinkQuerySchema,
    },
    responses: { 200: file('audio/mpeg', 'The MP3.'), 403: badLink, 404: notFound },
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
