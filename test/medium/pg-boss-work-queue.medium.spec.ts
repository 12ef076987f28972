import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { Client } from 'pg';
import { z } from 'zod';
import { jobContract } from '@chatexhibit/proto/contract';
import { PROCESS_ENDED_MESSAGE } from '@chatexhibit/proto/progress';
import { stepIndex } from '@chatexhibit/proto/steps';
import { PgBossWorkQueue } from '@chatexhibit/kit/bus/pg-boss-work-queue';
import { exhaustedReason, MAX_DEATHS, PermanentJobError } from '@chatexhibit/kit/bus/work-queue';
import { createLogger, withCorrelationId } from '@chatexhibit/kit/logging/logger';
import { consumePipelineStep } from '@chatexhibit/kit/progress/pipeline-step';
import { PostgresProgressChannel } from '@chatexhibit/kit/progress/postgres-progress-channel';
import { startProcess } from '../support/child-process';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { testServers, uniqueName } from '../support/servers';
import { unscrapedJobMetrics } from '../support/job-metrics';
import {
  describeOnFixture,
  describeWorkQueueContract,
  JOB,
  sleep,
  type WorkQueueFixture,
} from './work-queue-contract';

const logger = createLogger({ part: 'test', level: 'silent' });

describe('PgBossWorkQueue on the local PostgreSQL', () => {
  let schema: string;
  let queues: PgBossWorkQueue[];
  let bosses: PgBoss[];
  /** A queue of its own that reads the dead letters, so a test may close the ones it uses. */
  let reader: Promise<PgBossWorkQueue> | undefined;

  const open = async () => {
    const queue = await PgBossWorkQueue.open(
      { databaseUrl: testServers().databaseUrl, schema, pollIntervalMs: 200, metrics: unscrapedJobMetrics() },
      logger,
    );
    queues.push(queue);
    return queue;
  };

  /** A bare pg-boss on the same schema, to put jobs in states the queue itself never leaves them in. */
  const openBoss = async () => {
    const boss = new PgBoss({ connectionString: testServers().databaseUrl, schema, supervise: false });
    boss.on('error', () => undefined);
    bosses.push(boss);
    await boss.start();
    return boss;
  };

  const dropSchemaNamed = async (name: string) => {
    const admin = new Client({ connectionString: testServers().databaseUrl });
    await admin.connect();
    try {
      await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    } finally {
      await admin.end();
    }
  };
  const dropSchema = () => dropSchemaNamed(schema);

  const driver: WorkQueueFixture = {
    setUp: () => {
      schema = uniqueName('wq').toLowerCase();
      queues = [];
      bosses = [];
      reader = undefined;
    },
    cleanUp: () =>
      cleanUpAll(
        ...queues.map((queue) => () => queue.close()),
        ...bosses.map((boss) => () => boss.stop({ graceful: false })),
        dropSchema,
      ),
    open,
    deadLetters: async () => (await (reader ??= open())).deadLetters(),
    deadLetterSubject: (subject) => subject,
    publishUnchecked: async (subject, payload, correlationId) => {
      const boss = await openBoss();
      await boss.send(subject, { payload, correlationId });
    },
    dyingWorkerEnv: () => ({ DRIVER: 'pg-boss', DATABASE_URL: testServers().databaseUrl, SCHEMA: schema }),
  };

  describeWorkQueueContract(driver);

  describeOnFixture('beyond the contract', driver, () => {
    it('keeps no payload of a job once it has ended, done or dead-lettered (it may name people)', async () => {
      const queue = await open();
      queue.consume(JOB, (payload) =>
        payload.n === 1 ? Promise.resolve() : Promise.reject(new PermanentJobError('refused')),
      );
      await queue.start();
      await queue.enqueue(JOB, { id: 'done', n: 1 });
      await queue.enqueue(JOB, { id: 'refused', n: 2 });
      const admin = new Client({ connectionString: testServers().databaseUrl });
      await admin.connect();
      try {
        const jobs = async () =>
          (
            await admin.query<{ state: string; data: unknown }>(
              `SELECT state, data FROM ${schema}.job WHERE name = $1 ORDER BY state`,
              [JOB.subject],
            )
          ).rows;
        await eventually(
          async () => (await jobs()).every((job) => job.state === 'completed' || job.state === 'failed'),
          10_000,
          'both jobs ended',
        );
        expect(await jobs()).toEqual([
          { state: 'completed', data: null },
          { state: 'failed', data: null },
        ]);
        // The refused one's payload is its dead letter's, for an operator.
        expect((await queue.deadLetters()).map((letter) => letter.payload)).toEqual([
          { id: 'refused', n: 2 },
        ]);
      } finally {
        await admin.end();
      }
    });

    // Finding L13: after an export was deleted, pg_stats of the job table (an empty queue's
    // partition keeps its last statistics) still held the upload's file name from its payload.
    it("keeps no payload in the planner statistics, also of a queue left empty when an export's payloads are forgotten", async () => {
      const named = jobContract(
        'jobs.test-names',
        z.object({ exportId: z.string(), fileName: z.string() }),
        (p) => `${p.exportId}:${p.fileName}`,
      );
      const fileName = 'WhatsApp Chat with Omar Haddad.zip';
      const exportId = randomUUID();
      const queue = await open();
      for (const step of ['ingest', 'parse', 'media', 'pdf'])
        await queue.enqueue(named, { exportId, fileName: `${step} ${fileName}` });
      const admin = new Client({ connectionString: testServers().databaseUrl });
      await admin.connect();
      try {
        // As autovacuum or an earlier refresh would, while the payloads were there.
        await admin.query(`ANALYZE ${schema}.job, ${schema}.archive, ${schema}.dead_letters`);
        await queue.forgetPayloads('exportId', exportId);
        const { rows } = await admin.query<{ tablename: string; attname: string }>(
          `SELECT tablename, attname FROM pg_stats
           WHERE schemaname = $1
             AND concat(most_common_vals::text, histogram_bounds::text) LIKE '%Omar Haddad%'`,
          [schema],
        );
        expect(rows).toEqual([]);
      } finally {
        await admin.end();
      }
    });

    it('drops an enqueue of the same key just after the job completed', async () => {
      const queue = await open();
      const seen: number[] = [];
      queue.consume(JOB, async (payload) => {
        seen.push(payload.n);
      });
      await queue.start();
      await queue.enqueue(JOB, { id: 'same', n: 1 });
      await eventually(() => seen.length === 1);
      await queue.enqueue(JOB, { id: 'same', n: 3 });
      await sleep(800);
      expect(seen).toEqual([1]);
    });

    it('hands a job a stopped process held back at start, at once, as its next delivery', async () => {
      const producer = await open();
      await producer.enqueue(JOB, { id: 'orphan', n: 1 });
      await producer.close();
      // A process takes the job and dies without finishing it.
      const dying = await openBoss();
      expect(await dying.fetch('jobs.test')).toHaveLength(1);
      await dying.stop({ graceful: false });

      const queue = await open();
      const seen: { id: string; deliveryCount: number }[] = [];
      queue.consume(JOB, async (payload, { deliveryCount }) => {
        seen.push({ id: payload.id, deliveryCount });
      });
      const started = Date.now();
      await queue.start();
      await eventually(() => seen.length === 1, 5000);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(seen).toEqual([{ id: 'orphan', deliveryCount: 2 }]);
    });

    it('ends the progress of an export whose pipeline step took its process down twice with the sentence for it', async () => {
      const STEP_JOB = jobContract('jobs.test-step', z.object({ exportId: z.string() }), (p) => p.exportId);
      const exportId = randomUUID();
      const progress = await PostgresProgressChannel.open(testServers().databaseUrl, `${schema}_progress`);
      try {
        await (await open()).enqueue(STEP_JOB, { exportId });
        for (let death = 1; death <= MAX_DEATHS; death++) {
          const worker = startProcess('test/fixtures/dying-worker.js', {
            ...driver.dyingWorkerEnv(),
            SUBJECT: STEP_JOB.subject,
          });
          await worker
            .waitForLine((line) => line.includes('"event":"running"'))
            .finally(() => worker.stop('SIGKILL'));
        }
        const queue = await open();
        const handler = jest.fn(async () => undefined);
        // No export is deleted here: the step runs unless poisoned.
        consumePipelineStep(
          queue,
          progress,
          { undoIfErased: async () => false },
          STEP_JOB,
          'generate-pdf',
          handler,
        );
        await queue.start();
        await eventually(
          async () => (await progress.latest(exportId))?.error !== undefined,
          20_000,
          'the export ended',
        );
        expect(handler).not.toHaveBeenCalled();
        expect(await progress.latest(exportId)).toEqual({
          step: stepIndex('generate-pdf'),
          progress: 100,
          error: PROCESS_ENDED_MESSAGE,
        });
      } finally {
        await progress.close();
        await dropSchemaNamed(`${schema}_progress`);
      }
    }, 60_000);

    it('dead-letters a job whose every delivery died with its process', async () => {
      const producer = await open();
      await withCorrelationId('export-3', () => producer.enqueue(JOB, { id: 'cursed', n: 1 }));
      await producer.close();
      const dying = await openBoss();
      expect(await dying.fetch('jobs.test')).toHaveLength(1);
      await dying.stop({ graceful: false });

      const queue = await open();
      const handler = jest.fn(async () => undefined);
      queue.consume(JOB, handler, { maxDeliver: 1 });
      await queue.start();
      await eventually(async () => (await queue.deadLetters()).length === 1, 5000);
      expect(handler).not.toHaveBeenCalled();
      expect(await queue.deadLetters()).toEqual([
        {
          subject: 'jobs.test',
          payload: { id: 'cursed', n: 1 },
          reason: exhaustedReason(1),
          deliveries: 1,
          correlationId: 'export-3',
        },
      ]);
    });
  });
});
