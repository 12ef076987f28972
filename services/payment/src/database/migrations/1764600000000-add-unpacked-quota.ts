import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * What an upload unpacked to, counted against its client's quota beside the upload (a 35 KB ZIP
 * may unpack to 32 MB), and the quota it was admitted under, which the unpacked bytes are
 * checked against. Rows kept already have unpacked nothing counted and no quota (0: none).
 */
export class AddUnpackedQuota1764600000000 implements MigrationInterface {
  name = 'AddUnpackedQuota1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."retention" ADD COLUMN "unpacked_bytes" bigint, ADD COLUMN "quota_bytes" bigint NOT NULL DEFAULT 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."retention" DROP COLUMN "unpacked_bytes", DROP COLUMN "quota_bytes"`,
    );
  }
}
