// After rows that name a person are deleted from a schema, PostgreSQL's planner statistics no
// longer hold them: neither beside the rows left, nor in a table left empty (where ANALYZE alone
// keeps them).

import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { PlannerStatistics } from '@chatexhibit/kit/database/planner-statistics';
import { testServers, uniqueName } from '../support/servers';

describe('PlannerStatistics on the local PostgreSQL', () => {
  const schema = uniqueName('stats').toLowerCase();
  let database: DataSource;

  beforeAll(async () => {
    database = new DataSource({ type: 'postgres', url: testServers().databaseUrl });
    await database.initialize();
    await database.query(`CREATE SCHEMA "${schema}"`);
    for (const table of ['messages', 'contacts']) {
      await database.query(`CREATE TABLE "${schema}"."${table}" (sender text NOT NULL, body varchar(200))`);
    }
  });
  afterAll(async () => {
    await database?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await database?.destroy();
  });

  /** The columns of the test's tables whose statistics hold `needle`. */
  const holding = async (needle: string): Promise<string[]> => {
    const rows: { name: string }[] = await database.query(
      `SELECT tablename || '.' || attname AS name FROM pg_stats
        WHERE schemaname = $1
          AND strpos(concat(most_common_vals::text, histogram_bounds::text), $2) > 0
        ORDER BY 1`,
      [schema, needle],
    );
    return rows.map((r) => r.name);
  };
  const fill = async (table: string, sender: string, rows: number) =>
    database.query(
      `INSERT INTO "${schema}"."${table}" SELECT $1, 'said ' || g FROM generate_series(1, $2) g`,
      [sender, rows],
    );

  it('forgets the deleted rows, beside rows left and in a table left empty', async () => {
    await fill('messages', 'Zephyrine Quackenbush', 200);
    await fill('messages', 'Omar Haddad', 200);
    await fill('contacts', 'Zephyrine Quackenbush', 50);
    await database.query(`ANALYZE "${schema}"."messages", "${schema}"."contacts"`);
    expect(await holding('Zephyrine')).toEqual(['contacts.sender', 'messages.sender']);

    await database.query(`DELETE FROM "${schema}"."messages" WHERE sender = 'Zephyrine Quackenbush'`);
    await database.query(`DELETE FROM "${schema}"."contacts"`);
    await new PlannerStatistics(database, testServers().databaseUrl, schema).refresh();

    expect(await holding('Zephyrine')).toEqual([]);
    // The rows left are described as before; the empty table keeps its columns and types.
    expect(await holding('Omar Haddad')).toEqual(['messages.sender']);
    const columns: { column_name: string; data_type: string; is_nullable: string }[] = await database.query(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = 'contacts' ORDER BY ordinal_position`,
      [schema],
    );
    expect(columns).toEqual([
      { column_name: 'sender', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'body', data_type: 'character varying', is_nullable: 'YES' },
    ]);
  });

  it('has requests made during a refresh wait for one that starts after it, so it sees their deletions', async () => {
    await fill('messages', 'Hannah Schmidt', 300);
    await database.query(`ANALYZE "${schema}"."messages"`);
    // Through a pg Pool this time, as the work queue and the progress channel run it.
    const pool = new Pool({ connectionString: testServers().databaseUrl, max: 2 });
    const statistics = new PlannerStatistics(pool, testServers().databaseUrl, schema);

    const first = statistics.refresh();
    await database.query(`DELETE FROM "${schema}"."messages" WHERE sender = 'Hannah Schmidt'`);
    const second = statistics.refresh();
    const third = statistics.refresh();
    expect(third).toBe(second);
    try {
      await Promise.all([first, second]);
    } finally {
      await pool.end();
    }

    expect(await holding('Hannah')).toEqual([]);
  });
});
