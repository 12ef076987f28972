// A pipeline step given up for good (its deliveries used up) discards what it holds of the export
// before the uploader is told, on the real pg-boss queue and progress channel.

import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { INGEST_JOB } from '@chatexhibit/proto/subjects';
import { PgBossWorkQueue } from '@chatexhibit/kit/bus/pg-boss-work-queue';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { consumePipelineStep, INTERNAL_FAILURE_MESSAGE } from '@chatexhibit/kit/progress/pipeline-step';
import { PostgresProgressChannel } from '@chatexhibit/kit/progress/postgres-progress-channel';
import { eventually } from '../support/eventually';
import { exportFacts } from '../support/export-facts';
import { unscrapedJobMetrics } from '../support/job-metrics';
import { testServers, uniqueName } from '../support/servers';

const logger = createLogger({ part: 'test', level: 'silent' });

describe('a pipeline step given up', () => {
  const schema = uniqueName('step').toLowerCase();
  let queue: PgBossWorkQueue | undefined;
  let progress: PostgresProgressChannel | undefined;

  afterAll(async () => {
    await queue?.close();
    await progress?.close();
    const admin = new Client({ connectionString: testServers().databaseUrl });
    await admin.connect();
    try {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${schema}_progress CASCADE`);
    } finally {
      await admin.end();
    }
  });

  it('on every delivery failing, discards the export, then ends its progress with a sentence', async () => {
    queue = await PgBossWorkQueue.open(
      {
        databaseUrl: testServers().databaseUrl,
        schema: `${schema}_jobs`,
        pollIntervalMs: 200,
        metrics: unscrapedJobMetrics(),
      },
      logger,
    );
    const channel = await PostgresProgressChannel.open(testServers().databaseUrl, `${schema}_progress`);
    progress = channel;
    const happened: string[] = [];
    const exportId = randomUUID();
    consumePipelineStep(
      queue,
      channel,
      { undoIfErased: async () => false },
      INGEST_JOB,
      'extract',
      async () => {
        happened.push('tried');
        throw new Error('the object store refused the key');
      },
      {
        maxDeliver: 2,
        discard: async (discarded) => {
          // What the uploader is told comes after: nothing of the export has ended yet.
          expect(await channel.latest(discarded)).toBeNull();
          happened.push(`discarded ${discarded}`);
        },
      },
    );
    await queue.start();
    await queue.enqueue(INGEST_JOB, { exportId, facts: exportFacts() });

    await eventually(async () => (await channel.latest(exportId))?.error !== undefined, 20_000, 'the end');
    expect(happened).toEqual(['tried', 'tried', `discarded ${exportId}`]);
    expect(await channel.latest(exportId)).toEqual({
      step: 0,
      progress: 100,
      error: INTERNAL_FAILURE_MESSAGE,
    });
  }, 30_000);
});
