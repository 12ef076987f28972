import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** The export a sent mail was about (the buyer's links), so its record goes when the export goes. */
export class AddSentMailExport1764200100000 implements MigrationInterface {
  name = 'AddSentMailExport1764200100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`ALTER TABLE "${schema}"."sent_mails" ADD COLUMN "export_id" uuid`);
    await queryRunner.query(
      `CREATE INDEX "sent_mails_export" ON "${schema}"."sent_mails" ("export_id") WHERE "export_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "${schemaOf(queryRunner)}"."sent_mails" DROP COLUMN "export_id"`);
  }
}
