import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DocumentEntity } from './document.entity';

/** The pdf service's table. TypeORM stays in here. */
@Injectable()
export class DocumentRepository {
  async deleteExport(manager: EntityManager, exportId: string): Promise<void> {
    await manager.delete(DocumentEntity, { exportId });
  }

  /** Records the documents of an export; documents made again replace the earlier records. */
  async save(manager: EntityManager, rows: ReadonlyArray<Omit<DocumentEntity, 'createdAt'>>): Promise<void> {
    const createdAt = new Date();
    await manager.upsert(
      DocumentEntity,
      rows.map((row) => ({ ...row, createdAt })),
      ['exportId', 'kind'],
    );
  }
}
