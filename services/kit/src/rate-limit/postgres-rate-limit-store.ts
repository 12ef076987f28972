import type { Pool } from 'pg';
import { openTablePool } from '../database/table-pool';
import { type RateLimitCount, RateLimitStore, type StoredCount } from './rate-limit-store';

/** How often counts whose window and block have both ended are deleted. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Standalone mode's rate-limit counts, in its database (schema `rate_limit`), so that they
 * survive a restart. A write names the revision it read: an insert that finds the row there,
 * or an update that finds another revision, changes nothing and is tried again.
 */
export class PostgresRateLimitStore extends RateLimitStore {
  private readonly sweeper: NodeJS.Timeout;

  private constructor(
    private readonly pool: Pool,
    private readonly table: string,
  ) {
    super();
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  static async open(databaseUrl: string, schema = 'rate_limit'): Promise<PostgresRateLimitStore> {
    const { pool, table } = await openTablePool({
      databaseUrl,
      schema,
      name: 'counts',
      columns: `key text PRIMARY KEY,
        hits integer NOT NULL,
        window_ends_at bigint NOT NULL,
        blocked_until bigint NOT NULL,
        revision bigint NOT NULL`,
      applicationName: 'chatexhibit-rate-limits',
      statementTimeoutMs: 10_000,
    });
    return new PostgresRateLimitStore(pool, table);
  }

  protected async load(key: string): Promise<StoredCount> {
    const { rows } = await this.pool.query<{
      hits: number;
      window_ends_at: string;
      blocked_until: string;
      revision: string;
    }>(`SELECT hits, window_ends_at, blocked_until, revision FROM ${this.table} WHERE key = $1`, [key]);
    const row = rows[0];
    if (!row) return { count: null, revision: 0 };
    return {
      count: {
        hits: row.hits,
        windowEndsAt: Number(row.window_ends_at),
        blockedUntil: Number(row.blocked_until),
      },
      revision: Number(row.revision),
    };
  }

  protected async save(key: string, count: RateLimitCount, revision: number): Promise<boolean> {
    const values = [key, count.hits, count.windowEndsAt, count.blockedUntil, revision];
    const { rowCount } =
      revision === 0
        ? await this.pool.query(
            `INSERT INTO ${this.table} (key, hits, window_ends_at, blocked_until, revision)
             VALUES ($1, $2, $3, $4, $5 + 1) ON CONFLICT (key) DO NOTHING`,
            values,
          )
        : await this.pool.query(
            `UPDATE ${this.table} SET hits = $2, window_ends_at = $3, blocked_until = $4, revision = $5 + 1
             WHERE key = $1 AND revision = $5`,
            values,
          );
    return rowCount === 1;
  }

  /** Deletes the counts that no longer limit anything. */
  async sweep(now = Date.now()): Promise<void> {
    await this.pool.query(`DELETE FROM ${this.table} WHERE window_ends_at <= $1 AND blocked_until <= $1`, [
      now,
    ]);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.pool.end();
  }

  async check(): Promise<void> {
    await this.pool.query('SELECT 1');
  }
}
