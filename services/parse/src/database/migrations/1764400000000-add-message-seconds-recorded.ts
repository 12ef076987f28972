import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * Whether each message's header wrote seconds, so documents show the seconds an export recorded
 * and never invent them; messages parsed before it show hours and minutes, as they did.
 */
export class AddMessageSecondsRecorded1764400000000 implements MigrationInterface {
  name = 'AddMessageSecondsRecorded1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(
      `ALTER TABLE "${schema}"."messages" ADD COLUMN "seconds_recorded" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`ALTER TABLE "${schema}"."messages" DROP COLUMN "seconds_recorded"`);
  }
}
