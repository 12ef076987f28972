import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';
import { issueSentences } from '@chatexhibit/proto/errors';

/**
 * Validates a query or body against its proto schema; the first problem becomes a 400 message
 * that names the field (`options.includeImages: Invalid input: expected boolean, …`,
 * `redactions[2].reason.note: …`), as `issueSentences` words it.
 */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, name?: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new BadRequestException(issueSentences(parsed.error.issues, name)[0] ?? 'invalid request');
}

/**
 * Validates a form's body against its proto schema, whose messages are sentences for the person
 * filling it in (SPEC §5): the first problem is the 400 message, word for word. A body that is
 * not a JSON object is checked as an empty form.
 */
export function parseForm<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(typeof body === 'object' && body !== null ? body : {});
  if (parsed.success) return parsed.data;
  throw new BadRequestException(parsed.error.issues[0]?.message ?? 'invalid request');
}
