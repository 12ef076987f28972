import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A contact-form message as received, the mail that forwards it to support and the one that confirms it to its sender. */
@Entity({ name: 'contact_messages' })
export class ContactMessageEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) email!: string;
  @Column({ type: 'text' }) subject!: string;
  @Column({ type: 'text' }) message!: string;
  @Column({ name: 'received_at', type: 'timestamptz' }) receivedAt!: Date;
  /** The mail job that forwards this message to support. */
  @Column({ name: 'mail_id', type: 'uuid' }) mailId!: string;
  /** The mail job that tells the sender their message arrived; null for messages stored before it. */
  @Column({ name: 'confirmation_mail_id', type: 'uuid', nullable: true }) confirmationMailId!: string | null;
}
