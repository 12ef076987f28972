import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity';

/** The notification service's contact messages. TypeORM stays in here. */
@Injectable()
export class ContactMessageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a received message, not yet sent, in the caller's transaction. */
  async insert(manager: EntityManager, message: Omit<ContactMessageEntity, 'sentAt'>): Promise<void> {
    await manager.insert(ContactMessageEntity, { ...message, sentAt: null });
  }

  find(id: string): Promise<ContactMessageEntity | null> {
    return this.dataSource.getRepository(ContactMessageEntity).findOneBy({ id });
  }

  async markSent(id: string, sentAt: Date): Promise<void> {
    await this.dataSource.getRepository(ContactMessageEntity).update({ id }, { sentAt });
  }
}
