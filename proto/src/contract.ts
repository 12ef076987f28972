import type { z } from 'zod';

/** A NATS request-reply query: one subject, a validated request and a validated response. */
export interface RequestContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'request';
  readonly subject: string;
  readonly request: Req;
  readonly response: Res;
}

/**
 * A durable work item on JetStream. `dedupeKey` names the item's effect (export id + step),
 * so a re-published item is dropped by the stream and a redelivered one is handled once.
 */
export interface JobContract<Payload extends z.ZodType = z.ZodType> {
  readonly kind: 'job';
  readonly subject: string;
  readonly payload: Payload;
  readonly dedupeKey: (payload: z.infer<Payload>) => string;
}

/** A fire-and-forget event on a subject family such as `progress.<exportId>`. */
export interface EventContract<Payload extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: (key: string) => string;
  readonly wildcard: string;
  readonly payload: Payload;
}

export const requestContract = <Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  response: Res,
): RequestContract<Req, Res> => ({ kind: 'request', subject, request, response });

export const jobContract = <Payload extends z.ZodType>(
  subject: string,
  payload: Payload,
  dedupeKey: (payload: z.infer<Payload>) => string,
): JobContract<Payload> => ({ kind: 'job', subject, payload, dedupeKey });

export const eventContract = <Payload extends z.ZodType>(
  family: string,
  payload: Payload,
): EventContract<Payload> => ({
  kind: 'event',
  subject: (key) => `${family}.${key}`,
  wildcard: `${family}.*`,
  payload,
});
