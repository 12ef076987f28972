import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DocumentEntity } from './document.entity';

/** The pdf service's table. TypeORM stays in here. */
@Injectable()
export class DocumentRepository {
  async insert(manager: EntityManager, row: Omit<DocumentEntity, 'createdAt'>): Promise<void> {
    await manager.insert(DocumentEntity, { ...row, createdAt: new Date() });
  }
}
