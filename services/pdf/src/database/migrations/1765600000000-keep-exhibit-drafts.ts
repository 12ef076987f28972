import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** The Exhibit mode's draft of each export, so that a reload in the browser loses nothing of it. */
export class KeepExhibitDrafts1765600000000 implements MigrationInterface {
  name = 'KeepExhibitDrafts1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."exhibit_drafts" (
        "export_id" uuid PRIMARY KEY,
        "draft" jsonb NOT NULL,
        "saved_at" timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}"."exhibit_drafts"`);
  }
}
