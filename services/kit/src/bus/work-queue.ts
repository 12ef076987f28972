import type { z } from 'zod';
import type { JobContract } from '@chatexhibit/proto/contract';

export type JobPayload<C extends JobContract> = z.infer<C['payload']>;

export interface JobContext {
  /** 1 on the first delivery, 2 on the first redelivery, … */
  deliveryCount: number;
  correlationId: string;
}

export type JobHandler<C extends JobContract> = (
  payload: JobPayload<C>,
  context: JobContext,
) => Promise<void>;

export interface ConsumerOptions {
  /** Deliveries before the item is dead-lettered. */
  maxDeliver: number;
  /** How long a delivery may go without an ack or a heartbeat before it is redelivered. */
  ackWaitMs: number;
  /** Items one process handles at once. */
  concurrency: number;
}

export const DEFAULT_CONSUMER_OPTIONS: ConsumerOptions = { maxDeliver: 5, ackWaitMs: 30_000, concurrency: 1 };

/** A work item given up on, with the reason; kept for an operator to inspect and replay. */
export interface DeadLetter {
  subject: string;
  payload: unknown;
  reason: string;
  deliveries: number;
  correlationId: string;
}

/**
 * Durable work: at-least-once delivery with explicit ack, redelivery of unacked items, bounded
 * retries with backoff and a dead-letter with the reason. Handlers must be idempotent (see
 * database/inbox.ts); an item whose payload does not match its contract is dead-lettered at
 * once, never half-processed. Consumers are registered before `start()`.
 */
export abstract class WorkQueue {
  abstract enqueue<C extends JobContract>(contract: C, payload: z.input<C['payload']>): Promise<void>;
  abstract consume<C extends JobContract>(
    contract: C,
    handler: JobHandler<C>,
    options?: Partial<ConsumerOptions>,
  ): void;
  abstract start(): Promise<void>;
  /** Stops taking new items and waits for those in hand. */
  abstract close(): Promise<void>;
  abstract check(): Promise<void>;
}

/**
 * A failure no retry can mend (a ZIP with no chat text, say): the item is dead-lettered at
 * once with this message as the reason.
 */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** What to do after a delivery failed: retry after a delay, or give up. */
export function afterFailure(
  error: unknown,
  deliveryCount: number,
  maxDeliver: number,
): { action: 'retry'; delayMs: number } | { action: 'dead-letter' } {
  if (error instanceof PermanentJobError || deliveryCount >= maxDeliver) return { action: 'dead-letter' };
  return { action: 'retry', delayMs: Math.min(1000 * 2 ** (deliveryCount - 1), 60_000) };
}

/** Checks a payload before it is published; a bad one is a programming error at the sender. */
export function validatePayload<C extends JobContract>(contract: C, payload: unknown): JobPayload<C> {
  const parsed = contract.payload.safeParse(payload);
  if (!parsed.success) {
    throw new Error(
      `invalid payload for ${contract.subject}: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
    );
  }
  return parsed.data as JobPayload<C>;
}
