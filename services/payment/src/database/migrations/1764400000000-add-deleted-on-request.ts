import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * Whether an export was deleted at its uploader's request rather than at its retention date, so
 * that its routes and links say which. Exports gone before this was kept read as expired.
 */
export class AddDeletedOnRequest1764400000000 implements MigrationInterface {
  name = 'AddDeletedOnRequest1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."retention" ADD COLUMN "deleted_on_request" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."retention" DROP COLUMN "deleted_on_request"`,
    );
  }
}
