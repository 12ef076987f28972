import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A document made for an export (the transcript now; the filing copy and evidence ZIP later). */
@Entity({ name: 'documents' })
export class DocumentEntity {
  @PrimaryColumn({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @PrimaryColumn({ type: 'text' }) kind!: 'transcript';
  @Column({ name: 'storage_key', type: 'text' }) storageKey!: string;
  @Column({ name: 'size_bytes', type: 'bigint' }) sizeBytes!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
