import { z } from 'zod';
import { HTTP_LIMITS, JSON_BODY_MAX_BYTES } from './http-limits';
import { httpRoute } from './contract';
import { ExhibitResponseSchema } from './exhibit-api';
import {
  ExhibitDraftSavedSchema,
  ExhibitDraftSchema,
  ExhibitSpecSchema,
  SavedExhibitDraftSchema,
} from './exhibit-spec';
import {
  BOUND,
  EXPIRED,
  ExportIdSchema,
  HTTP_API,
  HTTP_SCHEMAS,
  json,
  NOT_READABLE,
  perHour,
} from './http-api';

/** Makes an exhibit: kept out of HTTP_API with its body's schema (see there why). */
export const MAKE_EXHIBIT_ROUTE = httpRoute({
  method: 'POST',
  path: '/api/whatsapp/export/{exportId}/exhibits',
  tag: 'exhibits',
  summary: 'Make an exhibit of a free or paid export: selected messages, highlights, redactions, volumes',
  description: `With the id the upload answered; no new payment. The body is an ExhibitSpec. The answer lists the exhibit's files (the exhibit PDF, and with redactions its sealed unredacted copy and the redaction log; the manifest, the declaration paragraph and SHA256SUMS), each behind a signed link valid as long as the export's other links, and \`warnings\`: what looks like a Rule 5.2(a) identifier and is left unredacted, a label that repeats the transcript's exhibit number, a redaction log over the court profile's limit (the exhibit is made anyway). At most ${HTTP_LIMITS.exhibitsPerHour} exhibits per client address per hour. The id opens the export only with the cookie that binds it to the uploader's browser (see the chat data).`,
  params: z.object({ exportId: ExportIdSchema }),
  body: { mediaType: 'application/json', schema: ExhibitSpecSchema },
  responses: { 201: json('The exhibit is made.', ExhibitResponseSchema) },
  errors: {
    400: 'The spec is invalid or does not fit the chat: one sentence that starts with the field (`redactions[2].text: "123-45-6789" is not in the text of message 0413`).',
    404: NOT_READABLE,
    410: EXPIRED,
    429: perHour(HTTP_LIMITS.exhibitsPerHour, 'Too many exhibits from this address'),
  },
});

const DRAFT = `The Exhibit mode's work in progress on an export (selected messages, highlights, redactions, rejected suggestions, the form's fields as typed), kept on the server with the export, never in the browser, and deleted with it (by its uploader, or past its retention).`;

/** The Exhibit mode's draft of an export, as last saved. */
export const EXHIBIT_DRAFT_ROUTE = httpRoute({
  method: 'GET',
  path: '/api/whatsapp/export/{exportId}/exhibit-draft',
  tag: 'exhibits',
  summary: 'The exhibit draft of a free or paid export, as last saved',
  description: `${DRAFT} \`draft\` and \`savedAt\` are null while none is saved. ${BOUND}`,
  params: z.object({ exportId: ExportIdSchema }),
  responses: { 200: json('The draft, or null.', SavedExhibitDraftSchema) },
  errors: { 404: NOT_READABLE, 410: EXPIRED },
});

/** Saves the Exhibit mode's draft of an export, replacing the one saved before. */
export const SAVE_EXHIBIT_DRAFT_ROUTE = httpRoute({
  method: 'PUT',
  path: '/api/whatsapp/export/{exportId}/exhibit-draft',
  tag: 'exhibits',
  summary: 'Save the exhibit draft of a free or paid export',
  description: `${DRAFT} The body is an ExhibitDraft, at most ${JSON_BODY_MAX_BYTES / 1024} KiB of JSON: the parts of an ExhibitSpec, each checked with the spec's own schema, but unfinished (no message selected yet, no label) and with the form's fields as typed. It replaces the draft saved before. ${BOUND}`,
  params: z.object({ exportId: ExportIdSchema }),
  body: { mediaType: 'application/json', schema: ExhibitDraftSchema },
  responses: { 200: json('Saved.', ExhibitDraftSavedSchema) },
  errors: {
    400: 'The draft is invalid: one sentence that starts with the field.',
    404: NOT_READABLE,
    410: EXPIRED,
    413: `The draft is over ${JSON_BODY_MAX_BYTES / 1024} KiB of JSON.`,
  },
});

/** Every route of the gateway's HTTP API, for the gateway and its API docs. */
export const HTTP_ROUTES = {
  ...HTTP_API,
  makeExhibit: MAKE_EXHIBIT_ROUTE,
  exhibitDraft: EXHIBIT_DRAFT_ROUTE,
  saveExhibitDraft: SAVE_EXHIBIT_DRAFT_ROUTE,
} as const;

/** Every named schema of the API docs. */
export const HTTP_ROUTE_SCHEMAS = {
  ...HTTP_SCHEMAS,
  ExhibitSpec: ExhibitSpecSchema,
  ExhibitDraft: ExhibitDraftSchema,
  SavedExhibitDraft: SavedExhibitDraftSchema,
} as const;
