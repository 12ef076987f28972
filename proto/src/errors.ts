import { z } from 'zod';

/**
 * Error codes carried across process boundaries; the gateway maps them to HTTP statuses at
 * the edge (gateway/src/http/error-filter.ts). The message is for the user.
 */
export const ERROR_CODES = [
  'INVALID_REQUEST',
  'NOT_FOUND',
  'PAYMENT_REQUIRED',
  /** The request contradicts the current state (a bundle already paid). */
  'CONFLICT',
  /** What was asked for existed and is gone (an export past its retention). */
  'GONE',
  /** Too many requests from one client address (a rate limit). */
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * A module's refusals: for each reason (its own enum, as twenty does), the code the gateway maps
 * to HTTP and the message for the user. The reason travels beside the code, so a caller tells
 * "refunded" from "already paid" (both CONFLICT) without reading the message.
 */
export type ErrorReasons<Reason extends string> = Readonly<
  Record<Reason, { code: ErrorCode; message: string }>
>;

export const ErrorBodySchema = z.object({
  code: ErrorCodeSchema,
  /** The module's reason, when a module refused (e.g. payment's `REFUNDED`). */
  reason: z.string().optional(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * How a sentence names a field of a request from a zod issue's path: `redactions[2].text`,
 * `options.includeImages`, as a person writing the JSON would.
 */
export const fieldPath = (path: readonly PropertyKey[]): string =>
  path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
