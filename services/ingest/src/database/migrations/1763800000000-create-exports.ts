import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** The exports ingest has unpacked: the facts of each upload and what its ZIP held. */
export class CreateExports1763800000000 implements MigrationInterface {
  name = 'CreateExports1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."exports" (
        "id" uuid PRIMARY KEY,
        "original_filename" text NOT NULL,
        "file_hash" char(64) NOT NULL,
        "upload_size_bytes" bigint NOT NULL,
        "options" jsonb NOT NULL,
        "time_zone" text NOT NULL,
        "bates_prefix" text,
        "entry_count" integer NOT NULL,
        "entries_size_bytes" bigint NOT NULL,
        "received_at" timestamptz NOT NULL,
        "extracted_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}"."exports"`);
  }
}
