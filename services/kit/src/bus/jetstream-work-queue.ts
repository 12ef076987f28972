import { randomUUID } from 'node:crypto';
import {
  AckPolicy,
  connect,
  type ConsumerMessages,
  ErrorCode,
  headers as natsHeaders,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type KV,
  nanos,
  type NatsConnection,
  RetentionPolicy,
  type StreamConfig,
  StorageType,
} from 'nats';
import type { z } from 'zod';
import type { JobContract } from '@chatexhibit/proto/contract';
import { errorMessage } from '../health/checks';
import { currentCorrelationId, type Logger, redactUrl } from '../logging/logger';
import type { JobMetrics, QueueDepth } from '../metrics/metrics';
import type { NatsAccess } from './nats-access';
import { deadLetterStream, durableName, jobRunsBucket, jobStream } from './nats-names';
import {
  type Consumer,
  type ConsumerOptions,
  deliver,
  type Delivery,
  validatePayload,
  WorkQueue,
} from './work-queue';

const CORRELATION_HEADER = 'correlation-id';
const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
const DEAD_LETTER_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const CONNECT_RETRY_MS = 2000;
/** A run's record outlives any item's deliveries (a record of an item gone is never read again). */
const RUN_RECORD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Durable work on NATS JetStream. One work-queue stream holds every job subject; each job
 * subject has one durable pull consumer shared by all replicas of its service, with explicit
 * ack, heartbeats while a handler runs, redelivery after `ackWaitMs` of silence (a killed
 * worker), exponential backoff on failure, and a dead-letter stream for what is given up.
 *
 * The server never gives up on an item (the consumer's max_deliver is unlimited): the worker
 * counts deliveries and dead-letters an item delivered more than `maxDeliver` times without
 * running its handler. An item whose every worker died is therefore never stranded in the
 * stream (as it would be after a server-side max_deliver, with only an advisory nobody may be
 * listening to): it waits until some worker runs, even one started long after, and that
 * worker moves it to the dead-letter stream. Nothing needs sweeping at start.
 *
 * Each run of an item is recorded in a KV bucket (`<prefix>_job_runs`, see `Delivery.begin`)
 * before its handler starts and forgotten when it settles, so that the next delivery knows how
 * many earlier runs ended with their process.
 */
export class JetStreamWorkQueue extends WorkQueue {
  private readonly running: { messages: ConsumerMessages; loop: Promise<void> }[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private closing = false;

  private constructor(
    private readonly connection: NatsConnection,
    private readonly manager: JetStreamManager,
    private readonly jetstream: JetStreamClient,
    private readonly runs: KV,
    private readonly prefix: string,
    private readonly logger: Logger,
    private readonly metrics: JobMetrics,
    private readonly updatesStreams: boolean,
  ) {
    super();
  }

  /**
   * Connects (waiting for NATS to come up, and saying so) and makes sure both streams exist.
   * Fails with a plain reason when the server runs without JetStream.
   */
  static async connect(
    options: {
      url: string;
      prefix: string;
      name: string;
      metrics: JobMetrics;
      /** The part's credentials, reply inbox and TLS (natsAccess); none on an open server. */
      access?: NatsAccess;
      /** Whether an existing stream's settings are brought up to date (STREAM_KEEPER); true by default. */
      updatesStreams?: boolean;
    },
    logger: Logger,
  ): Promise<JetStreamWorkQueue> {
    const connection = await connectWaiting(options, logger);
    let manager: JetStreamManager;
    try {
      manager = await connection.jetstreamManager();
    } catch (error) {
      await connection.close();
      if ((error as { code?: string }).code === ErrorCode.JetStreamNotEnabled)
        throw new Error(
          `JetStream is not enabled on the NATS server at ${redactUrl(options.url)} (start nats-server with -js)`,
        );
      throw error;
    }
    const jetstream = connection.jetstream();
    const runs = await jetstream.views.kv(jobRunsBucket(options.prefix), {
      history: 1,
      ttl: RUN_RECORD_MAX_AGE_MS,
      storage: StorageType.File,
    });
    const queue = new JetStreamWorkQueue(
      connection,
      manager,
      jetstream,
      runs,
      options.prefix,
      logger,
      options.metrics,
      options.updatesStreams ?? true,
    );
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
    return jobStream(this.prefix);
  }
  get deadLetterStream(): string {
    return deadLetterStream(this.prefix);
  }

  private subject(contract: JobContract): string {
    return `${this.prefix}.${contract.subject}`;
  }

  /** The durable consumer of a job subject, shared by every replica that consumes it. */
  private durable(contract: JobContract): string {
    return durableName(contract);
  }

  private async ensureStream(config: Partial<StreamConfig> & { name: string }): Promise<void> {
    try {
      await this.manager.streams.info(config.name);
      if (this.updatesStreams) await this.manager.streams.update(config.name, config);
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

  async start(): Promise<void> {
    for (const consumer of this.consumers) {
      const durable = this.durable(consumer.contract);
      const config = {
        ack_policy: AckPolicy.Explicit,
        ack_wait: nanos(consumer.options.ackWaitMs),
        max_deliver: -1,
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
          filter_subject: this.subject(consumer.contract),
        });
      }
      const messages = await (
        await this.jetstream.consumers.get(this.jobStream, durable)
      ).consume({ max_messages: consumer.options.concurrency });
      this.running.push({ messages, loop: this.pump(messages, consumer) });
    }
  }

  private async pump(messages: ConsumerMessages, consumer: Consumer): Promise<void> {
    const mine = new Set<Promise<void>>();
    for await (const message of messages) {
      const run = deliver(
        this.delivery(message, consumer.contract, consumer.options),
        consumer,
        this.logger,
        this.metrics,
        this.stopping.signal,
      ).finally(() => {
        mine.delete(run);
        this.inFlight.delete(run);
      });
      mine.add(run);
      this.inFlight.add(run);
      if (mine.size >= consumer.options.concurrency) await Promise.race(mine);
    }
  }

  private delivery(message: JsMsg, contract: JobContract, options: ConsumerOptions): Delivery {
    const correlationId = message.headers?.get(CORRELATION_HEADER) || randomUUID();
    // The value is the number of runs begun and not settled; a stream sequence is never reused.
    const runKey = `${this.durable(contract)}.${message.info.streamSequence}`;
    let deathsBefore: number | null = null;
    const forgetRuns = () => this.runs.purge(runKey);
    return {
      deliveryCount: message.info.redeliveryCount,
      correlationId,
      decode: () => JSON.parse(message.string()),
      ack: async () => {
        message.ack();
        await forgetRuns();
      },
      retry: async (delayMs) => {
        // This run settled: it is no death. Recorded first, so the next delivery reads it.
        if (deathsBefore !== null) await this.runs.put(runKey, String(deathsBefore));
        message.nak(delayMs);
      },
      deadLetter: async (reason, deliveries) => {
        await this.publishDeadLetter(contract, message.data, deliveries, correlationId, reason);
        // Acknowledged, not terminated: a NATS 2.9 server keeps a terminated message in a
        // work-queue stream for ever. The dead-letter stream is its record.
        message.ack();
        await forgetRuns();
      },
      begin: async () => {
        const entry = await this.runs.get(runKey);
        const deaths = entry?.operation === 'PUT' ? Number(entry.string()) : 0;
        await this.runs.put(runKey, String(deaths + 1));
        deathsBefore = deaths;
        return deaths;
      },
      // Heartbeats keep a long job from being redelivered while its worker is alive; a killed
      // (or hung past its deadline) worker stops sending them and the item is redelivered.
      heartbeat: { everyMs: Math.max(options.ackWaitMs / 3, 100), beat: () => message.working() },
    };
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
  }

  /**
   * The jobs stream keeps an item only until it is acknowledged (work-queue retention), so only
   * the dead-letter stream is searched, message by message (it holds what was given up, few).
   */
  async forgetPayloads(field: 'exportId' | 'contactId', value: string): Promise<void> {
    const { state } = await this.manager.streams.info(this.deadLetterStream);
    // Every service holding the export forgets at once: a letter may go between reading and deleting it.
    const deletedMeanwhile = (error: unknown): boolean => /no message found/i.test(errorMessage(error));
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
      let payload: Record<string, unknown> | null;
      try {
        payload = JSON.parse(
          (await this.manager.streams.getMessage(this.deadLetterStream, { seq })).string(),
        );
      } catch (error) {
        // A sequence already deleted (or a payload that is not JSON): nothing of the export.
        if (deletedMeanwhile(error) || error instanceof SyntaxError) continue;
        throw error;
      }
      if (payload?.[field] !== value) continue;
      await this.manager.streams.deleteMessage(this.deadLetterStream, seq).catch((error: unknown) => {
        if (!deletedMeanwhile(error)) throw error;
      });
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const { messages } of this.running) messages.stop();
    await Promise.allSettled(this.running.map((r) => r.loop));
    await this.settleInHand(this.inFlight);
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  async check(): Promise<void> {
    if (this.connection.isClosed()) throw new Error('NATS connection closed');
    await this.manager.streams.info(this.jobStream);
  }

  /** Per consumed subject: items not yet delivered plus those delivered and not yet acknowledged. */
  async depths(): Promise<QueueDepth[]> {
    return Promise.all(
      this.consumers.map(async ({ contract }) => {
        const info = await this.manager.consumers.info(this.jobStream, this.durable(contract));
        return { subject: contract.subject, depth: info.num_pending + info.num_ack_pending };
      }),
    );
  }
}

/** NATS header values are one line of printable text. */
const asHeaderValue = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').slice(0, 1000);

/**
 * Connects, retrying until NATS answers (a part may start before it), with a warning per failed
 * attempt naming the server and the reason, so a part that cannot reach NATS says why it waits.
 */
async function connectWaiting(
  options: { url: string; name: string; access?: NatsAccess },
  logger: Logger,
): Promise<NatsConnection> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect({
        servers: options.url,
        name: options.name,
        maxReconnectAttempts: -1,
        ...options.access,
      });
    } catch (error) {
      logger.warn({ url: redactUrl(options.url), attempt, err: error }, 'waiting for NATS');
      await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS));
    }
  }
}
