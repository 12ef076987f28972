import { z } from 'zod';
import type { ErrorReasons } from './errors';
import { DOCUMENTS_OUT_OF_MEMORY_MESSAGE } from './progress';
import { MAX_MESSAGE_NUMBER } from './message-number';
import { TranscriptMessageSchema } from './transcript';

// What the web app needs to build an exhibit from a processed export, and what making one answers.

/** The most messages one page of an export's transcript messages holds. */
export const EXHIBIT_MESSAGES_PAGE_LIMIT = 5000;

export const ExhibitMessagesQuerySchema = z.object({
  /** The first message number of the page (1-based, the transcript's numbers). */
  from: z.coerce
    .number()
    .int()
    .min(1, 'from must be a message number, from 1')
    .max(MAX_MESSAGE_NUMBER, `from must be a message number, at most ${MAX_MESSAGE_NUMBER}`)
    .default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(EXHIBIT_MESSAGES_PAGE_LIMIT, `limit must be at most ${EXHIBIT_MESSAGES_PAGE_LIMIT}`)
    .default(EXHIBIT_MESSAGES_PAGE_LIMIT),
});

/**
 * A message as the transcript numbers and draws it: what an exhibit selects, highlights and
 * redacts. Its fields are the transcript's own; `content` is the text a `text` redaction's
 * offsets and search count in.
 */
export const ExhibitMessageSchema = TranscriptMessageSchema.pick({
  timestamp: true,
  secondsRecorded: true,
  sender: true,
  content: true,
  type: true,
  attachment: true,
}).extend({
  /** The transcript's number ("message 0412"). */
  number: z.number().int().min(1),
});
export type ExhibitMessage = z.infer<typeof ExhibitMessageSchema>;

export const ExhibitMessagesResponseSchema = z.object({
  /** Every numbered entry of the transcript: the largest message number. */
  totalMessages: z.number().int().nonnegative(),
  participants: z.array(z.string()),
  /** The zone the transcript states its times in. */
  timeZone: z.string(),
  messages: z.array(ExhibitMessageSchema),
});
export type ExhibitMessagesResponse = z.infer<typeof ExhibitMessagesResponseSchema>;

/** One file of a made exhibit, with its link (no signature: it opens through `POST /api/link-code`). */
export const ExhibitFileLinkSchema = z.object({
  /** Its name, as the exhibit's SHA256SUMS lists it (`exhibit.pdf`, `redaction-log.csv`, …). */
  name: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  url: z.string(),
});

export const ExhibitResponseSchema = z.object({
  exhibitId: z.uuid(),
  /** What it holds, in the cover's words ("messages 0412–0440 and 0512 of 2,000"). */
  included: z.string(),
  redactions: z.number().int().nonnegative(),
  files: z.array(ExhibitFileLinkSchema),
  /** Made anyway: what the filer should look at again before filing, one sentence each. */
  warnings: z.array(z.string()).meta({
    description:
      "One sentence each, the exhibit made anyway: a label that is the full transcript's exhibit number; each span of an included message that looks like a Fed. R. Civ. P. 5.2(a) identifier (SSN or TIN, card or account number, date of birth) and that no redaction covers (the message, what it looks like and the rule, never the text); redaction-log.pdf or redaction-log.csv over the court profile's limit, which splits only the exhibit's two copies. Empty when there is none.",
  }),
});
export type ExhibitResponse = z.infer<typeof ExhibitResponseSchema>;

/** Why the pdf service refused to make an exhibit: the reason a BusError carries, with its code and message. */
export const EXHIBIT_ERRORS = {
  /** The spec does not fit the chat; the message is the plan's sentence, which starts with the field. */
  SPEC_DOES_NOT_FIT: { code: 'INVALID_REQUEST', message: 'The exhibit spec does not fit the chat.' },
  /** No documents recorded with what they were made from: not made yet, or made before exhibits existed. */
  NO_TRANSCRIPT: {
    code: 'NOT_FOUND',
    message: 'No transcript of this export can be cut into an exhibit. Please upload the export again.',
  },
  /**
   * Drawing it needed more memory, or more time, than the pdf core's worker may spend on one
   * export (the message then says which).
   */
  TOO_LARGE: { code: 'INVALID_REQUEST', message: DOCUMENTS_OUT_OF_MEMORY_MESSAGE },
  /** As many exhibits as the pdf core draws at once are being drawn, and as many wait: asked again later, it is drawn. */
  BUSY: {
    code: 'UNAVAILABLE',
    message:
      'Other exhibits are being drawn just now. Please try again in a minute: nothing of yours was lost.',
  },
} as const satisfies ErrorReasons<string>;
