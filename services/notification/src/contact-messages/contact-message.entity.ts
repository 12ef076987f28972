import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A contact-form message as received, and the mail that forwards it to support. */
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
}
