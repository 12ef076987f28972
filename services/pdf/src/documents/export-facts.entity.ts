import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';

/** The facts an export's documents were made from: an exhibit cut later is made from the same. */
@Entity({ name: 'export_facts' })
export class ExportFactsEntity {
  @PrimaryColumn({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @Column({ type: 'jsonb' }) facts!: ExportFacts;
  @Column({ name: 'recorded_at', type: 'timestamptz' }) recordedAt!: Date;
}
