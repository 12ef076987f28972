import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { managerOf, type Transaction, UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { schemaOf } from '@chatexhibit/kit/database/schema';
import { openServiceDatabase } from '@chatexhibit/kit/database/service-database';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { testServers, uniqueName } from '../support/servers';

class CreateNotes1763700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "${schemaOf(queryRunner)}"."notes" ("id" serial PRIMARY KEY, "text" text NOT NULL)`,
    );
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}"."notes"`);
  }
}

const logger = createLogger({ part: 'test', level: 'silent' });

describe('service databases on the local PostgreSQL', () => {
  it('creates the schema and migrates it once, even when replicas start together', async () => {
    const schema = uniqueName('svc').toLowerCase();
    const definition = { schema, entities: [], migrations: [CreateNotes1763700000000] };
    const replicas = await Promise.all(
      [1, 2, 3].map(() => openServiceDatabase(testServers().databaseUrl, definition, logger)),
    );
    try {
      const [first] = replicas;
      const tables = await first!.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [schema],
      );
      expect(tables.map((t: { table_name: string }) => t.table_name)).toEqual([
        'inbox',
        'migrations',
        'notes',
      ]);
      const applied = await first!.query(`SELECT name FROM "${schema}"."migrations" ORDER BY id`);
      expect(applied.map((m: { name: string }) => m.name)).toEqual([
        'CreateInbox1763683200000',
        'CreateNotes1763700000000',
      ]);
    } finally {
      await Promise.all(replicas.map((r) => r.destroy()));
    }
  });

  it('runs an effect once per key, even when two deliveries race', async () => {
    const schema = uniqueName('once').toLowerCase();
    const db = await openServiceDatabase(
      testServers().databaseUrl,
      { schema, entities: [], migrations: [CreateNotes1763700000000] },
      logger,
    );
    try {
      const unitOfWork = new UnitOfWork(db);
      const effect = (text: string) => (tx: Transaction) =>
        managerOf(tx).query(`INSERT INTO "${schema}"."notes" ("text") VALUES ($1)`, [text]);
      const outcomes = await Promise.all([
        unitOfWork.once('export-1:parse', effect('a')),
        unitOfWork.once('export-1:parse', effect('b')),
      ]);
      expect(outcomes.sort()).toEqual(['already-done', 'done']);
      await expect(unitOfWork.once('export-1:parse', effect('c'))).resolves.toBe('already-done');

      // A failing effect leaves no inbox row behind, so the retry does the work.
      await expect(
        unitOfWork.once('export-2:parse', async () => {
          throw new Error('crash mid-effect');
        }),
      ).rejects.toThrow('crash mid-effect');
      await expect(unitOfWork.once('export-2:parse', effect('d'))).resolves.toBe('done');
      const notes = await db.query(`SELECT "text" FROM "${schema}"."notes" ORDER BY id`);
      expect(notes).toHaveLength(2);
    } finally {
      await db.destroy();
    }
  });

  it('refuses to start on a database it cannot reach', async () => {
    await expect(
      openServiceDatabase(
        'postgres://postgres@127.0.0.1:1/none',
        { schema: 'x', entities: [], migrations: [] },
        logger,
      ),
    ).rejects.toThrow();
  });

  it('bounds every statement, and gives up on a migration lock another replica holds too long', async () => {
    const schema = uniqueName('lock').toLowerCase();
    const definition = { schema, entities: [], migrations: [] };
    const db = await openServiceDatabase(testServers().databaseUrl, definition, logger);
    const holder = new Client({ connectionString: testServers().databaseUrl });
    try {
      expect(await db.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '1min' }]);
      await holder.connect();
      await holder.query('SELECT pg_advisory_lock(hashtext($1))', [`chatexhibit-migrate-${schema}`]);
      const started = Date.now();
      await expect(
        openServiceDatabase(testServers().databaseUrl, definition, logger, { migrationLockTimeoutMs: 500 }),
      ).rejects.toThrow(
        `another replica has held the migration lock chatexhibit-migrate-${schema} for 0.5 s`,
      );
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await holder.end();
      await db.query(`DROP SCHEMA "${schema}" CASCADE`);
      await db.destroy();
    }
  });
});
