import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** The calendar the export writes its dates in, for the transcript's cover; chats parsed before it were read as Gregorian. */
export class AddChatCalendar1764000000000 implements MigrationInterface {
  name = 'AddChatCalendar1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(
      `ALTER TABLE "${schema}"."chats" ADD COLUMN "calendar" text NOT NULL DEFAULT 'gregorian'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`ALTER TABLE "${schema}"."chats" DROP COLUMN "calendar"`);
  }
}
