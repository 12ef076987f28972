import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** One record of every mail the SMTP server accepted, whatever its kind (contact messages' own mark moves here). */
export class CreateSentMails1764100100000 implements MigrationInterface {
  name = 'CreateSentMails1764100100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."sent_mails" (
        "mail_id" uuid PRIMARY KEY,
        "kind" text NOT NULL,
        "sent_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      INSERT INTO "${schema}"."sent_mails" ("mail_id", "kind", "sent_at")
        SELECT "mail_id", 'contact', "sent_at" FROM "${schema}"."contact_messages" WHERE "sent_at" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "${schema}"."contact_messages" DROP COLUMN "sent_at"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`ALTER TABLE "${schema}"."contact_messages" ADD COLUMN "sent_at" timestamptz`);
    await queryRunner.query(`
      UPDATE "${schema}"."contact_messages" AS c SET "sent_at" = s."sent_at"
        FROM "${schema}"."sent_mails" AS s WHERE s."mail_id" = c."mail_id"`);
    await queryRunner.query(`DROP TABLE "${schema}"."sent_mails"`);
  }
}
