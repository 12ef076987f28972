import { DataSource, type MixedList, type EntitySchema } from 'typeorm';
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

/**
 * Opens the service's DataSource on its own schema and brings the schema up to date. An
 * advisory lock keeps replicas that start together from migrating at the same time.
 */
export async function openServiceDatabase(
  url: string,
  definition: ServiceDatabaseDefinition,
  logger: Logger,
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
    extra: { max: 10, connectionTimeoutMillis: 10_000 },
  });
  await dataSource.initialize();
  const lock = `chatexhibit-migrate-${definition.schema}`;
  const lockRunner = dataSource.createQueryRunner();
  let failure: unknown;
  try {
    await lockRunner.connect();
    await lockRunner.query('SELECT pg_advisory_lock(hashtext($1))', [lock]);
    await lockRunner.query(`CREATE SCHEMA IF NOT EXISTS "${definition.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0)
      logger.info({ schema: definition.schema, migrations: applied.map((m) => m.name) }, 'migrated');
  } catch (error) {
    failure = error;
  } finally {
    await lockRunner.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]).catch(() => undefined);
    await lockRunner.release();
  }
  if (failure !== undefined) {
    await dataSource.destroy();
    throw failure;
  }
  return dataSource;
}
