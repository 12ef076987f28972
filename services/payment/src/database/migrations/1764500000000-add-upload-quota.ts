import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * Each upload's client (an HMAC of its address, never the address) and size beside its retention
 * date, so that what one client's unbought exports hold can be counted against its quota. The
 * key is cleared when the export is bought or goes; rows kept already count for nobody.
 */
export class AddUploadQuota1764500000000 implements MigrationInterface {
  name = 'AddUploadQuota1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = `"${schemaOf(queryRunner)}"."retention"`;
    await queryRunner.query(
      `ALTER TABLE ${table} ADD COLUMN "quota_key" text, ADD COLUMN "upload_bytes" bigint NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(
      `CREATE INDEX "retention_quota_key" ON ${table} ("quota_key", "delete_after") WHERE "quota_key" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."retention" DROP COLUMN "quota_key", DROP COLUMN "upload_bytes"`,
    );
  }
}
