/** What runs a statement: a pg Pool (which answers a result), or a TypeORM DataSource (its rows). */
export interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;

/**
 * PostgreSQL's planner statistics (`pg_stats`: most common values, histogram bounds) hold sample
 * values of columns — names, message text, file names — and keep those of deleted rows until the
 * table is analysed again. After anything that names a person is deleted from a schema's tables
 * (a service's rows, the work queue's payloads, an export's progress), `refresh` analyses that
 * schema, so its statistics describe only rows still there.
 *
 * One refresh of a schema runs at a time in a process; the requests made while it runs share the
 * next one, which starts after it and so sees their deletions: an hourly sweep deleting a
 * thousand exports runs two, not a thousand.
 */
export class PlannerStatistics {
  /** `database` names the database for the one-at-a-time rule (its URL); nothing else reads it. */
  constructor(
    private readonly queryable: Queryable,
    private readonly database: string,
    private readonly schema: string,
  ) {}

  refresh(): Promise<void> {
    const key = `${this.database} ${this.schema}`;
    const queue = REFRESHES.get(key) ?? { running: null, next: null };
    REFRESHES.set(key, queue);
    if (!queue.running) {
      queue.running = this.analyse().finally(() => (queue.running = null));
      return queue.running;
    }
    queue.next ??= queue.running
      .catch(() => undefined)
      .then(() => {
        queue.next = null;
        return this.refresh();
      });
    return queue.next;
  }

  private async analyse(): Promise<void> {
    const tables = rowsOf<{ tablename: string }>(
      await this.queryable.query('SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename', [
        this.schema,
      ]),
    );
    if (tables.length === 0) return;
    const named = (table: string) => `${quoted(this.schema)}.${quoted(table)}`;
    await this.queryable.query(`ANALYZE ${tables.map(({ tablename }) => named(tablename)).join(', ')}`);
    // ANALYZE leaves a table with no rows left its last statistics, values of rows long gone.
    // Short of a superuser (who may delete from pg_statistic), only a change of a column's type
    // drops them: to its own type, which rewrites nothing. Its lock is given up after 100 ms if
    // anyone holds the table; that, or any other failure (a table dropped meanwhile), leaves the
    // statistics to the next refresh with a warning in the server's log. Partitions (pg-boss's
    // queues) and partitioned tables are left out: their columns' types are their parent's, or
    // every partition's. (An expression index's statistics also stay with an empty table; the
    // one index of that kind, on payment.bundles, is on a table that keeps its rows.)
    const stale = rowsOf<{ tablename: string; attname: string; type: string }>(
      await this.queryable.query(
        `SELECT s.tablename, s.attname, format_type(a.atttypid, a.atttypmod) AS type
         FROM pg_stats s
         JOIN pg_namespace n ON n.nspname = s.schemaname
         JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = s.tablename
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = s.attname
        WHERE s.schemaname = $1 AND c.relkind = 'r' AND NOT c.relispartition`,
        [this.schema],
      ),
    );
    const staleColumns = new Map<string, string[]>();
    for (const { tablename, attname, type } of stale) {
      const alteration = `ALTER COLUMN ${quoted(attname)} TYPE ${type}`;
      staleColumns.set(tablename, [...(staleColumns.get(tablename) ?? []), alteration]);
    }
    for (const [table, alterations] of staleColumns) {
      // One statement, so that the check, the lock's timeout and the change share a transaction.
      await this.queryable.query(
        `DO $$
         BEGIN
           SET LOCAL lock_timeout = '100ms';
           IF NOT EXISTS (SELECT 1 FROM ${named(table)}) THEN
             ALTER TABLE ${named(table)} ${alterations.join(', ')};
           END IF;
         EXCEPTION WHEN OTHERS THEN
           RAISE WARNING 'planner statistics of % kept until the next refresh: %', ${literal(table)}, SQLERRM;
         END $$`,
      );
    }
  }
}

/** Per schema of a database: the refresh running, and the one the requests since then wait for. */
const REFRESHES = new Map<string, { running: Promise<void> | null; next: Promise<void> | null }>();

const quoted = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;
const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;
