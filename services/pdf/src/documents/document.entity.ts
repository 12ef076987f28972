import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A document made for an export: the transcript, its court-filing copy, the evidence package. */
export type DocumentKind = 'transcript' | 'filing-transcript' | 'evidence-zip';

@Entity({ name: 'documents' })
export class DocumentEntity {
  @PrimaryColumn({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @PrimaryColumn({ type: 'text' }) kind!: DocumentKind;
  @Column({ name: 'storage_key', type: 'text' }) storageKey!: string;
  @Column({ name: 'size_bytes', type: 'bigint' }) sizeBytes!: string;
  @Column({ type: 'char', length: 64, nullable: true }) sha256!: string | null;
  /** A transcript's pages; null for the evidence ZIP and for documents recorded before it was. */
  @Column({ name: 'page_count', type: 'integer', nullable: true }) pageCount!: number | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
