import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
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
}
