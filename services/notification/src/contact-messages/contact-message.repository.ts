import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, LessThan } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity';

/** The notification service's contact messages. TypeORM stays in here. */
@Injectable()
export class ContactMessageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a received message in the caller's transaction. */
  async insert(manager: EntityManager, message: ContactMessageEntity): Promise<void> {
    await manager.insert(ContactMessageEntity, message);
  }

  find(id: string): Promise<ContactMessageEntity | null> {
    return this.dataSource.getRepository(ContactMessageEntity).findOneBy({ id });
  }

  /** Deletes the messages received before `before`, in the caller's transaction; answers them. */
  async deleteReceivedBefore(manager: EntityManager, before: Date): Promise<ContactMessageEntity[]> {
    const old = await manager.findBy(ContactMessageEntity, { receivedAt: LessThan(before) });
    if (old.length > 0)
      await manager.delete(
        ContactMessageEntity,
        old.map((m) => m.id),
      );
    return old;
  }
}
