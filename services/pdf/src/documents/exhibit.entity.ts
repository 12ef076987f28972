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
}
