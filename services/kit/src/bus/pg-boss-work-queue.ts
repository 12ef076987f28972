import { createHash, randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { JobContract } from '@chatexhibit/proto/contract';
import { PlannerStatistics } from '../database/planner-statistics';
import { currentCorrelationId, type Logger, withoutCorrelationId } from '../logging/logger';
import type { JobMetrics, QueueDepth } from '../metrics/metrics';
import {
  type Consumer,
  type DeadLetter,
  deliver,
  type Delivery,
  validatePayload,
  WorkQueue,
} from './work-queue';

/** What a pg-boss job of this queue carries: the payload and the enqueuer's correlation id. */
interface Envelope {
  payload: unknown;
  correlationId: string;
}

/**
 * How long a completed (or dead-lettered) job keeps its id, so that an enqueue of the same
 * dedupe key is dropped: like JetStream's 2-minute duplicate window, but counted from the end of
 * the job, and a queued or running job always blocks its key.
 */
const DEDUPE_WINDOW_SECONDS = 120;
/** PostgreSQL's error code for a connection ended because the server is shutting down. */
const ADMIN_SHUTDOWN = '57P01';
/**
 * Queue settings every job inherits. The consumer, not pg-boss, decides when to give up (it
 * knows `maxDeliver`), so pg-boss must always hand a failed job back: a retry limit no consumer
 * reaches, and no delay of its own (the consumer's backoff sets `start_after`). Jobs with no
 * consumer wait a year. pg-boss's own expiry of active jobs is only a last resort, so it is set
 * to its maximum: this one process knows what it holds (deadlines while it runs, the sweep at
 * start for what a previous process left active).
 */
const QUEUE_OPTIONS = {
  retryLimit: 1_000_000,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 23 * 60 * 60,
  retentionMinutes: 365 * 24 * 60,
} satisfies Omit<PgBoss.Queue, 'name'>;

export interface PgBossWorkQueueOptions {
  databaseUrl: string;
  /** PostgreSQL schema of pg-boss's tables and the dead letters. */
  schema: string;
  /** How often an idle consumer looks for due jobs (an enqueue in this process wakes it at once). */
  pollIntervalMs?: number;
  metrics: JobMetrics;
}

/**
 * Standalone mode's durable work queue: pg-boss 10 on the (embedded) PostgreSQL, with the
 * JetStream driver's semantics (see `deliver`). Standalone runs one process per database, so a
 * job still active when this queue starts was held by a process that died: `start()` hands it
 * back at once instead of waiting for pg-boss's expiry. Dead letters go to a table beside
 * pg-boss's, `<schema>.dead_letters`, and the runs of each job begun and not yet settled to
 * `<schema>.job_runs` (see `Delivery.begin`): a job that takes the process down with it at every
 * run is poisoned, not handed back at every start.
 */
export class PgBossWorkQueue extends WorkQueue {
  private readonly queues = new Set<string>();
  private readonly loops: Promise<void>[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly wakers = new Map<string, () => void>();
  private closing = false;
  /** Of the payloads kept in this queue's tables: refreshed after they are forgotten. */
  private readonly statistics: PlannerStatistics;

  private constructor(
    private readonly boss: PgBoss,
    private readonly schema: string,
    private readonly pollIntervalMs: number,
    private readonly logger: Logger,
    private readonly metrics: JobMetrics,
    databaseUrl: string,
  ) {
    super();
    this.statistics = new PlannerStatistics(
      { query: (text, values) => this.sql(text, values) },
      databaseUrl,
      schema,
    );
  }

  /** Starts pg-boss (creating or migrating its schema) and the dead-letter table. */
  static async open(options: PgBossWorkQueueOptions, logger: Logger): Promise<PgBossWorkQueue> {
    // pg-boss hands these on to its pg.Pool: no call to the database may hang.
    const config: PgBoss.ConstructorOptions & { connectionTimeoutMillis: number; statement_timeout: number } =
      {
        connectionString: options.databaseUrl,
        schema: options.schema,
        application_name: 'chatexhibit-work-queue',
        max: 5,
        schedule: false,
        archiveCompletedAfterSeconds: DEDUPE_WINDOW_SECONDS,
        // Archived jobs serve nothing here (the dedupe window ends when a job is archived) and
        // their payloads name people: deleted at the next maintenance instead of after 7 days.
        deleteAfterSeconds: 1,
        maintenanceIntervalSeconds: 60,
        connectionTimeoutMillis: 10_000,
        statement_timeout: 60_000,
      };
    const boss = new PgBoss(config);
    boss.on('error', (error: Error & { code?: string }) =>
      withoutCorrelationId(() => {
        // PostgreSQL stopping (57P01): on Ctrl-C in a terminal the embedded server gets the signal
        // too and may go first; jobs it cuts off are handed back at the next start.
        if (error.code === ADMIN_SHUTDOWN)
          logger.warn({ reason: error.message }, 'the work queue database is stopping');
        else logger.error({ err: error }, 'work queue database error');
      }),
    );
    await boss.start();
    const queue = new PgBossWorkQueue(
      boss,
      options.schema,
      options.pollIntervalMs ?? 1000,
      logger,
      options.metrics,
      options.databaseUrl,
    );
    await queue.sql(
      `CREATE TABLE IF NOT EXISTS ${options.schema}.dead_letters (
        id bigserial PRIMARY KEY,
        subject text NOT NULL,
        payload jsonb,
        reason text NOT NULL,
        deliveries integer NOT NULL,
        correlation_id text NOT NULL,
        created_on timestamptz NOT NULL DEFAULT now()
      )`,
    );
    await queue.sql(
      `CREATE TABLE IF NOT EXISTS ${options.schema}.job_runs (
        name text NOT NULL,
        id uuid NOT NULL,
        unsettled integer NOT NULL,
        PRIMARY KEY (name, id)
      )`,
    );
    await queue.keepPayloadsOutOfStatistics();
    return queue;
  }

  async enqueue<C extends JobContract>(contract: C, payload: z.input<C['payload']>): Promise<void> {
    if (this.closing) throw new Error('work queue is closed');
    const valid = validatePayload(contract, payload);
    await this.ensureQueue(contract.subject);
    const envelope: Envelope = { payload: valid, correlationId: currentCorrelationId() ?? randomUUID() };
    // The job id is derived from the dedupe key: pg-boss inserts with ON CONFLICT DO NOTHING,
    // so a second enqueue while the first job is in the table is dropped.
    await this.boss.send(contract.subject, envelope, {
      id: jobId(contract.subject, contract.dedupeKey(valid)),
    });
    this.wakers.get(contract.subject)?.();
  }

  async start(): Promise<void> {
    await this.forgetRunsOfEndedJobs();
    for (const consumer of this.consumers) {
      const name = consumer.contract.subject;
      await this.ensureQueue(name);
      await this.handBackAbandoned(name);
      this.loops.push(this.pump(consumer));
    }
  }

  /**
   * Jobs left active by a process that died (SIGKILL, power loss) would wait for pg-boss's
   * expiry. pg-boss 10 has no call listing them, so they are found with one query on its job
   * table, then failed through its own `fail()`, the very transition its expiry makes: with
   * the retry settings above they are due again at once, and the next fetch counts the
   * delivery, so an item that has used up its deliveries is dead-lettered.
   */
  private async handBackAbandoned(name: string): Promise<void> {
    const rows = await this.sql<{ id: string }>(
      `SELECT id FROM ${this.schema}.job WHERE name = $1 AND state = 'active'`,
      [name],
    );
    if (rows.length === 0) return;
    for (const { id } of rows) await this.boss.fail(name, id, { reason: 'the process handling it stopped' });
    this.logger.warn({ subject: name, jobs: rows.length }, 'handed back jobs a stopped process held');
  }

  /**
   * A job's runs are forgotten when it is acknowledged or dead-lettered; one deleted otherwise
   * (`forgetPayloads`) must not leave them to a later job of the same key, hence its id.
   */
  private async forgetRunsOfEndedJobs(): Promise<void> {
    await this.sql(
      `DELETE FROM ${this.schema}.job_runs AS r
       WHERE NOT EXISTS (SELECT 1 FROM ${this.schema}.job AS j WHERE j.name = r.name AND j.id = r.id)`,
    );
  }

  /** Keeps up to `concurrency` jobs of one queue in hand, fetching as slots free up. */
  private async pump(consumer: Consumer): Promise<void> {
    const name = consumer.contract.subject;
    const { concurrency } = consumer.options;
    const inHand = new Set<Promise<void>>();
    while (!this.closing) {
      const free = concurrency - inHand.size;
      const jobs =
        free > 0 ? await this.boss.fetch<Envelope>(name, { batchSize: free, includeMetadata: true }) : [];
      for (const job of jobs) {
        const run = deliver(
          this.delivery(job),
          consumer,
          this.logger,
          this.metrics,
          this.stopping.signal,
        ).finally(() => {
          inHand.delete(run);
          this.inFlight.delete(run);
        });
        inHand.add(run);
        this.inFlight.add(run);
      }
      // Fewer jobs than free slots: the queue has nothing more due now.
      if (jobs.length < free || inHand.size >= concurrency) await this.idle(name, inHand);
    }
  }

  /** Waits for a poll interval, a slot to free up, an enqueue of this queue, or close. */
  private async idle(name: string, inHand: Set<Promise<void>>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.pollIntervalMs);
        this.wakers.set(name, resolve);
      }),
      ...inHand,
    ]);
    clearTimeout(timer);
    this.wakers.delete(name);
  }

  private delivery(job: PgBoss.JobWithMetadata<Envelope>): Delivery {
    const { name, id } = job;
    const correlationId = job.data?.correlationId || randomUUID();
    let begun = false;
    const forgetRuns = () =>
      this.sql(`DELETE FROM ${this.schema}.job_runs WHERE name = $1 AND id = $2`, [name, id]);
    return {
      // pg-boss counts a fetch of a job that was started before as a retry.
      deliveryCount: job.retryCount + 1,
      correlationId,
      decode: () => job.data?.payload,
      // A finished job keeps its id for the dedupe window, not its payload (an export's facts
      // name people): nothing reads a finished job's data.
      ack: async () => {
        await this.boss.complete(name, id);
        await this.sql(`UPDATE ${this.schema}.job SET data = NULL WHERE name = $1 AND id = $2`, [name, id]);
        await forgetRuns();
      },
      // pg-boss's own backoff differs from the contract's (and is jittered), so the retry is
      // the same transition as its fail() with the consumer's delay.
      retry: async (delayMs) => {
        // This run settled: it is no death. Recorded first, so the next delivery reads it.
        if (begun)
          await this.sql(
            `UPDATE ${this.schema}.job_runs SET unsettled = unsettled - 1 WHERE name = $1 AND id = $2`,
            [name, id],
          );
        await this.sql(
          `UPDATE ${this.schema}.job SET state = 'retry', start_after = now() + $3 * interval '1 millisecond'
           WHERE name = $1 AND id = $2 AND state = 'active'`,
          [name, id, delayMs],
        );
      },
      // One statement: the job ends failed (keeping its id for the dedupe window) and its dead
      // letter is stored, or neither.
      deadLetter: async (reason, deliveries) => {
        // The payload moves to the dead letter (kept for an operator until its export or
        // contact message is deleted); the failed job keeps only its id.
        await this.sql(
          `WITH given_up AS (
             UPDATE ${this.schema}.job AS j SET state = 'failed', completed_on = now(), output = jsonb_build_object('reason', $3::text), data = NULL
             FROM (SELECT name, id, data FROM ${this.schema}.job WHERE name = $1 AND id = $2 AND state = 'active' FOR UPDATE) AS old
             WHERE j.name = old.name AND j.id = old.id
             RETURNING old.name, old.data
           )
           INSERT INTO ${this.schema}.dead_letters (subject, payload, reason, deliveries, correlation_id)
           SELECT name, data -> 'payload', $3, $4, $5 FROM given_up`,
          [name, id, reason, deliveries, correlationId],
        );
        await forgetRuns();
      },
      begin: async () => {
        const [run] = await this.sql<{ deaths: number }>(
          `INSERT INTO ${this.schema}.job_runs (name, id, unsettled) VALUES ($1, $2, 1)
           ON CONFLICT (name, id) DO UPDATE SET unsettled = job_runs.unsettled + 1
           RETURNING unsettled - 1 AS deaths`,
          [name, id],
        );
        begun = true;
        return run!.deaths;
      },
    };
  }

  /** The dead letters, oldest first, for an operator to inspect and replay. */
  async deadLetters(): Promise<DeadLetter[]> {
    return this.sql<DeadLetter>(
      `SELECT subject, payload, reason, deliveries, correlation_id AS "correlationId"
       FROM ${this.schema}.dead_letters ORDER BY id`,
    );
  }

  async forgetPayloads(
    field: 'exportId' | 'contactId',
    value: string,
    keep: readonly JobContract[] = [],
  ): Promise<void> {
    const kept = keep.map((c) => c.subject);
    await this.sql(
      `DELETE FROM ${this.schema}.job
       WHERE data -> 'payload' ->> $1 = $2 AND state <> 'active' AND NOT (name = ANY($3::text[]))`,
      [field, value, kept],
    );
    await this.sql(`DELETE FROM ${this.schema}.archive WHERE data -> 'payload' ->> $1 = $2`, [field, value]);
    await this.sql(`DELETE FROM ${this.schema}.dead_letters WHERE payload ->> $1 = $2`, [field, value]);
    await this.forgetRunsOfEndedJobs();
    await this.statistics.refresh();
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const wake of this.wakers.values()) wake();
    await Promise.allSettled(this.loops);
    await this.settleInHand(this.inFlight);
    await this.boss.stop({ graceful: false });
  }

  async check(): Promise<void> {
    if (this.closing) throw new Error('work queue is closed');
    await this.sql('SELECT 1');
  }

  /** Per consumed subject: jobs queued, waiting for a retry, or in hand (like JetStream's pending + unacked). */
  async depths(): Promise<QueueDepth[]> {
    return Promise.all(
      this.consumers.map(async ({ contract }) => ({
        subject: contract.subject,
        depth: await this.boss.getQueueSize(contract.subject, { before: 'completed' }),
      })),
    );
  }

  private async ensureQueue(name: string): Promise<void> {
    if (this.queues.has(name)) return;
    await this.boss.createQueue(name, { name, ...QUEUE_OPTIONS });
    // A new queue is a new partition of the job table, made without its parent's settings.
    await this.keepPayloadsOutOfStatistics();
    this.queues.add(name);
  }

  /**
   * Payloads and reasons name people (an upload's file name, a case number) and PostgreSQL's
   * planner statistics keep sample values of a column, of rows deleted since, as long as the
   * table is not analysed again; an empty partition (a queue with nothing left) keeps them for
   * good. Nothing here is looked up by them, so these columns get no statistics (target 0), and
   * any they had are dropped (a change to the column's own type, which rewrites nothing).
   */
  private async keepPayloadsOutOfStatistics(): Promise<void> {
    for (const [table, columns] of Object.entries(PAYLOAD_COLUMNS)) {
      const named = `${this.schema}.${table}`;
      // The table and its partitions (each queue of pg-boss's job table is one).
      const [state] = await this.sql<{ counted: boolean; kept: boolean }>(
        `SELECT bool_or(a.attstattarget IS DISTINCT FROM 0) AS counted,
                bool_or(EXISTS (SELECT 1 FROM pg_stats s
                                WHERE s.schemaname = $1 AND s.tablename = c.relname AND s.attname = a.attname)) AS kept
         FROM pg_class c
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = ANY($2::text[])
         WHERE c.oid = $3::regclass OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = $3::regclass)`,
        [this.schema, Object.keys(columns), named],
      );
      if (!state?.counted && !state?.kept) continue;
      const changes = Object.entries(columns).flatMap(([column, type]) => [
        `ALTER COLUMN ${column} SET STATISTICS 0`,
        ...(state.kept ? [`ALTER COLUMN ${column} TYPE ${type}`] : []),
      ]);
      await this.sql(`ALTER TABLE ${named} ${changes.join(', ')}`);
    }
  }

  private async sql<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
    const result = await this.boss.getDb().executeSql(text, values);
    if (!result) throw new Error('work queue database is closed');
    return result.rows as Row[];
  }
}

/** The columns of the work queue's tables that hold payloads or reasons, and their types. */
const PAYLOAD_COLUMNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  job: { data: 'jsonb', output: 'jsonb' },
  archive: { data: 'jsonb', output: 'jsonb' },
  dead_letters: { payload: 'jsonb', reason: 'text' },
};

/** A UUID-shaped digest of the dedupe key, the job id pg-boss dedupes on. */
function jobId(subject: string, dedupeKey: string): string {
  const hex = createHash('sha256').update(`${subject}:${dedupeKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
