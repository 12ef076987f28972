import type { ExhibitDraft } from '@chatexhibit/proto/exhibit-spec';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The Exhibit mode's draft of an export, as last saved: one per export, deleted with it. */
@Entity({ name: 'exhibit_drafts' })
export class ExhibitDraftEntity {
  @PrimaryColumn({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @Column({ type: 'jsonb' }) draft!: ExhibitDraft;
  @Column({ name: 'saved_at', type: 'timestamptz' }) savedAt!: Date;
}
