import { randomUUID } from 'node:crypto';
import {
  AckPolicy,
  connect,
  type ConsumerMessages,
  headers as natsHeaders,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  nanos,
  type NatsConnection,
  RetentionPolicy,
  type StreamConfig,
  StorageType,
  type Subscription,
} from 'nats';
import type { z } from 'zod';
import type { JobContract } from '@chatexhibit/proto/contract';
import { errorMessage } from '../health/checks';
import { currentCorrelationId, type Logger, withCorrelationId } from '../logging/logger';
import {
  afterFailure,
  type ConsumerOptions,
  DEFAULT_CONSUMER_OPTIONS,
  type JobHandler,
  validatePayload,
  WorkQueue,
} from './work-queue';

const CORRELATION_HEADER = 'correlation-id';
const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
const DEAD_LETTER_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

interface Registration {
  contract: JobContract;
  handler: JobHandler<JobContract>;
  options: ConsumerOptions;
}

/**
 * Durable work on NATS JetStream. One work-queue stream holds every job subject; each job
 * subject has one durable pull consumer shared by all replicas of its service, with explicit
 * ack, heartbeats while a handler runs, redelivery after `ackWaitMs` of silence (a killed
 * worker), exponential backoff on failure, and a dead-letter stream for what is given up.
 */
