import { Injectable } from '@nestjs/common';
import { DataSource, LessThan } from 'typeorm';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import { ContactMessageEntity } from './contact-message.entity';

/** The notification service's contact messages. TypeORM stays in here. */
@Injectable()
export class ContactMessageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a received message in the caller's transaction. */
  async insert(tx: Transaction, message: ContactMessageEntity): Promise<void> {
    await managerOf(tx).insert(ContactMessageEntity, message);
  }

  find(id: string): Promise<ContactMessageEntity | null> {
    return this.dataSource.getRepository(ContactMessageEntity).findOneBy({ id });
  }

  /** Deletes the messages received before `before`, in the caller's transaction; answers them. */
  async deleteReceivedBefore(tx: Transaction, before: Date): Promise<ContactMessageEntity[]> {
    const manager = managerOf(tx);
    const old = await manager.findBy(ContactMessageEntity, { receivedAt: LessThan(before) });
    if (old.length > 0)
      await manager.delete(
        ContactMessageEntity,
        old.map((m) => m.id),
      );
    return old;
  }
}
