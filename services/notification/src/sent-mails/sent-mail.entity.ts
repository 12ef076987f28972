import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A mail the SMTP server (or the outbox) accepted: never sent again. */
@Entity({ name: 'sent_mails' })
export class SentMailEntity {
  @PrimaryColumn({ name: 'mail_id', type: 'uuid' }) mailId!: string;
  @Column({ type: 'text' }) kind!: string;
  @Column({ name: 'sent_at', type: 'timestamptz' }) sentAt!: Date;
}
