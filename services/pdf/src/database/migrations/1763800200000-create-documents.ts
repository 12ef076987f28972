import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** The documents made for each export and where they are stored. */
export class CreateDocuments1763800200000 implements MigrationInterface {
  name = 'CreateDocuments1763800200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."documents" (
        "export_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "storage_key" text NOT NULL,
        "size_bytes" bigint NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("export_id", "kind")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}"."documents"`);
  }
}
