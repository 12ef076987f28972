import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { PARSE_JOB } from '@chatexhibit/proto/subjects';
import { JetStreamWorkQueue } from '@chatexhibit/kit/bus/jetstream-work-queue';
import { schemaOf } from '@chatexhibit/kit/database/schema';
import { openServiceDatabase } from '@chatexhibit/kit/database/service-database';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { type RunningProcess, startProcess } from '../support/child-process';
import { eventually } from '../support/eventually';
import { testServers, uniqueName } from '../support/servers';
import { exportFacts } from '../support/export-facts';
import { unscrapedJobMetrics } from '../support/job-metrics';
import { cleanUpAll } from '../support/clean-up';

class CreateEffects1763700000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "${schemaOf(queryRunner)}"."effects" ("id" serial PRIMARY KEY, "export_id" uuid NOT NULL, "worker" text NOT NULL)`,
    );
  }
  async down(): Promise<void> {}
}

const logger = createLogger({ part: 'test', level: 'silent' });
const event = (name: string) => (line: string) => line.includes(`"event":"${name}"`);

/**
 * What one scenario runs: its own NATS prefix and schema, worker processes of
 * test/fixtures/redelivery-worker.js and a producer; all stopped, and its streams and schema
 * removed, afterwards, passed or not.
 */
function workerScenario(stem: string, workerEnv: Record<string, string> = {}) {
  const prefix = uniqueName(stem);
  const schema = uniqueName(stem).toLowerCase();
  const workers: RunningProcess[] = [];
  const opened: { producer?: JetStreamWorkQueue; database?: DataSource; nats?: NatsConnection } = {};

  afterAll(() =>
    cleanUpAll(
      () => Promise.all(workers.map((w) => w.stop('SIGKILL'))),
      () => opened.producer?.close(),
      () => opened.database?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`),
      () => opened.database?.destroy(),
      async () => {
        const nats = opened.nats ?? (await connect({ servers: testServers().natsUrl }));
        const jetstream = await nats.jetstreamManager();
        for (const stream of [`${prefix}_jobs`, `${prefix}_dead_letters_parse`, `KV_${prefix}_job_runs`])
          await jetstream.streams.delete(stream).catch(() => undefined);
        await nats.close();
      },
    ),
  );

  return {
    prefix,
    schema,
    async setUp() {
      const { databaseUrl, natsUrl } = testServers();
      opened.database = await openServiceDatabase(
        databaseUrl,
        { schema, entities: [], migrations: [CreateEffects1763700000001] },
        logger,
      );
      opened.producer = await JetStreamWorkQueue.connect(
        { url: natsUrl, prefix, name: 'producer', metrics: unscrapedJobMetrics(), setsUp: true },
        logger,
      );
      opened.nats = await connect({ servers: natsUrl });
      return { database: opened.database, jetstream: await opened.nats.jetstreamManager() };
    },
    /** Starts a worker and waits until it consumes. */
    async startWorker(name: string, fault: string): Promise<RunningProcess> {
      const { databaseUrl, natsUrl } = testServers();
      const worker = startProcess('test/fixtures/redelivery-worker.js', {
        ...workerEnv,
        FAULT: fault,
        WORKER: name,
        DATABASE_URL: databaseUrl,
        SCHEMA: schema,
        NATS_URL: natsUrl,
        NATS_PREFIX: prefix,
      });
      workers.push(worker);
      await worker.waitForLine(event('ready'));
      return worker;
    },
    async enqueueParseJob(): Promise<string> {
      const exportId = randomUUID();
      await opened.producer!.enqueue(PARSE_JOB, { exportId, facts: exportFacts(), entriesSizeBytes: 0 });
      return exportId;
    },
  };
}

/**
 * DESIGN: "A worker killed mid-job loses nothing." Two worker processes share the parse
 * step's durable consumer; whichever takes the item stops dead on its first delivery and is
 * killed with SIGKILL. The item must reach the other worker, and its effect happen once.
 */
describe.each(['before-effect', 'after-effect'])('a worker killed %s', (fault) => {
  const scenario = workerScenario('redeliver');

  it('has its item redelivered to another worker, and the effect happens once', async () => {
    const { database } = await scenario.setUp();
    const workers = await Promise.all(
      ['worker-a', 'worker-b'].map((name) => scenario.startWorker(name, fault)),
    );
    const exportId = await scenario.enqueueParseJob();

    const stuckLine = await Promise.any(workers.map((w) => w.waitForLine(event('stuck'))));
    const victim = workers.find((w) => w.lines.includes(stuckLine))!;
    const survivor = workers.find((w) => w !== victim)!;
    await victim.stop('SIGKILL');

    const finished = JSON.parse(
      await survivor.waitForLine((line) => event('done')(line) || event('already-done')(line)),
    ) as { event: string; deliveryCount: number };
    expect(finished).toMatchObject({
      event: fault === 'before-effect' ? 'done' : 'already-done',
      deliveryCount: 2,
    });

    const effects = await database.query(`SELECT "export_id", "worker" FROM "${scenario.schema}"."effects"`);
    const victimName = JSON.parse(stuckLine).worker as string;
    const survivorName = victimName === 'worker-a' ? 'worker-b' : 'worker-a';
    expect(effects).toEqual([
      { export_id: exportId, worker: fault === 'before-effect' ? survivorName : victimName },
    ]);

    // Acked: nothing is delivered again.
    await new Promise((r) => setTimeout(r, 2500));
    expect(survivor.lines.filter(event('delivered'))).toHaveLength(1);
  }, 60_000);
});

/**
 * A worker that dies on every delivery (out of memory on a hostile upload, say) must not leave
 * its item stuck: after max deliveries it lands in the dead-letter stream with the reason.
 */
describe('an item whose every worker dies', () => {
  const scenario = workerScenario('exhaust', { MAX_DELIVER: '2' });

  it('is dead-lettered with the reason after its last delivery', async () => {
    const { database, jetstream } = await scenario.setUp();
    const { prefix } = scenario;
    let exportId = '';
    for (const name of ['worker-a', 'worker-b']) {
      const doomed = await scenario.startWorker(name, 'always');
      if (!exportId) exportId = await scenario.enqueueParseJob();
      await doomed.waitForLine(event('stuck'));
      await doomed.stop('SIGKILL');
    }
    const healthy = await scenario.startWorker('worker-c', 'none');

    let letter: Awaited<ReturnType<typeof jetstream.streams.getMessage>> | undefined;
    await eventually(
      async () => {
        letter = await jetstream.streams
          .getMessage(`${prefix}_dead_letters_parse`, { last_by_subj: `${prefix}.dead-letter.jobs.parse` })
          .catch(() => undefined);
        return letter !== undefined;
      },
      20_000,
      'the exhausted item in the dead-letter stream',
    );
    expect(JSON.parse(letter!.string())).toMatchObject({ exportId });
    expect(letter!.header.get('deliveries')).toBe('2');
    expect(letter!.header.get('reason')).toBe(
      'no worker acknowledged it in 2 deliveries (each worker stopped or timed out while handling it)',
    );
    // The letter is written first, then the item is ended in the jobs stream: a moment apart.
    await eventually(
      async () => (await jetstream.streams.info(`${prefix}_jobs`)).state.messages === 0,
      10_000,
      'the exhausted item gone from the jobs stream',
    );
    expect(healthy.lines.filter(event('delivered'))).toHaveLength(0);
    expect(await database.query(`SELECT * FROM "${scenario.schema}"."effects"`)).toEqual([]);
  }, 60_000);
});
