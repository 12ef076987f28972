import { Module } from '@nestjs/common';
import { exportExpiryProviders } from '@chatexhibit/kit/retention/export-expiry';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import { CreateExports1763800000000 } from './database/migrations/1763800000000-create-exports';
import { ExportEntity } from './exports/export.entity';
import { ExportRepository } from './exports/export.repository';
import { IngestExportJobHandler } from './use-cases/ingest-export/ingest-export.job-handler';
import { IngestExportUseCase } from './use-cases/ingest-export/ingest-export.use-case';

const part = ServicePartModule.forPart('ingest', {
  entities: [ExportEntity],
  migrations: [CreateExports1763800000000],
});

/** The ingest service: unpacks uploads safely and records each export. */
@Module({
  imports: [part],
  providers: [
    ...exportExpiryProviders('ingest', ExportRepository),
    ExportRepository,
    IngestExportUseCase,
    IngestExportJobHandler,
  ],
  exports: [part],
})
export class IngestModule {}
