import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** Size and SHA-256 of each derived file, for the evidence manifest. */
export class AddDerivedHashes1764000000000 implements MigrationInterface {
  name = 'AddDerivedHashes1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      ALTER TABLE "${schema}"."media_assets"
        ADD COLUMN "derived_size_bytes" bigint,
        ADD COLUMN "derived_sha256" char(64)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "${schemaOf(queryRunner)}"."media_assets"
        DROP COLUMN "derived_size_bytes", DROP COLUMN "derived_sha256"`);
  }
}
