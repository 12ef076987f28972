import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * The facts each export's documents were made from (an exhibit is made from the same later), and
 * the exhibits cut from its transcript with their files' sizes and hashes.
 */
export class RecordExhibits1764900000000 implements MigrationInterface {
  name = 'RecordExhibits1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."export_facts" (
        "export_id" uuid PRIMARY KEY,
        "facts" jsonb NOT NULL,
        "recorded_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."exhibits" (
        "id" uuid PRIMARY KEY,
        "export_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL,
        "files" jsonb NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "exhibits_export_id" ON "${schema}"."exhibits" ("export_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`DROP TABLE "${schema}"."exhibits"`);
    await queryRunner.query(`DROP TABLE "${schema}"."export_facts"`);
  }
}
