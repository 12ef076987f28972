import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** The refund of a session that paid for a bundle bought already: made once, recorded on the session. */
export class AddSessionRefunds1764200000000 implements MigrationInterface {
  name = 'AddSessionRefunds1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."checkout_sessions" ADD COLUMN "refund_id" text`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."checkout_sessions" DROP COLUMN "refund_id"`,
    );
  }
}
