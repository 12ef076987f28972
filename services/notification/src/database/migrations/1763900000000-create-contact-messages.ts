import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** Contact-form messages, kept with the time their mail to support was sent. */
export class CreateContactMessages1763900000000 implements MigrationInterface {
  name = 'CreateContactMessages1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."contact_messages" (
        "id" uuid PRIMARY KEY,
        "name" text NOT NULL,
        "email" text NOT NULL,
        "subject" text NOT NULL,
        "message" text NOT NULL,
        "received_at" timestamptz NOT NULL,
        "mail_id" uuid NOT NULL UNIQUE,
        "sent_at" timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}"."contact_messages"`);
  }
}
