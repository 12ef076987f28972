import type { z } from 'zod';
import type { RequestContract } from '@chatexhibit/proto/contract';
import type { Logger } from '../logging/logger';
import { BusError } from './bus-error';

export type RequestOf<C extends RequestContract> = z.input<C['request']>;
export type ResponseOf<C extends RequestContract> = z.infer<C['response']>;
export type RequestHandler<C extends RequestContract> = (
  request: z.infer<C['request']>,
) => Promise<z.input<C['response']>>;

export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;

/**
 * Queries between parts (NATS request-reply, or in-process in standalone mode). Both sides
 * validate against the contract: a bad request never reaches a handler, a bad reply never
 * reaches a caller. Handlers are registered before `start()`.
 */
export abstract class RequestBus {
  abstract handle<C extends RequestContract>(contract: C, handler: RequestHandler<C>): void;
  abstract request<C extends RequestContract>(
    contract: C,
    request: RequestOf<C>,
    options?: { timeoutMs?: number },
  ): Promise<ResponseOf<C>>;
  abstract start(): Promise<void>;
  abstract close(): Promise<void>;
  abstract check(): Promise<void>;
}

/** Wraps a handler so that what enters and leaves it is validated; failures become BusErrors. */
export function validatingHandler<C extends RequestContract>(
  contract: C,
  handler: RequestHandler<C>,
  logger: Logger,
): (data: unknown) => Promise<unknown> {
  return async (data) => {
    const request = contract.request.safeParse(data);
    if (!request.success) {
      logger.warn(
        { subject: contract.subject, issues: request.error.issues },
        'rejected a request that does not match its contract',
      );
      throw new BusError(
        'INVALID_REQUEST',
        `invalid request on ${contract.subject}: ${request.error.issues[0]?.message ?? ''}`,
      );
    }
    let reply: unknown;
    try {
      reply = await handler(request.data as z.infer<C['request']>);
    } catch (error) {
      const busError = BusError.from(error);
      if (busError.code === 'INTERNAL')
        logger.error({ err: error, subject: contract.subject }, 'request handler failed');
      throw busError;
    }
    const response = contract.response.safeParse(reply);
    if (!response.success) {
      logger.error(
        { subject: contract.subject, issues: response.error.issues },
        'handler reply does not match its contract',
      );
      throw new BusError('INTERNAL', `invalid reply on ${contract.subject}`);
    }
    return response.data;
  };
}

/** Validates an outgoing request; throws INVALID_REQUEST before anything is sent. */
export function validateRequest<C extends RequestContract>(contract: C, request: RequestOf<C>): unknown {
  const parsed = contract.request.safeParse(request);
  if (!parsed.success) {
    throw new BusError(
      'INVALID_REQUEST',
      `invalid request on ${contract.subject}: ${parsed.error.issues[0]?.message ?? ''}`,
    );
  }
  return parsed.data;
}

/** Validates a reply received from another process. */
export function validateResponse<C extends RequestContract>(contract: C, reply: unknown): ResponseOf<C> {
  const parsed = contract.response.safeParse(reply);
  if (!parsed.success) throw new BusError('INTERNAL', `invalid reply on ${contract.subject}`);
  return parsed.data as ResponseOf<C>;
}
