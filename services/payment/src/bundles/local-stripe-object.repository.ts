import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LocalStripeStore } from '../domain/local-stripe/local-stripe';
import { LocalStripeObjectEntity } from './bundle.entities';

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
}
