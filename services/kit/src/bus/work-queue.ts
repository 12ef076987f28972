import type { z } from 'zod';
import type { JobContract } from '@chatexhibit/proto/contract';
import type { ProgressErrorReason } from '@chatexhibit/proto/progress';
import { errorMessage } from '../health/checks';
import { type Logger, withCorrelationId } from '../logging/logger';
import type { JobMetrics, JobOutcome, QueueDepth } from '../metrics/metrics';

export type JobPayload<C extends JobContract> = z.infer<C['payload']>;

export interface JobContext {
  /** 1 on the first delivery, 2 on the first redelivery, … */
  deliveryCount: number;
  correlationId: string;
  /** Aborted when the handler runs past its deadline; the delivery has then failed. */
  signal: AbortSignal;
}

export type JobHandler<C extends JobContract> = (
  payload: JobPayload<C>,
  context: JobContext,
) => Promise<void>;

export interface ConsumerOptions {
  /** Deliveries before the item is dead-lettered. */
  maxDeliver: number;
  /**
   * How long a delivery may go without an ack or a heartbeat before it is redelivered. JetStream
   * keeps it on the consumer: a queue that sets up its own consumers (an open server) makes them
   * with it, nats-setup makes every consumer with the default.
   */
  ackWaitMs: number;
  /** Items one process handles at once. */
  concurrency: number;
  /**
   * How long one delivery's handler may run. Past it the signal is aborted, heartbeats stop and
   * the delivery counts as failed (retried with backoff, dead-lettered after `maxDeliver`), so a
   * hung handler cannot hold its item forever.
   */
  deadlineMs: number;
  /**
   * Told when the queue gives an item up for good (refused, its deliveries used up, its payload
   * broken), with the stored payload as sent and why, so the work's owner can hear of it.
   */
  onGiveUp?: (gaveUp: GaveUp) => Promise<void>;
}

/** An item the queue gave up on: its payload as stored, the reason, and whether it was refused. */
export interface GaveUp {
  payload: unknown;
  reason: string;
  /** A PermanentJobError: `reason` is its message, meant for whoever sent the work. */
  refused: boolean;
  /** The PermanentJobError's name for the refusal, when it has one. */
  refusalReason?: ProgressErrorReason;
  /** Its process ended while handling it `MAX_DEATHS` times (see `Delivery.begin`). */
  poisoned: boolean;
}

/**
 * Deliveries of a job that waits on a server outside (SMTP, Stripe) before it is dead-lettered:
 * with the backoff capped at 60 s, 20 tries keep retrying for about 15 minutes, long enough to
 * ride out the server's restart.
 */
export const OUTSIDE_SERVER_MAX_DELIVER = 20;

export const DEFAULT_CONSUMER_OPTIONS: ConsumerOptions = {
  maxDeliver: 5,
  ackWaitMs: 10_000,
  concurrency: 1,
  deadlineMs: 10 * 60 * 1000,
};

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
 * UnitOfWork.once); an item whose payload does not match its contract is dead-lettered at
 * once, never half-processed. Consumers are registered before `start()`.
 */
export abstract class WorkQueue {
  /** The handlers registered before `start()`, one per subject. */
  protected readonly consumers: Consumer[] = [];
  /** Aborted when the queue closes and jobs still in hand have used up their grace period. */
  protected readonly stopping = new AbortController();

  /**
   * Waits for the jobs in hand to finish. Those still running after `graceMs` are told to stop
   * (their signal aborts) and go back to the queue for another worker, so stopping a process
   * never waits out a long conversion and nothing it was doing is lost.
   */
  protected async settleInHand(
    inFlight: Iterable<Promise<void>>,
    graceMs = SHUTDOWN_GRACE_MS,
  ): Promise<void> {
    const timer = setTimeout(() => this.stopping.abort(new ShuttingDownError()), graceMs);
    await Promise.allSettled([...inFlight]);
    clearTimeout(timer);
  }

  abstract enqueue<C extends JobContract>(contract: C, payload: z.input<C['payload']>): Promise<void>;

  consume<C extends JobContract>(
    contract: C,
    handler: JobHandler<C>,
    options: Partial<ConsumerOptions> = {},
  ): void {
    if (this.consumers.some((c) => c.contract.subject === contract.subject)) {
      throw new Error(`two consumers for ${contract.subject}`);
    }
    this.consumers.push({
      contract,
      handler: handler as JobHandler<JobContract>,
      options: { ...DEFAULT_CONSUMER_OPTIONS, ...options },
    });
  }

