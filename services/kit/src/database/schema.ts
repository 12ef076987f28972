import type { QueryRunner } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';

/** The service schema a migration runs in (each service's DataSource sets its own). */
export function schemaOf(queryRunner: QueryRunner): string {
  const schema = (queryRunner.connection.options as PostgresConnectionOptions).schema;
  if (!schema || !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`unsafe or missing schema name: ${String(schema)}`);
  return schema;
}
