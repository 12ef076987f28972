import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { RequestContract } from '@chatexhibit/proto/contract';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import { BusError } from '@chatexhibit/kit/bus/bus-error';

/** What a support operation's use case is given: its request, the token checked and taken off. */
export type SupportOperation<C extends RequestContract> = Omit<z.infer<C['request']>, 'supportToken'>;

const digest = (token: string): Buffer => createHash('sha256').update(token).digest();

/**
 * Support's operations run only for the support token, checked here and not only at the
 * gateway: a client on the bus that sends the request itself is not support. Without a
 * configured token they are refused as at the gateway. Digests of equal length are compared in
 * constant time, so the comparison tells nothing of the token.
 */
export function checkSupportToken(expected: string | null, presented: string): void {
  if (expected === null) throw BusError.of(PAYMENT_ERRORS, 'SUPPORT_DISABLED');
  if (!timingSafeEqual(digest(presented), digest(expected)))
    throw BusError.of(PAYMENT_ERRORS, 'SUPPORT_TOKEN_WRONG');
}
