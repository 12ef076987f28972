import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { JobContract } from '@chatexhibit/proto/contract';
import { currentCorrelationId, type Logger, withCorrelationId } from '../logging/logger';
import { errorMessage } from '../health/checks';
import {
  afterFailure,
  type ConsumerOptions,
  type DeadLetter,
  DEFAULT_CONSUMER_OPTIONS,
  type JobHandler,
  validatePayload,
  WorkQueue,
} from './work-queue';

interface Delivery {
  subject: string;
  payload: unknown;
  correlationId: string;
  deliveryCount: number;
}

/** How long a dedupe key is remembered, like JetStream's duplicate window. */
const DEDUPE_WINDOW_MS = 2 * 60 * 1000;

/**
 * Standalone mode's work queue, with JetStream's semantics inside one process: payloads are
 * validated and copied, duplicates within the window dropped, a throwing handler retried with
 * the same backoff and dead-lettered after `maxDeliver` deliveries.
 */
export class InProcessWorkQueue extends WorkQueue {
  private readonly consumers = new Map<
    string,
    { handler: JobHandler<JobContract>; options: ConsumerOptions; contract: JobContract }
  >();
  private readonly waiting: Delivery[] = [];
  private readonly recentKeys = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private state: 'created' | 'running' | 'closed' = 'created';
  readonly deadLetters: DeadLetter[] = [];

  constructor(private readonly logger: Logger) {
    super();
  }

  async enqueue<C extends JobContract>(contract: C, payload: z.input<C['payload']>): Promise<void> {
    if (this.state === 'closed') throw new Error('work queue is closed');
    const valid = validatePayload(contract, payload);
    const key = `${contract.subject}:${contract.dedupeKey(valid)}`;
    const now = Date.now();
    for (const [k, at] of this.recentKeys) if (now - at > DEDUPE_WINDOW_MS) this.recentKeys.delete(k);
    if (this.recentKeys.has(key)) return;
    this.recentKeys.set(key, now);
    const delivery: Delivery = {
      subject: contract.subject,
      payload: JSON.parse(JSON.stringify(valid)),
      correlationId: currentCorrelationId() ?? randomUUID(),
      deliveryCount: 1,
    };
    if (this.state === 'running') this.schedule(delivery, 0);
    else this.waiting.push(delivery);
  }

  consume<C extends JobContract>(
    contract: C,
    handler: JobHandler<C>,
    options: Partial<ConsumerOptions> = {},
  ): void {
    if (this.consumers.has(contract.subject)) throw new Error(`two consumers for ${contract.subject}`);
    this.consumers.set(contract.subject, {
      handler: handler as JobHandler<JobContract>,
      options: { ...DEFAULT_CONSUMER_OPTIONS, ...options },
      contract,
    });
  }

  async start(): Promise<void> {
    this.state = 'running';
    for (const delivery of this.waiting.splice(0)) this.schedule(delivery, 0);
  }

  async close(): Promise<void> {
    this.state = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  async check(): Promise<void> {
    if (this.state !== 'running') throw new Error(`work queue is ${this.state}`);
  }

  private schedule(delivery: Delivery, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.deliver(delivery).finally(() => this.inFlight.delete(run));
      this.inFlight.add(run);
    }, delayMs);
    this.timers.add(timer);
  }

  private async deliver(delivery: Delivery): Promise<void> {
    if (this.state !== 'running') return;
    const consumer = this.consumers.get(delivery.subject);
    if (!consumer) {
      // Like a stream with no consumer yet: the item waits rather than being lost.
      this.waiting.push(delivery);
      return;
    }
    const parsed = consumer.contract.payload.safeParse(delivery.payload);
    if (!parsed.success) {
      this.deadLetter(delivery, `invalid payload: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      return;
    }
    try {
      await withCorrelationId(delivery.correlationId, () =>
        consumer.handler(parsed.data, {
          deliveryCount: delivery.deliveryCount,
          correlationId: delivery.correlationId,
        }),
      );
    } catch (error) {
      const next = afterFailure(error, delivery.deliveryCount, consumer.options.maxDeliver);
      if (next.action === 'dead-letter') {
        this.deadLetter(delivery, errorMessage(error));
        return;
      }
      this.logger.warn(
        {
          subject: delivery.subject,
          deliveryCount: delivery.deliveryCount,
          correlationId: delivery.correlationId,
          err: error,
        },
        'job failed; will retry',
      );
      if (this.state === 'running')
        this.schedule({ ...delivery, deliveryCount: delivery.deliveryCount + 1 }, next.delayMs);
    }
  }

  private deadLetter(delivery: Delivery, reason: string): void {
    const letter: DeadLetter = {
      subject: delivery.subject,
      payload: delivery.payload,
      reason,
      deliveries: delivery.deliveryCount,
      correlationId: delivery.correlationId,
    };
    this.deadLetters.push(letter);
    this.logger.error(
      { subject: letter.subject, reason, deliveries: letter.deliveries, correlationId: letter.correlationId },
      'job dead-lettered',
    );
  }
}
