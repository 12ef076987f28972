import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * Checkout: the sessions made for each bundle, what the paying session left on the bundle, the
 * export's retention date and the job it was decided on (to make its documents again), and the
 * local test checkout's objects.
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
    await queryRunner.query(`
      ALTER TABLE "${schema}"."decisions"
        ADD COLUMN "received_at" timestamptz,
        ADD COLUMN "delete_after" timestamptz,
        ADD COLUMN "expired_at" timestamptz,
        ADD COLUMN "decided_job" jsonb`);
    await queryRunner.query(`
      UPDATE "${schema}"."decisions"
        SET "received_at" = "decided_at", "delete_after" = "decided_at" + interval '7 days'`);
    await queryRunner.query(`
      ALTER TABLE "${schema}"."decisions"
        ALTER COLUMN "received_at" SET NOT NULL,
        ALTER COLUMN "delete_after" SET NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."checkout_sessions" (
        "id" text PRIMARY KEY,
        "bundle_id" uuid NOT NULL REFERENCES "${schema}"."bundles" ("id"),
        "email" text NOT NULL,
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
    await queryRunner.query(`
      ALTER TABLE "${schema}"."decisions"
        DROP COLUMN "received_at", DROP COLUMN "delete_after", DROP COLUMN "expired_at", DROP COLUMN "decided_job"`);
    await queryRunner.query(`
      ALTER TABLE "${schema}"."bundles"
        DROP COLUMN "email", DROP COLUMN "paid_session_id", DROP COLUMN "payment_intent_id",
        DROP COLUMN "amount_cents", DROP COLUMN "currency", DROP COLUMN "paid_mail_id", DROP COLUMN "refunded_at"`);
  }
}
