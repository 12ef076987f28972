import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * Checkout and retention: the sessions made for each bundle, what the paying session left on
 * the bundle, the job an export was decided on (to make its documents again), every export's
 * retention date, and the local test checkout's objects.
 */
export class AddCheckout1764100000000 implements MigrationInterface {
  name = 'AddCheckout1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      ALTER TABLE "${schema}"."bundles"
        ADD COLUMN "email" text,
        ADD COLUMN "paid_session_id" text,
        ADD COLUMN "payment_intent_id" text,
        ADD COLUMN "amount_cents" integer,
        ADD COLUMN "currency" text,
        ADD COLUMN "paid_mail_id" uuid,
        ADD COLUMN "refunded_at" timestamptz`);
    await queryRunner.query(`ALTER TABLE "${schema}"."decisions" ADD COLUMN "decided_job" jsonb`);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."retention" (
        "export_id" uuid PRIMARY KEY,
        "received_at" timestamptz NOT NULL,
        "delete_after" timestamptz NOT NULL,
        "expired_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "retention_due" ON "${schema}"."retention" ("delete_after") WHERE "expired_at" IS NULL`,
    );
    // Exports decided before retention was recorded: counted from their decision.
    await queryRunner.query(`
      INSERT INTO "${schema}"."retention" ("export_id", "received_at", "delete_after")
        SELECT "export_id", "decided_at", "decided_at" + interval '7 days' FROM "${schema}"."decisions"`);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."checkout_sessions" (
        "id" text PRIMARY KEY,
        "bundle_id" uuid NOT NULL REFERENCES "${schema}"."bundles" ("id"),
        "email" text,
        "url" text NOT NULL,
        "status" text NOT NULL,
        "payment_status" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "checkout_sessions_bundle" ON "${schema}"."checkout_sessions" ("bundle_id")`,
    );
    await queryRunner.query(`CREATE INDEX "bundles_email" ON "${schema}"."bundles" (lower("email"))`);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."local_stripe_objects" (
        "id" text PRIMARY KEY,
        "body" jsonb NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`DROP TABLE "${schema}"."local_stripe_objects"`);
    await queryRunner.query(`DROP TABLE "${schema}"."checkout_sessions"`);
    await queryRunner.query(`DROP INDEX "${schema}"."bundles_email"`);
    await queryRunner.query(`DROP TABLE "${schema}"."retention"`);
    await queryRunner.query(`ALTER TABLE "${schema}"."decisions" DROP COLUMN "decided_job"`);
    await queryRunner.query(`
      ALTER TABLE "${schema}"."bundles"
        DROP COLUMN "email", DROP COLUMN "paid_session_id", DROP COLUMN "payment_intent_id",
        DROP COLUMN "amount_cents", DROP COLUMN "currency", DROP COLUMN "paid_mail_id", DROP COLUMN "refunded_at"`);
  }
}
