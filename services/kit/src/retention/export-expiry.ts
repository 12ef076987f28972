import { Inject, Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { objectsWrittenBy } from '@chatexhibit/proto/storage-layout';
import { EXPIRE_EXPORT_JOBS, type SERVICES_HOLDING_EXPORTS } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '../bus/work-queue';
import type { Logger } from '../logging/logger';
import { LOGGER } from '../platform/platform.module';
import { ObjectStorage } from '../storage/object-storage';

/** A service's repository of export rows: what it deletes of an export that expired. */
export interface ExportRows {
  deleteExport(manager: EntityManager, exportId: string): Promise<void>;
}

/**
 * The job handler of a service holding files or rows of exports: it takes the service's expiry
 * jobs off the queue (payment's retention sweep sends them), deletes the objects it wrote of
 * the export (`objectsWrittenBy`), then its rows (`rows.deleteExport`, one transaction).
 * Deleting what is gone already is no error, so a redelivered job changes nothing.
 */
export function exportExpiryJobHandler(
  service: (typeof SERVICES_HOLDING_EXPORTS)[number],
  rows: Type<ExportRows>,
): Type<OnModuleInit> {
  @Injectable()
  class ExpireExportJobHandler implements OnModuleInit {
    constructor(
      private readonly workQueue: WorkQueue,
      private readonly storage: ObjectStorage,
      private readonly dataSource: DataSource,
      @Inject(rows) private readonly repository: ExportRows,
      @Inject(LOGGER) private readonly logger: Logger,
    ) {}

    onModuleInit(): void {
      this.workQueue.consume(EXPIRE_EXPORT_JOBS[service], async ({ exportId }) => {
        for (const key of objectsWrittenBy(service, exportId)) await this.storage.deleteAll(key);
        await this.dataSource.transaction((manager) => this.repository.deleteExport(manager, exportId));
        this.logger.info({ exportReference: exportReference(exportId) }, 'expired export deleted');
      });
    }
  }
  return ExpireExportJobHandler;
}