  abstract start(): Promise<void>;
  /** Stops taking new items and waits for those in hand. */
  abstract close(): Promise<void>;
  abstract check(): Promise<void>;
  /** Items waiting or in hand for each subject this queue consumes (the queue-depth metric). */
  abstract depths(): Promise<QueueDepth[]>;
  /**
   * Deletes what the queue still keeps of items whose payload's `field` is `value` (an export's
   * or a contact message's facts: file names, names, message text): dead letters, and items
   * ended or waiting. Items in hand are left to their handler, and so are `keep`'s subjects
   * (the expiry jobs being sent for the very export).
   */
  abstract forgetPayloads(
    field: 'exportId' | 'contactId',
    value: string,
    keep?: readonly JobContract[],
  ): Promise<void>;
}

/**
 * A failure no retry can mend (a ZIP with no chat text, say): the item is dead-lettered at
 * once with this message as the reason.
 */
export class PermanentJobError extends Error {
  constructor(
    message: string,
    /** A name for the refusal, for a sender that tells refusals apart without reading sentences. */
    readonly reason?: ProgressErrorReason,
  ) {
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

export class DeadlineExceededError extends Error {
  constructor(deadlineMs: number) {
    super(`the handler ran past its deadline of ${deadlineMs} ms`);
    this.name = 'DeadlineExceededError';
  }
}

/** A consumer as a driver keeps it between `consume()` and `start()`. */
export interface Consumer {
  contract: JobContract;
  handler: JobHandler<JobContract>;
  options: ConsumerOptions;
}

/** One delivery of a stored item, as a driver hands it to `deliver`. */
export interface Delivery {
  /** 1 on the first delivery, 2 on the next, … */
  deliveryCount: number;
  correlationId: string;
  /** The stored payload as JSON; throws when it is not. */
  decode(): unknown;
  ack(): Promise<void>;
  /** Hands the item back, to be delivered again after `delayMs`. */
  retry(delayMs: number): Promise<void>;
  /** Stores the item as given up on, with the reason, and removes it from the queue. */
  deadLetter(reason: string, deliveries: number): Promise<void>;
  /**
   * Records durably, before the handler runs, that it begins; settling the item (ack, retry,
   * dead-letter) ends the record. Resolves with how many earlier runs of the item began and never
   * settled: each was cut off by the end of its process (a crash, out of memory, SIGKILL), as a
   * handler that fails, times out or is stopped at shutdown settles its run.
   */
  begin(): Promise<number>;
  /** Tells the queue the handler is still alive (JetStream's `working()`), every `everyMs`. */
  heartbeat?: { everyMs: number; beat(): void };
}

/** How long a closing queue lets its jobs in hand run on (inside a 30 s termination grace period). */
export const SHUTDOWN_GRACE_MS = 10_000;

export class ShuttingDownError extends Error {
  constructor() {
    super('the worker is shutting down; the item goes back to the queue');
    this.name = 'ShuttingDownError';
  }
}

/** When the queue itself fails to settle an item (store unreachable), it comes back after this. */
const SETTLE_RETRY_MS = 5000;

export const exhaustedReason = (deliveries: number): string =>
  `no worker acknowledged it in ${deliveries} deliveries (each worker stopped or timed out while handling it)`;

/**
 * Runs of one item whose process ended mid-job after which it is poisoned: dead-lettered, not run
 * again. One death may be a redeploy or another job's crash; a second is the item itself (an
 * upload that exhausts memory), which would otherwise take down a process at every delivery.
 */
export const MAX_DEATHS = 2;

export const diedReason = (deaths: number): string =>
  `its process ended ${deaths} times while handling it (a crash, out of memory or a kill), so it is not run again`;

/**
 * The work-queue semantics both drivers share, for one delivery: an item past `maxDeliver`
 * deliveries (its workers died or hung each time), one whose payload breaks the contract and
 * one whose earlier runs ended with their process `MAX_DEATHS` times are dead-lettered without
 * calling the handler; otherwise its run is recorded (`begin`), the handler runs under the
 * item's correlation id and its deadline, and a failure is retried with backoff or dead-lettered.
 * Never rejects: when the queue cannot settle the item, it is logged and delivered again later.
 * Each delivery is timed and counted by how it ended, the same for every driver.
 */
export async function deliver(
  delivery: Delivery,
  consumer: Consumer,
  logger: Logger,
  metrics: JobMetrics,
  stopping: AbortSignal,
): Promise<void> {
  const settled = metrics.startDelivery(consumer.contract.subject);
  settled(await settle(delivery, consumer, logger, stopping));
}

async function settle(
  delivery: Delivery,
  consumer: Consumer,
  logger: Logger,
  stopping: AbortSignal,
): Promise<JobOutcome> {
  const { contract, options } = consumer;
  const { deliveryCount, correlationId } = delivery;
  const facts = { subject: contract.subject, deliveryCount, correlationId };
  // Kept in the dead letters either way; a refusal is the sender's file, not our failure.
  const giveUp = async (
    reason: string,
    deliveries: number,
    refusal: PermanentJobError | null = null,
    poisoned = false,
  ): Promise<JobOutcome> => {
    const refused = refusal !== null;
    await delivery.deadLetter(reason, deliveries);
    // A refusal's reason is a sentence for the uploader that may quote their file names (Android
    // names the chat file after the other person): the dead letter keeps it, the log does not.
    if (refused) logger.info(facts, 'job refused');
    else logger.error({ ...facts, reason, deliveries }, 'job dead-lettered');
    if (options.onGiveUp) {
      // The item is settled; a listener that fails is logged, not retried.
      await withCorrelationId(correlationId, () =>
        options.onGiveUp!({
          payload: decodedOrNull(delivery),
          reason,
          refused,
          ...(refusal?.reason && { refusalReason: refusal.reason }),
          poisoned,
        }),
      ).catch((error: unknown) => logger.error({ ...facts, err: error }, 'could not report a given-up job'));
    }
    return refused ? 'refused' : 'dead_letter';
  };
  try {
    if (deliveryCount > options.maxDeliver)
      return await giveUp(exhaustedReason(options.maxDeliver), options.maxDeliver);
    let payload: unknown;
    try {
      payload = contract.payload.parse(delivery.decode());
    } catch (error) {
      return await giveUp(`invalid payload: ${errorMessage(error)}`, deliveryCount);
    }
    const deaths = await delivery.begin();
    if (deaths >= MAX_DEATHS) return await giveUp(diedReason(deaths), deliveryCount, null, true);
    const failure = await runHandler(delivery, consumer, payload, stopping);
    if (failure === undefined) {
      await delivery.ack();
      return 'ok';
    }
    const next = afterFailure(failure.error, deliveryCount, options.maxDeliver);
    if (next.action === 'dead-letter') {
      return await giveUp(
        errorMessage(failure.error),
        deliveryCount,
        failure.error instanceof PermanentJobError ? failure.error : null,
      );
    }
    logger.warn({ ...facts, err: failure.error }, 'job failed; will retry');
    await delivery.retry(next.delayMs);
    return 'retry';
  } catch (error) {
    logger.error({ ...facts, err: error }, 'could not settle the job; it will be delivered again');
    await delivery.retry(SETTLE_RETRY_MS).catch(() => undefined);
    return 'retry';
  }
}

const decodedOrNull = (delivery: Delivery): unknown => {
  try {
    return delivery.decode();
  } catch {
    return null;
  }
};

/** Runs the handler until it settles or its deadline passes; resolves with its failure, if any. */
async function runHandler(
  delivery: Delivery,
  { handler, options }: Consumer,
  payload: unknown,
  stopping: AbortSignal,
): Promise<{ error: unknown } | undefined> {
  const controller = new AbortController();
  let deadline: NodeJS.Timeout | undefined;
  let stop: (() => void) | undefined;
  const pastDeadline = new Promise<never>((_resolve, reject) => {
    const give = (error: Error) => {
      controller.abort(error);
      reject(error);
    };
    deadline = setTimeout(() => give(new DeadlineExceededError(options.deadlineMs)), options.deadlineMs);
    stop = () => give(stopping.reason instanceof Error ? stopping.reason : new ShuttingDownError());
    if (stopping.aborted) stop();
    else stopping.addEventListener('abort', stop, { once: true });
  });
  const heartbeat = delivery.heartbeat && setInterval(delivery.heartbeat.beat, delivery.heartbeat.everyMs);
  const context: JobContext = {
    deliveryCount: delivery.deliveryCount,
    correlationId: delivery.correlationId,
    signal: controller.signal,
  };
  try {
    // A handler that ignores the signal keeps running, but its item no longer waits for it.
    await Promise.race([
      withCorrelationId(delivery.correlationId, () => handler(payload, context)),
      pastDeadline,
    ]);
    return undefined;
  } catch (error) {
    return { error };
  } finally {
    clearTimeout(deadline);
    if (stop) stopping.removeEventListener('abort', stop);
    clearInterval(heartbeat);
  }
}
