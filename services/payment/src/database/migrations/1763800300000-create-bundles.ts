import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/** Free-tier decisions and the bundles of exports over the free tier. */
export class CreateBundles1763800300000 implements MigrationInterface {
  name = 'CreateBundles1763800300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."bundles" (
        "id" uuid PRIMARY KEY,
        "export_id" uuid NOT NULL UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "paid_at" timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."decisions" (
        "export_id" uuid PRIMARY KEY,
        "free" boolean NOT NULL,
        "message_count" integer NOT NULL,
        "media_size_bytes" bigint NOT NULL,
        "bundle_id" uuid REFERENCES "${schema}"."bundles" ("id"),
        "decided_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`DROP TABLE "${schema}"."decisions"`);
    await queryRunner.query(`DROP TABLE "${schema}"."bundles"`);
  }
}
