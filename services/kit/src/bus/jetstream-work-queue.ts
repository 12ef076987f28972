import { randomUUID } from 'node:crypto';
import {
  connect,
  type ConsumerMessages,
  ErrorCode,
  headers as natsHeaders,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type KV,
  millis,
  type NatsConnection,
} from 'nats';
import type { z } from 'zod';
import type { JobContract } from '@chatexhibit/proto/contract';
import { errorMessage } from '../health/checks';
import { currentCorrelationId, type Logger, redactUrl } from '../logging/logger';
import { consumingPart, type JobMetrics, type QueueDepth } from '../metrics/metrics';
import {
  bindBucket,
  ensureDeadLetterStream,
  ensureJobConsumer,
  ensureJobRunsBucket,
  ensureJobStream,
} from './jetstream-setup';
import type { NatsAccess } from './nats-access';
import { deadLetterStream, deadLetterSubject, durableName, jobRunsBucket, jobStream } from './nats-names';
import { type Consumer, deliver, type Delivery, validatePayload, WorkQueue } from './work-queue';

const CORRELATION_HEADER = 'correlation-id';
const CONNECT_RETRY_MS = 2000;

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
 *
 * The streams, consumers and bucket are made by nats-setup (jetstream-setup.ts): the queue only
 * pulls from its consumers, waiting for them to exist, unless told to set them up itself.
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
    private readonly setsUp: boolean,
  ) {
    super();
  }

  /**
   * Connects, waiting for NATS to come up and saying so. Fails with a plain reason when the
   * server runs without JetStream.
   */
  static async connect(
    options: {
      url: string;
      prefix: string;
      name: string;
      metrics: JobMetrics;
      /** The part's credentials, reply inbox and TLS (natsAccess); none on an open server. */
      access?: NatsAccess;
      /**
       * Whether the queue makes its streams, consumers and bucket itself, as nats-setup would:
       * only on an open server (a part without a key may do anything there). False by default.
       */
      setsUp?: boolean;
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
    const setsUp = options.setsUp ?? false;
    if (setsUp) await ensureJobStream(manager, options.prefix);
    const runs = setsUp
      ? await ensureJobRunsBucket(jetstream, options.prefix)
      : await bindBucket(jetstream, jobRunsBucket(options.prefix));
    return new JetStreamWorkQueue(
      connection,
      manager,
      jetstream,
      runs,
      options.prefix,
      logger,
      options.metrics,
      setsUp,
    );
  }

  private get jobStream(): string {
    return jobStream(this.prefix);
  }

  /** The dead-letter streams of the services whose jobs this queue consumes: its own, no other's. */
  private get deadLetterStreams(): string[] {
    const services = new Set(this.consumers.map(({ contract }) => consumingPart(contract.subject)));
    return [...services].map((service) => deadLetterStream(this.prefix, service));
  }

  private subject(contract: JobContract): string {
    return `${this.prefix}.${contract.subject}`;
  }

  /** The durable consumer of a job subject, shared by every replica that consumes it. */
  private durable(contract: JobContract): string {
    return durableName(contract);
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
      const { contract, options } = consumer;
      if (this.setsUp) {
        await ensureDeadLetterStream(this.manager, this.prefix, consumingPart(contract.subject));
        await ensureJobConsumer(this.manager, this.prefix, contract, options.ackWaitMs);
      }
      // Heartbeats follow the consumer's ack wait, which its setup decided.
      const ackWaitMs = millis(await this.consumerAckWait(this.durable(contract)));
      const messages = await (
        await this.jetstream.consumers.get(this.jobStream, this.durable(contract))
      ).consume({ max_messages: options.concurrency });
      this.running.push({ messages, loop: this.pump(messages, consumer, ackWaitMs) });
    }
  }

  /** The consumer's ack wait (nanoseconds), once nats-setup has made it; says so while it waits. */
  private async consumerAckWait(durable: string): Promise<number> {
    while (!this.closing) {
      try {
        const { ack_wait: ackWait } = (await this.manager.consumers.info(this.jobStream, durable)).config;
        if (ackWait !== undefined) return ackWait;
        throw new Error(`the JetStream consumer ${durable} has no ack wait`);
      } catch (error) {
        if (!/consumer not found/i.test(errorMessage(error))) throw error;
        this.logger.warn({ consumer: durable }, 'waiting for its JetStream consumer (run nats-setup)');
        await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS));
      }
    }
    throw new Error(`closed while waiting for the JetStream consumer ${durable}`);
  }

  private async pump(messages: ConsumerMessages, consumer: Consumer, ackWaitMs: number): Promise<void> {
    const mine = new Set<Promise<void>>();
    for await (const message of messages) {
      const run = deliver(
        this.delivery(message, consumer.contract, ackWaitMs),
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

  private delivery(message: JsMsg, contract: JobContract, ackWaitMs: number): Delivery {
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
      heartbeat: { everyMs: Math.max(ackWaitMs / 3, 100), beat: () => message.working() },
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
    await this.jetstream.publish(deadLetterSubject(this.prefix, contract), data, { headers });
  }

  /**
   * The jobs stream keeps an item only until it is acknowledged (work-queue retention), so only
   * the dead letters are searched, message by message (what was given up, few): those of this
   * queue's consumers, since each service forgets its own when an export or message goes.
   */
  async forgetPayloads(field: 'exportId' | 'contactId', value: string): Promise<void> {
    for (const stream of this.deadLetterStreams) await this.forgetDeadLetters(stream, field, value);
  }

  private async forgetDeadLetters(stream: string, field: 'exportId' | 'contactId', value: string) {
    const { state } = await this.manager.streams.info(stream);
    // Every service holding the export forgets at once: a letter may go between reading and deleting it.
    const deletedMeanwhile = (error: unknown): boolean => /no message found/i.test(errorMessage(error));
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
      let payload: Record<string, unknown> | null;
      try {
        payload = JSON.parse((await this.manager.streams.getMessage(stream, { seq })).string());
      } catch (error) {
        // A sequence already deleted (or a payload that is not JSON): nothing of the export.
        if (deletedMeanwhile(error) || error instanceof SyntaxError) continue;
        throw error;
      }
      if (payload?.[field] !== value) continue;
      await this.manager.streams.deleteMessage(stream, seq).catch((error: unknown) => {
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

  /** JetStream answers: about the queue's first consumer, or (enqueuing only) about the account. */
  async check(): Promise<void> {
    if (this.connection.isClosed()) throw new Error('NATS connection closed');
    const [first] = this.consumers;
    if (first) await this.manager.consumers.info(this.jobStream, this.durable(first.contract));
    else await this.manager.getAccountInfo();
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
