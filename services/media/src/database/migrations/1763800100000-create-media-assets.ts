import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** What media made of each voice note and image: the derived file, or why there is none. */
export class CreateMediaAssets1763800100000 implements MigrationInterface {
  name = 'CreateMediaAssets1763800100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."media_assets" (
        "export_id" uuid NOT NULL,
        "path" text NOT NULL,
        "kind" text NOT NULL,
        "derived_key" text,
        "duration_seconds" double precision,
        "problem" text,
        PRIMARY KEY ("export_id", "path")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}"."media_assets"`);
  }
}
