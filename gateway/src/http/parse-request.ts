import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';
import { fieldPath } from '@chatexhibit/proto/errors';

/**
 * Validates a query or body against its proto schema; the first problem becomes a 400 message
 * that names the field (`options.includeImages: Invalid input: expected boolean, …`,
 * `redactions[2].reason.note: …`) unless the
 * schema's own message already does.
 */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, name?: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw new BadRequestException('invalid request');
  const field = fieldPath(name === undefined ? issue.path : [name, ...issue.path]);
  const namesItself = field !== '' && issue.message.startsWith(issue.path.map(String).at(-1) ?? field);
  throw new BadRequestException(field && !namesItself ? `${field}: ${issue.message}` : issue.message);
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
