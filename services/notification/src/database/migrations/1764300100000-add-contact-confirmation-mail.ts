import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** The mail confirming a contact message to its sender; messages stored before it have none. */
export class AddContactConfirmationMail1764300100000 implements MigrationInterface {
  name = 'AddContactConfirmationMail1764300100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."contact_messages" ADD COLUMN "confirmation_mail_id" uuid`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."contact_messages" DROP COLUMN "confirmation_mail_id"`,
    );
  }
}
