import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ProcessingOptions } from '@chatexhibit/proto/processing-options';

/** An upload as ingest received and unpacked it. */
@Entity({ name: 'exports' })
export class ExportEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'original_filename', type: 'text' }) originalFilename!: string;
  @Column({ name: 'file_hash', type: 'char', length: 64 }) fileHash!: string;
  @Column({ name: 'upload_size_bytes', type: 'bigint' }) uploadSizeBytes!: string;
  @Column({ type: 'jsonb' }) options!: ProcessingOptions;
  @Column({ name: 'time_zone', type: 'text' }) timeZone!: string;
  @Column({ name: 'bates_prefix', type: 'text', nullable: true }) batesPrefix!: string | null;
  @Column({ name: 'entry_count', type: 'integer' }) entryCount!: number;
  @Column({ name: 'entries_size_bytes', type: 'bigint' }) entriesSizeBytes!: string;
  @Column({ name: 'received_at', type: 'timestamptz' }) receivedAt!: Date;
  @Column({ name: 'extracted_at', type: 'timestamptz' }) extractedAt!: Date;
}
