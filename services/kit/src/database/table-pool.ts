import { Pool } from 'pg';

/**
 * A small pool for one table an adapter keeps in its own schema (progress, rate-limit counts),
 * with the schema and table made when missing. `table` is the quoted `"schema"."name"`.
 */
export async function openTablePool(options: {
  databaseUrl: string;
  schema: string;
  name: string;
  /** The table's columns, as CREATE TABLE takes them. */
  columns: string;
  applicationName: string;
  statementTimeoutMs: number;
}): Promise<{ pool: Pool; table: string }> {
  const table = `"${options.schema}"."${options.name}"`;
  const pool = new Pool({
    connectionString: options.databaseUrl,
    max: 4,
    application_name: options.applicationName,
    statement_timeout: options.statementTimeoutMs,
  });
  // An idle connection that the server ends (PostgreSQL stopping first on Ctrl-C) must not
  // crash the process; the next query reports the problem where it matters.
  pool.on('error', () => undefined);
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    await pool.query(`CREATE TABLE IF NOT EXISTS ${table} (${options.columns})`);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { pool, table };
}
