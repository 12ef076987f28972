import { DataSource, type MixedList, type EntitySchema, type QueryRunner } from 'typeorm';
import type { Logger } from '../logging/logger';
import { CreateInbox1763683200000 } from './inbox-migration';

export interface ServiceDatabaseDefinition {
  /** The service's own PostgreSQL schema; no service reads another's. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
}

/** No statement may run longer: a stuck query fails instead of holding a request or a job. */
const STATEMENT_TIMEOUT_MS = 60_000;
/** How long a replica waits for another to finish migrating before it gives up. */
const MIGRATION_LOCK_TIMEOUT_MS = 60_000;
const MIGRATION_LOCK_RETRY_MS = 250;

/**
 * Opens the service's DataSource on its own schema and brings the schema up to date. An
 * advisory lock keeps replicas that start together from migrating at the same time.
 */
export async function openServiceDatabase(
  url: string,
  definition: ServiceDatabaseDefinition,
  logger: Logger,
  options: { migrationLockTimeoutMs?: number } = {},
): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    schema: definition.schema,
    entities: definition.entities,
    migrations: [CreateInbox1763683200000, ...definition.migrations],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    applicationName: `chatexhibit-${definition.schema}`,
    extra: { max: 10, connectionTimeoutMillis: 10_000, statement_timeout: STATEMENT_TIMEOUT_MS },
  });
  await dataSource.initialize();
  const lock = `chatexhibit-migrate-${definition.schema}`;
  const lockRunner = dataSource.createQueryRunner();
  let failure: unknown;
  let locked = false;
  try {
    await lockRunner.connect();
    await takeLock(lockRunner, lock, options.migrationLockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS);
    locked = true;
    await lockRunner.query(`CREATE SCHEMA IF NOT EXISTS "${definition.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0)
      logger.info({ schema: definition.schema, migrations: applied.map((m) => m.name) }, 'migrated');
  } catch (error) {
    failure = error;
  } finally {
    if (locked)
      await lockRunner.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]).catch(() => undefined);
    await lockRunner.release();
  }
  if (failure !== undefined) {
    await dataSource.destroy();
    throw failure;
  }
  return dataSource;
}

/**
 * Takes the session advisory lock, polling with pg_try_advisory_lock so the wait has a deadline
 * (a replica stuck while migrating must not block every other replica's start for ever).
 */
async function takeLock(runner: QueryRunner, lock: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
      lock,
    ])) as {
      locked: boolean;
    }[];
    if (locked) return;
    if (Date.now() >= deadline)
      throw new Error(`another replica has held the migration lock ${lock} for ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_RETRY_MS));
  }
}
