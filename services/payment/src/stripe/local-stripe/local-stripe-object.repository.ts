import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import type { LocalStripeStore } from './local-stripe';
import { LocalStripeObjectEntity } from './local-stripe-object.entity';

/** The local test checkout's objects, in the payment service's database. */
@Injectable()
export class LocalStripeObjectRepository implements LocalStripeStore {
  constructor(private readonly dataSource: DataSource) {}

  async read(id: string): Promise<unknown> {
    const row = await this.dataSource.getRepository(LocalStripeObjectEntity).findOneBy({ id });
    return row?.body ?? null;
  }

  async insert(id: string, value: unknown): Promise<unknown> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(LocalStripeObjectEntity)
      .values({ id, body: value as object, updatedAt: new Date() })
      .orIgnore()
      .execute();
    return this.read(id);
  }

  async write(id: string, value: unknown): Promise<void> {
    await this.dataSource
      .getRepository(LocalStripeObjectEntity)
      .upsert({ id, body: value as object, updatedAt: new Date() }, ['id']);
  }

  /** Forgets the addresses in these sessions (the one the buyer typed and Stripe's), in the caller's transaction. */
  async forgetCustomers(tx: Transaction, sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await managerOf(tx)
      .createQueryBuilder()
      .update(LocalStripeObjectEntity)
      .set({ body: () => `body || '{"customer_email": null, "customer_details": null}'::jsonb` })
      .where({ id: In([...sessionIds]) })
      .execute();
  }
}
