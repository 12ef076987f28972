import { Injectable } from '@nestjs/common';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import { ExportEntity } from './export.entity';

export type NewExport = Omit<ExportEntity, 'extractedAt'>;

/** Ingest's table. TypeORM stays in here. */
@Injectable()
export class ExportRepository {
  async insert(tx: Transaction, row: NewExport): Promise<void> {
    await managerOf(tx).insert(ExportEntity, row);
  }

  async deleteExport(tx: Transaction, exportId: string): Promise<void> {
    await managerOf(tx).delete(ExportEntity, { id: exportId });
  }
}
