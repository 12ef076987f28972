import { z } from 'zod';
import { CONTACT_MIN_LENGTH } from './constants';
import { isOneLine } from './one-line';

/** Longest accepted fields: enough for any real message, a bound for a script (not in the SPEC). */
export const CONTACT_MAX_LENGTH = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/**
 * A trimmed string between `min` and `max` characters; `tooShort` is also the answer for a
 * missing or non-string field, so the person filling in the form reads one sentence per field.
 */
const field = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);

/** A field the support mail writes into its header block: one line, or it could fake more. */
const oneLineField = (min: number, max: number, tooShort: string, tooLong: string, notOneLine: string) =>
  field(min, max, tooShort, tooLong).refine(isOneLine, notOneLine);

const INVALID_EMAIL = 'Please enter a valid email address.';

/**
 * SPEC §3 Contact message with the SPEC §5 rules, in field order (the first problem is the one
 * shown); the SPA checks it on submit and the gateway again on the server.
 */
export const ContactMessageSchema = z.object({
  name: oneLineField(
    CONTACT_MIN_LENGTH.name,
    CONTACT_MAX_LENGTH.name,
    'Name must be at least 2 characters.',
    'Name must be at most 100 characters.',
    'Name must be one line of text.',
  ),
  email: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(CONTACT_MAX_LENGTH.email, INVALID_EMAIL)
    // An address with a line break in it does not match z.email either.
    .pipe(z.email(INVALID_EMAIL)),
  subject: oneLineField(
    CONTACT_MIN_LENGTH.subject,
    CONTACT_MAX_LENGTH.subject,
    'Subject must be at least 5 characters.',
    'Subject must be at most 200 characters.',
    'Subject must be one line of text.',
  ),
  message: field(
    CONTACT_MIN_LENGTH.message,
    CONTACT_MAX_LENGTH.message,
    'Message must be at least 10 characters.',
    'Message must be at most 5,000 characters.',
  ),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** POST /api/contact's answer: the message is stored durably and will reach support. */
export const ContactReceivedResponseSchema = z.object({ received: z.literal(true) });
export type ContactReceivedResponse = z.infer<typeof ContactReceivedResponseSchema>;
