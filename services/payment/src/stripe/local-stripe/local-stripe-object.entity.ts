import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An object of the local test checkout (LocalStripe), by its id. */
@Entity({ name: 'local_stripe_objects' })
export class LocalStripeObjectEntity {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'jsonb' }) body!: unknown;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
