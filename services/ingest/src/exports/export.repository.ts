import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ExportEntity } from './export.entity';

export type NewExport = Omit<ExportEntity, 'extractedAt'>;

/** Ingest's table. TypeORM stays in here. */
@Injectable()
export class ExportRepository {
  async insert(manager: EntityManager, row: NewExport): Promise<void> {
    await manager.insert(ExportEntity, row);
  }

  async deleteExport(manager: EntityManager, exportId: string): Promise<void> {
    await manager.delete(ExportEntity, { id: exportId });
  }
}
