import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** Each document's SHA-256, as the evidence package states it (null for stand-in transcripts made before). */
export class AddDocumentHashes1764000100000 implements MigrationInterface {
  name = 'AddDocumentHashes1764000100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."documents" ADD COLUMN "sha256" char(64)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "${schemaOf(queryRunner)}"."documents" DROP COLUMN "sha256"`);
  }
}
