import { BadRequestException, NotFoundException } from '@nestjs/common';
import type { z } from 'zod';

/** Validates a query or body against its proto schema; the first problem becomes a 400 message. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadRequestException(parsed.error.issues[0]?.message ?? 'invalid request');
  return parsed.data;
}

/** A path id that does not parse names nothing: 404, like an id that is not there. */
export function parseIdOr404<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new NotFoundException(NOT_FOUND_MESSAGE);
  return parsed.data;
}

/** One answer for "no such export" and "not yours to read yet", so neither reveals the other. */
export const NOT_FOUND_MESSAGE = 'Nothing was found here.';
