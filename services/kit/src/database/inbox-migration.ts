import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from './schema';

/**
 * Every service's first migration: the inbox of handled work items. A handler's effect and
 * its inbox row commit in one transaction (see inbox.ts), so redelivery never repeats it.
 */
export class CreateInbox1763683200000 implements MigrationInterface {
  name = 'CreateInbox1763683200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(
      `CREATE TABLE "${schema}"."inbox" ("key" text PRIMARY KEY, "handled_at" timestamptz NOT NULL DEFAULT now())`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}"."inbox"`);
  }
}
