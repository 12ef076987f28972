import { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import { PlannerStatistics } from '../database/planner-statistics';
import { openTablePool } from '../database/table-pool';
import { type ExportProgress, supersedes } from '@chatexhibit/proto/progress';
import { DELETED_PROGRESS, ProgressChannel, type ProgressListener, readProgress } from './progress-channel';

/**
 * Standalone mode's progress: the latest event per export in PostgreSQL (so it survives a
 * restart), live listeners in this process (standalone is one process).
 */
export class PostgresProgressChannel extends ProgressChannel {
  private readonly live = new EventEmitter();

  private constructor(
    private readonly pool: Pool,
    private readonly table: string,
    /** Of the events kept in the table (a final one holds the chat): refreshed after an erasure. */
    private readonly statistics: PlannerStatistics,
  ) {
    super();
    this.live.setMaxListeners(0);
  }

  static async open(databaseUrl: string, schema = 'progress'): Promise<PostgresProgressChannel> {
    const { pool, table } = await openTablePool({
      databaseUrl,
      schema,
      name: 'export_progress',
      columns: `export_id uuid PRIMARY KEY,
        event jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()`,
      applicationName: 'chatexhibit-progress',
      statementTimeoutMs: 30_000,
    });
    return new PostgresProgressChannel(pool, table, new PlannerStatistics(pool, databaseUrl, schema));
  }

  async publish(exportId: string, event: ExportProgress): Promise<void> {
    const client = await this.pool.connect();
    let published = false;
    try {
      await client.query('BEGIN');
      // One publish of an export at a time: a row lock cannot hold back the publishes that race
      // to create the export's first row, and the later of them would overwrite the further one.
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [exportId]);
      const { rows } = await client.query<{ event: unknown }>(
        `SELECT event FROM ${this.table} WHERE export_id = $1`,
        [exportId],
      );
      const current = rows[0] ? readProgress(rows[0].event) : null;
      if (supersedes(event, current)) {
        await client.query(
          `INSERT INTO ${this.table} (export_id, event) VALUES ($1, $2)
           ON CONFLICT (export_id) DO UPDATE SET event = excluded.event, updated_at = now()`,
          [exportId, JSON.stringify(event)],
        );
        published = true;
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    if (published) this.live.emit(exportId, event);
  }

  async erase(exportId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${this.table} (export_id, event) VALUES ($1, $2)
       ON CONFLICT (export_id) DO UPDATE SET event = excluded.event, updated_at = now()`,
      [exportId, JSON.stringify(DELETED_PROGRESS)],
    );
    this.live.emit(exportId, DELETED_PROGRESS);
    await this.statistics.refresh();
  }

  async latest(exportId: string): Promise<ExportProgress | null> {
    const { rows } = await this.pool.query<{ event: unknown }>(
      `SELECT event FROM ${this.table} WHERE export_id = $1`,
      [exportId],
    );
    return rows[0] ? readProgress(rows[0].event) : null;
  }

  async subscribe(exportId: string, listener: ProgressListener): Promise<() => void> {
    this.live.on(exportId, listener);
    return () => this.live.off(exportId, listener);
  }

  async close(): Promise<void> {
    this.live.removeAllListeners();
    await this.pool.end();
  }

  async check(): Promise<void> {
    await this.pool.query('SELECT 1');
  }
}
