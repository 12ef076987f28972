import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A mail the SMTP server (or the outbox) accepted: never sent again. */
@Entity({ name: 'sent_mails' })
export class SentMailEntity {
  @PrimaryColumn({ name: 'mail_id', type: 'uuid' }) mailId!: string;
  @Column({ type: 'text' }) kind!: string;
  @Column({ name: 'sent_at', type: 'timestamptz' }) sentAt!: Date;
  /** The export a buyer's mail was about: the record is deleted with the export. */
  @Column({ name: 'export_id', type: 'uuid', nullable: true }) exportId!: string | null;
}
