import { Injectable } from '@nestjs/common';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import { DocumentEntity } from './document.entity';

/** The pdf service's table. TypeORM stays in here. */
@Injectable()
export class DocumentRepository {
  async deleteExport(tx: Transaction, exportId: string): Promise<void> {
    await managerOf(tx).delete(DocumentEntity, { exportId });
  }

  /** Records the documents of an export; documents made again replace the earlier records. */
  async save(tx: Transaction, rows: ReadonlyArray<Omit<DocumentEntity, 'createdAt'>>): Promise<void> {
    const createdAt = new Date();
    await managerOf(tx).upsert(
      DocumentEntity,
      rows.map((row) => ({ ...row, createdAt })),
      ['exportId', 'kind'],
    );
  }
}
