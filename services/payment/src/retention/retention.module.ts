import { type DynamicModule, Module } from '@nestjs/common';
import { ExportExpiry } from './export-expiry';
import { RetentionRepository } from './retention.repository';
import { RetentionRequestHandlers } from './retention.request-handlers';
import { RetentionSweeper } from './retention-sweeper';
import { AdmitUnpackedUseCase } from './use-cases/admit-unpacked/admit-unpacked.use-case';
import { AdmitUploadUseCase } from './use-cases/admit-upload/admit-upload.use-case';
import { CheckExportAccessUseCase } from './use-cases/check-export-access/check-export-access.use-case';
import { DeleteExportUseCase } from './use-cases/delete-export/delete-export.use-case';
import { SweepRetentionUseCase } from './use-cases/sweep-retention/sweep-retention.use-case';

/**
 * The export lifecycle: how long each export is kept (dated at upload, moved by a purchase or
 * support), each client's upload quota, the hourly sweep, the uploader's delete-now, and whether an export may be read. It
 * works on the bundles and the Stripe account of `PaymentCoreModule`; the checkout half reads
 * and moves retention dates through the `RetentionRepository` it exports.
 */
@Module({})
export class RetentionModule {
  /** `core`: the one PaymentCoreModule of the service, shared with the checkout half. */
  static forRoot(core: DynamicModule): DynamicModule {
    return {
      module: RetentionModule,
      imports: [core],
      providers: [
        RetentionRepository,
        ExportExpiry,
        AdmitUploadUseCase,
        AdmitUnpackedUseCase,
        SweepRetentionUseCase,
        RetentionSweeper,
        DeleteExportUseCase,
        CheckExportAccessUseCase,
        RetentionRequestHandlers,
      ],
      exports: [RetentionRepository, ExportExpiry],
    };
  }
}
