import { Inject, Injectable } from '@nestjs/common';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { GONE_REFUSALS, PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import type { DELETE_EXPORT_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ExportExpiry } from '../../export-expiry';
import { goneOf } from '../../retention.entity';
import { RetentionRepository } from '../../retention.repository';

/**
 * DELETE /api/whatsapp/export/{id}: the uploader deletes an export now, paid or not, done or
 * still being processed. It expires at once, exactly as retention expires it: from the answer
 * on every route and link of it answers 410, and every service deletes its files and rows.
 */
@Injectable()
export class DeleteExportUseCase {
  constructor(
    private readonly retention: RetentionRepository,
    private readonly exportExpiry: ExportExpiry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({
    exportId,
  }: RequestOf<typeof DELETE_EXPORT_REQUEST>): Promise<ResponseOf<typeof DELETE_EXPORT_REQUEST>> {
    const retention = await this.retention.find(exportId);
    if (!retention) throw BusError.of(PAYMENT_ERRORS, 'EXPORT_NOT_FOUND');
    // Past its date but not yet swept, it is deleted now, as asked.
    const gone = retention.expiredAt ? goneOf(retention) : null;
    if (gone) throw BusError.of(PAYMENT_ERRORS, GONE_REFUSALS[gone]);
    await this.exportExpiry.expire([exportId], new Date(), 'deleted');
    this.logger.info({ exportReference: exportReference(exportId) }, 'export deleted by its uploader');
    return { deleted: true };
  }
}
