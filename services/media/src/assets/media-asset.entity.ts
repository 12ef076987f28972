import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A voice note or image of an export and what media made of it. */
@Entity({ name: 'media_assets' })
export class MediaAssetEntity {
  @PrimaryColumn({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @PrimaryColumn({ type: 'text' }) path!: string;
  @Column({ type: 'text' }) kind!: 'voice' | 'image';
  @Column({ name: 'derived_key', type: 'text', nullable: true }) derivedKey!: string | null;
  @Column({ name: 'duration_seconds', type: 'double precision', nullable: true }) durationSeconds!:
    number | null;
  @Column({ name: 'derived_size_bytes', type: 'bigint', nullable: true }) derivedSizeBytes!: string | null;
  @Column({ name: 'derived_sha256', type: 'char', length: 64, nullable: true }) derivedSha256!: string | null;
  @Column({ type: 'text', nullable: true }) problem!: string | null;
}
