import { Inject, Injectable, type OnModuleInit, type Provider, type Type } from '@nestjs/common';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { objectsWrittenBy } from '@chatexhibit/proto/storage-layout';
import { EXPIRE_EXPORT_JOBS, type SERVICES_HOLDING_EXPORTS } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '../bus/work-queue';
import { PlannerStatistics } from '../database/planner-statistics';
import { managerOf, type Transaction, UnitOfWork } from '../database/unit-of-work';
import type { Logger } from '../logging/logger';
import { LOGGER } from '../platform/platform.module';
import { ObjectStorage } from '../storage/object-storage';

type ServiceHoldingExports = (typeof SERVICES_HOLDING_EXPORTS)[number];

/** A service's repository of export rows: what it deletes of an export that expired or was deleted. */
export interface ExportRows {
  deleteExport(tx: Transaction, exportId: string): Promise<void>;
}

/** Whether an export was deleted; if so, deletes again whatever work under way wrote of it since. */
export interface ErasedExports {
  undoIfErased(exportId: string): Promise<boolean>;
}

/**
 * Deletes one service's files and rows of an export, and leaves a mark of it (a row in the
 * service's inbox, `<exportId>:erased`, which names nothing), so that work of the export still
 * under way in the service cannot bring any of it back: a step asks `undoIfErased` before it
 * runs (and stops) and after (and deletes what it wrote meanwhile).
 *
 * Order matters. The mark commits with the rows' deletion under an advisory lock on the export,
 * the lock `undoIfErased` takes too, so a step's rows committed before are deleted and a step
 * finishing after sees the mark; the objects are deleted after the mark, so whatever a step
 * wrote before its check is gone too.
 */
export class ExportEraser implements ErasedExports {
  constructor(
    private readonly service: ServiceHoldingExports,
    private readonly unitOfWork: UnitOfWork,
    private readonly rows: ExportRows,
    private readonly storage: ObjectStorage | null,
    private readonly workQueue: WorkQueue,
    private readonly statistics: PlannerStatistics,
  ) {}

  async erase(exportId: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      await lockExport(tx, exportId);
      await this.unitOfWork.record(tx, erasedKey(exportId));
      await this.rows.deleteExport(tx, exportId);
    });
    if (this.storage)
      for (const key of objectsWrittenBy(this.service, exportId)) await this.storage.deleteAll(key);
    // Its expiry jobs still on their way to the other services stay: they carry only the id.
    await this.workQueue.forgetPayloads('exportId', exportId, Object.values(EXPIRE_EXPORT_JOBS));
    await this.statistics.refresh();
  }

  /** Whether the export was erased here; if so, erases it again (what a step wrote meanwhile goes too). */
  async undoIfErased(exportId: string): Promise<boolean> {
    const erased = await this.unitOfWork.run(async (tx) => {
      await lockExport(tx, exportId);
      return this.unitOfWork.recorded(tx, erasedKey(exportId));
    });
    if (erased) await this.erase(exportId);
    return erased;
  }
}

const erasedKey = (exportId: string): string => `${exportId}:erased`;

const lockExport = (tx: Transaction, exportId: string): Promise<unknown> =>
  managerOf(tx).query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`erase:${exportId}`]);

/**
 * A service's `ExportEraser` and the job handler of its expiry jobs (payment's retention sweep
 * and the uploader's delete-now send them): the handler erases the export; erasing what is gone
 * already is no error, so a redelivered job changes nothing.
 */
export function exportExpiryProviders(
  service: ServiceHoldingExports,
  rows: Type<ExportRows>,
  options: { storage: boolean } = { storage: true },
): Provider[] {
  @Injectable()
  class ExpireExportJobHandler implements OnModuleInit {
    constructor(
      private readonly workQueue: WorkQueue,
      private readonly eraser: ExportEraser,
      @Inject(LOGGER) private readonly logger: Logger,
    ) {}

    onModuleInit(): void {
      this.workQueue.consume(EXPIRE_EXPORT_JOBS[service], async ({ exportId }) => {
        await this.eraser.erase(exportId);
        this.logger.info({ exportReference: exportReference(exportId) }, 'export deleted');
      });
    }
  }
  return [
    {
      provide: ExportEraser,
      inject: [UnitOfWork, rows, WorkQueue, PlannerStatistics, ...(options.storage ? [ObjectStorage] : [])],
      useFactory: (
        unitOfWork: UnitOfWork,
        repository: ExportRows,
        workQueue: WorkQueue,
        statistics: PlannerStatistics,
        storage?: ObjectStorage,
      ) => new ExportEraser(service, unitOfWork, repository, storage ?? null, workQueue, statistics),
    },
    ExpireExportJobHandler,
  ];
}
