import { randomUUID } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PARSE_JOB } from '@chatexhibit/proto/subjects';
import { JetStreamWorkQueue } from '@chatexhibit/kit/bus/jetstream-work-queue';
import { schemaOf } from '@chatexhibit/kit/database/schema';
import { openServiceDatabase } from '@chatexhibit/kit/database/service-database';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { type RunningProcess, startProcess } from '../support/child-process';
import { testServers, uniqueName } from '../support/servers';

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
 * DESIGN: "A worker killed mid-job loses nothing." Two worker processes share the parse
 * step's durable consumer; whichever takes the item stops dead on its first delivery and is
 * killed with SIGKILL. The item must reach the other worker, and its effect happen once.
 */
describe.each(['before-effect', 'after-effect'])('a worker killed %s', (fault) => {
  const prefix = uniqueName('redeliver');
  const schema = uniqueName('redelivery').toLowerCase();
  let workers: RunningProcess[] = [];
  let producer: JetStreamWorkQueue;

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await producer?.close();
  });

  it('has its item redelivered to another worker, and the effect happens once', async () => {
    const { databaseUrl, natsUrl } = testServers();
    const database = await openServiceDatabase(
      databaseUrl,
      { schema, entities: [], migrations: [CreateEffects1763700000001] },
      logger,
    );
    const env = {
      FAULT: fault,
      DATABASE_URL: databaseUrl,
      SCHEMA: schema,
      NATS_URL: natsUrl,
      NATS_PREFIX: prefix,
    };
    workers = ['worker-a', 'worker-b'].map((name) =>
      startProcess('test/fixtures/redelivery-worker.js', { ...env, WORKER: name }),
    );
    await Promise.all(workers.map((w) => w.waitForLine(event('ready'))));

    producer = await JetStreamWorkQueue.connect({ url: natsUrl, prefix, name: 'producer' }, logger);
    const exportId = randomUUID();
    await producer.enqueue(PARSE_JOB, {
      exportId,
      originalFilename: 'chat.zip',
      fileHash: 'a'.repeat(64),
      options: {},
    });

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

    const effects = await database.query(`SELECT "export_id", "worker" FROM "${schema}"."effects"`);
    const victimName = JSON.parse(stuckLine).worker as string;
    const survivorName = victimName === 'worker-a' ? 'worker-b' : 'worker-a';
    expect(effects).toEqual([
      { export_id: exportId, worker: fault === 'before-effect' ? survivorName : victimName },
    ]);

    // Acked: nothing is delivered again.
    await new Promise((r) => setTimeout(r, 2500));
    expect(survivor.lines.filter(event('delivered'))).toHaveLength(1);
    await database.destroy();
  }, 60_000);
});
