import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * Each transcript's page count (so the filing copy's Bates numbers are known when an exhibit is
 * cut later), and each exhibit's label and Bates numbers (so a later exhibit does not repeat
 * them). Null for what was recorded before, and for an exhibit without a Bates prefix.
 */
export class RecordBatesNumbers1765300000000 implements MigrationInterface {
  name = 'RecordBatesNumbers1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`ALTER TABLE "${schema}"."documents" ADD COLUMN "page_count" integer`);
    await queryRunner.query(`
      ALTER TABLE "${schema}"."exhibits"
        ADD COLUMN "label" text,
        ADD COLUMN "bates_prefix" text,
        ADD COLUMN "bates_first" integer,
        ADD COLUMN "bates_last" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      ALTER TABLE "${schema}"."exhibits"
        DROP COLUMN "label",
        DROP COLUMN "bates_prefix",
        DROP COLUMN "bates_first",
        DROP COLUMN "bates_last"`);
    await queryRunner.query(`ALTER TABLE "${schema}"."documents" DROP COLUMN "page_count"`);
  }
}
