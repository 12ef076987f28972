import type { Gone } from '@chatexhibit/proto/payment';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How long an export's files are kept: every upload has one, from the moment it is received. */
@Entity({ name: 'retention' })
export class RetentionEntity {
  @PrimaryColumn({ name: 'export_id', type: 'uuid' }) exportId!: string;
  /** The export's non-secret reference (proto's exportReference), as its documents print it. */
  @Column({ name: 'export_reference', type: 'text' }) exportReference!: string;
  @Column({ name: 'received_at', type: 'timestamptz' }) receivedAt!: Date;
  /** A day after upload, until processed: then 7 (free) or 3 (to be bought); 90 after purchase; support may extend it. */
  @Column({ name: 'delete_after', type: 'timestamptz' }) deleteAfter!: Date;
  /** When the sweeper had the export's files and rows deleted. */
  @Column({ name: 'expired_at', type: 'timestamptz', nullable: true }) expiredAt!: Date | null;
  /** Deleted at its uploader's request, not at its retention date. */
  @Column({ name: 'deleted_on_request', type: 'boolean', default: false }) deletedOnRequest!: boolean;
  /** The uploader's client as the gateway keys it (an HMAC of its address), while the export counts against its quota. */
  @Column({ name: 'quota_key', type: 'text', nullable: true }) quotaKey!: string | null;
  /** The upload's size, counted against its client's quota. */
  @Column({ name: 'upload_bytes', type: 'bigint', default: 0 }) uploadBytes!: string;
  /** What the upload unpacked to, counted against the quota beside it; null until ingest has unpacked it. */
  @Column({ name: 'unpacked_bytes', type: 'bigint', nullable: true }) unpackedBytes!: string | null;
  /** The quota the upload was admitted under (UPLOAD_QUOTA_MB), which its unpacked bytes are held to; 0: none. */
  @Column({ name: 'quota_bytes', type: 'bigint', default: 0 }) quotaBytes!: string;
}

/**
 * How an export's files went, or null while they are kept (also for an export never dated). Past
 * its date it is expired, though the sweep has not marked it yet: the sweep deletes its files
 * before it marks it, and meanwhile nothing of it may look readable, or be paid for.
 */
export const goneOf = (retention: RetentionEntity | null, now = new Date()): Gone | null =>
  retention?.expiredAt
    ? retention.deletedOnRequest
      ? 'deleted'
      : 'expired'
    : retention && retention.deleteAfter <= now
      ? 'expired'
      : null;
