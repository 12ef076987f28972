import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DocumentEntity } from './document.entity';

/** The pdf service's table. TypeORM stays in here. */
@Injectable()
export class DocumentRepository {
  async insert(
    manager: EntityManager,
    rows: ReadonlyArray<Omit<DocumentEntity, 'createdAt'>>,
  ): Promise<void> {
    const createdAt = new Date();
    await manager.insert(
      DocumentEntity,
      rows.map((row) => ({ ...row, createdAt })),
    );
  }
}
