import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The free-tier decision on a processed export, and its bundle when it must be paid for. */
@Entity({ name: 'decisions' })
export class DecisionEntity {
  @PrimaryColumn({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @Column({ type: 'boolean' }) free!: boolean;
  @Column({ name: 'message_count', type: 'integer' }) messageCount!: number;
  @Column({ name: 'media_size_bytes', type: 'bigint' }) mediaSizeBytes!: string;
  @Column({ name: 'bundle_id', type: 'uuid', nullable: true }) bundleId!: string | null;
  @Column({ name: 'decided_at', type: 'timestamptz' }) decidedAt!: Date;
}

/** What a buyer pays for: one export's results. */
@Entity({ name: 'bundles' })
export class BundleEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt!: Date | null;
}
