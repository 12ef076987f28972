import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One file of an exhibit, as its SHA256SUMS lists it. */
export interface ExhibitFileRecord {
  name: string;
  sizeBytes: number;
  sha256: string;
}

/** An exhibit cut from an export's transcript; its files are stored under the export. */
@Entity({ name: 'exhibits' })
export class ExhibitEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'jsonb' }) files!: ExhibitFileRecord[];
  /** The spec's label; null for exhibits recorded before it was. */
  @Column({ type: 'text', nullable: true }) label!: string | null;
  /** Its Bates numbers, which a later exhibit of the export may not repeat; null without a prefix (or recorded before). */
  @Column({ name: 'bates_prefix', type: 'text', nullable: true }) batesPrefix!: string | null;
  @Column({ name: 'bates_first', type: 'integer', nullable: true }) batesFirst!: number | null;
  @Column({ name: 'bates_last', type: 'integer', nullable: true }) batesLast!: number | null;
}