export class JetStreamWorkQueue extends WorkQueue {
  private readonly registrations: Registration[] = [];
  private readonly running: { messages: ConsumerMessages; loop: Promise<void> }[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly advisories: Subscription[] = [];
  private closing = false;

  private constructor(
    private readonly connection: NatsConnection,
    private readonly manager: JetStreamManager,
    private readonly jetstream: JetStreamClient,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  /** Connects (waiting for NATS to come up) and makes sure both streams exist. */
  static async connect(
    options: { url: string; prefix: string; name: string },
    logger: Logger,
  ): Promise<JetStreamWorkQueue> {
    const connection = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      waitOnFirstConnect: true,
    });
    const manager = await connection.jetstreamManager();
    const queue = new JetStreamWorkQueue(connection, manager, connection.jetstream(), options.prefix, logger);
    await queue.ensureStream({
      name: queue.jobStream,
      subjects: [`${options.prefix}.jobs.>`],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    });
    await queue.ensureStream({
      name: queue.deadLetterStream,
      subjects: [`${options.prefix}.dead-letter.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(DEAD_LETTER_MAX_AGE_MS),
    });
    return queue;
  }

  get jobStream(): string {
    return `${this.prefix}_jobs`;
  }
  get deadLetterStream(): string {
    return `${this.prefix}_dead_letters`;
  }

  private subject(contract: JobContract): string {
    return `${this.prefix}.${contract.subject}`;
  }

  private async ensureStream(config: Partial<StreamConfig> & { name: string }): Promise<void> {
    try {
      await this.manager.streams.info(config.name);
      await this.manager.streams.update(config.name, config);
    } catch (error) {
      if (!/stream not found/i.test(errorMessage(error))) throw error;
      await this.manager.streams.add(config);
    }
  }

  async enqueue<C extends JobContract>(contract: C, payload: z.input<C['payload']>): Promise<void> {
    const valid = validatePayload(contract, payload);
    const headers = natsHeaders();
    headers.set(CORRELATION_HEADER, currentCorrelationId() ?? randomUUID());
    await this.jetstream.publish(this.subject(contract), JSON.stringify(valid), {
      msgID: `${contract.subject}:${contract.dedupeKey(valid)}`,
      headers,
    });
  }

  consume<C extends JobContract>(
    contract: C,
    handler: JobHandler<C>,
    options: Partial<ConsumerOptions> = {},
  ): void {
    if (this.registrations.some((r) => r.contract.subject === contract.subject)) {
      throw new Error(`two consumers for ${contract.subject}`);
    }
    this.registrations.push({
      contract,
      handler: handler as JobHandler<JobContract>,
      options: { ...DEFAULT_CONSUMER_OPTIONS, ...options },
    });
  }

  async start(): Promise<void> {
    for (const registration of this.registrations) {
      const durable = registration.contract.subject.replace(/\./g, '-');
      const config = {
        ack_policy: AckPolicy.Explicit,
        ack_wait: nanos(registration.options.ackWaitMs),
        max_deliver: registration.options.maxDeliver,
        max_ack_pending: 1000,
      };
      try {
        await this.manager.consumers.info(this.jobStream, durable);
        await this.manager.consumers.update(this.jobStream, durable, config);
      } catch (error) {
        if (!/consumer not found/i.test(errorMessage(error))) throw error;
        await this.manager.consumers.add(this.jobStream, {
          ...config,
          durable_name: durable,
          filter_subject: this.subject(registration.contract),
        });
      }
      const consumer = await this.jetstream.consumers.get(this.jobStream, durable);
      const messages = await consumer.consume({ max_messages: registration.options.concurrency });
      this.watchExhaustedDeliveries(registration, durable);
      this.running.push({ messages, loop: this.pump(messages, registration) });
    }
  }

  private async pump(messages: ConsumerMessages, registration: Registration): Promise<void> {
    const mine = new Set<Promise<void>>();
    for await (const message of messages) {
      const run = this.handle(message, registration).finally(() => {
        mine.delete(run);
        this.inFlight.delete(run);
      });
      mine.add(run);
      this.inFlight.add(run);
      if (mine.size >= registration.options.concurrency) await Promise.race(mine);
    }
  }

  private async handle(message: JsMsg, { contract, handler, options }: Registration): Promise<void> {
    const deliveryCount = message.info.redeliveryCount;
    const correlationId = message.headers?.get(CORRELATION_HEADER) || randomUUID();
    let payload: unknown;
    try {
      payload = contract.payload.parse(JSON.parse(message.string()));
    } catch (error) {
      await this.deadLetter(message, contract, correlationId, `invalid payload: ${errorMessage(error)}`);
      return;
    }
    // Heartbeats keep a long job from being redelivered while its worker is alive; a killed
    // worker stops sending them and the item goes to another worker after ackWait.
    const heartbeat = setInterval(() => message.working(), Math.max(options.ackWaitMs / 3, 100));
    try {
      await withCorrelationId(correlationId, () => handler(payload, { deliveryCount, correlationId }));
      clearInterval(heartbeat);
      message.ack();
    } catch (error) {
      clearInterval(heartbeat);
      const next = afterFailure(error, deliveryCount, options.maxDeliver);
      if (next.action === 'dead-letter') {
        await this.deadLetter(message, contract, correlationId, errorMessage(error));
        return;
      }
      this.logger.warn(
        { subject: contract.subject, deliveryCount, correlationId, err: error },
        'job failed; will retry',
      );
      message.nak(next.delayMs);
    }
  }

  private async deadLetter(
    message: JsMsg,
    contract: JobContract,
    correlationId: string,
    reason: string,
  ): Promise<void> {
    await this.publishDeadLetter(contract, message.data, message.info.redeliveryCount, correlationId, reason);
    message.term(asHeaderValue(reason).slice(0, 200));
  }

  private async publishDeadLetter(
    contract: JobContract,
    data: Uint8Array,
    deliveries: number,
    correlationId: string,
    reason: string,
  ): Promise<void> {
    const headers = natsHeaders();
    headers.set('reason', asHeaderValue(reason));
    headers.set('deliveries', String(deliveries));
    headers.set(CORRELATION_HEADER, correlationId);
    await this.jetstream.publish(`${this.prefix}.dead-letter.${contract.subject}`, data, { headers });
    this.logger.error({ subject: contract.subject, reason, deliveries, correlationId }, 'job dead-lettered');
  }

  /**
   * A worker that dies on every delivery never gets to dead-letter its item, and JetStream stops
   * redelivering it after max_deliver, leaving it stuck in the stream. Its advisory says so; one
   * consuming process (a queue group) moves the item to the dead-letter stream.
   */
  private watchExhaustedDeliveries(registration: Registration, durable: string): void {
    const subject = `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${this.jobStream}.${durable}`;
    this.advisories.push(
      this.connection.subscribe(subject, {
        queue: `${this.prefix}-dead-letter`,
        callback: (error, advisory) => {
          if (error) return;
          const { stream_seq: sequence, deliveries } = JSON.parse(advisory.string()) as {
            stream_seq: number;
            deliveries: number;
          };
          void this.moveExhausted(registration.contract, sequence, deliveries).catch((moveError: unknown) =>
            this.logger.error(
              { err: moveError, subject: registration.contract.subject, sequence },
              'could not dead-letter an exhausted job',
            ),
          );
        },
      }),
    );
  }

  private async moveExhausted(contract: JobContract, sequence: number, deliveries: number): Promise<void> {
    let stored;
    try {
      stored = await this.manager.streams.getMessage(this.jobStream, { seq: sequence });
    } catch {
      return; // already acknowledged or moved by another process
    }
    await this.publishDeadLetter(
      contract,
      stored.data,
      deliveries,
      stored.header?.get(CORRELATION_HEADER) || randomUUID(),
      `no worker acknowledged it in ${deliveries} deliveries (each worker stopped or timed out while handling it)`,
    );
    await this.manager.streams.deleteMessage(this.jobStream, sequence);
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const advisory of this.advisories) advisory.unsubscribe();
    for (const { messages } of this.running) messages.stop();
    await Promise.allSettled(this.running.map((r) => r.loop));
    await Promise.allSettled([...this.inFlight]);
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  async check(): Promise<void> {
    if (this.connection.isClosed()) throw new Error('NATS connection closed');
    await this.manager.streams.info(this.jobStream);
  }
}

/** NATS header values are one line of printable text. */
const asHeaderValue = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').slice(0, 1000);
