import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { JobPayload } from '@chatexhibit/kit/bus/work-queue';
import type { PAYMENT_DECISION_JOB } from '@chatexhibit/proto/subjects';

/** The free-tier decision on a processed export, and its bundle when it must be paid for. */
@Entity({ name: 'decisions' })
export class DecisionEntity {
  @PrimaryColumn({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @Column({ type: 'boolean' }) free!: boolean;
  @Column({ name: 'message_count', type: 'integer' }) messageCount!: number;
  @Column({ name: 'media_size_bytes', type: 'bigint' }) mediaSizeBytes!: string;
  @Column({ name: 'bundle_id', type: 'uuid', nullable: true }) bundleId!: string | null;
  @Column({ name: 'decided_at', type: 'timestamptz' }) decidedAt!: Date;
  /** The job the decision was made on: its facts make the documents again when a repair finds them missing. */
  @Column({ name: 'decided_job', type: 'jsonb', nullable: true })
  decidedJob!: JobPayload<typeof PAYMENT_DECISION_JOB> | null;
}

/** What a buyer pays for: one export's results. */
@Entity({ name: 'bundles' })
export class BundleEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt!: Date | null;
  /** The buyer's address, as Stripe confirmed it. */
  @Column({ type: 'text', nullable: true }) email!: string | null;
  @Column({ name: 'paid_session_id', type: 'text', nullable: true }) paidSessionId!: string | null;
  @Column({ name: 'payment_intent_id', type: 'text', nullable: true }) paymentIntentId!: string | null;
  @Column({ name: 'amount_cents', type: 'integer', nullable: true }) amountCents!: number | null;
  @Column({ type: 'text', nullable: true }) currency!: string | null;
  /** The download-link mail of the purchase: queued again until sent, never twice. */
  @Column({ name: 'paid_mail_id', type: 'uuid', nullable: true }) paidMailId!: string | null;
  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true }) refundedAt!: Date | null;
}

/** A Stripe Checkout Session made for a bundle, with the state Stripe last reported. */
@Entity({ name: 'checkout_sessions' })
export class CheckoutSessionEntity {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ name: 'bundle_id', type: 'uuid' }) bundleId!: string;
  /** The address checkout was started with; forgotten when the export expires. */
  @Column({ type: 'text', nullable: true }) email!: string | null;
  @Column({ type: 'text' }) url!: string;
  /** Stripe's `status`: open, complete or expired. */
  @Column({ type: 'text' }) status!: string;
  /** Stripe's `payment_status`: unpaid, paid or no_payment_required. */
  @Column({ name: 'payment_status', type: 'text' }) paymentStatus!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  /** Stripe's refund of this session's payment, when it paid for a bundle bought already. */
  @Column({ name: 'refund_id', type: 'text', nullable: true }) refundId!: string | null;
}
