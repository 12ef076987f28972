import { Injectable } from '@nestjs/common';
import { addDays } from 'date-fns';
import { UNPURCHASED_RETENTION_DAYS } from '@chatexhibit/proto/constants';
import type { RETAIN_EXPORT_JOB } from '@chatexhibit/proto/subjects';
import type { JobPayload } from '@chatexhibit/kit/bus/work-queue';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { RetentionEntity } from '../../bundles/bundle.entities';
import { BundleRepository } from '../../bundles/bundle.repository';

/** An export's retention until it is bought: deleted 7 days after upload. */
export const retentionOf = (
  exportId: string,
  receivedAt: string,
): Omit<RetentionEntity, 'expiredAt' | 'exportReference'> => ({
  exportId,
  receivedAt: new Date(receivedAt),
  deleteAfter: addDays(new Date(receivedAt), UNPURCHASED_RETENTION_DAYS),
});

/** Dates a received upload's deletion, so it is swept whatever becomes of it. */
@Injectable()
export class RetainExportUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly bundles: BundleRepository,
  ) {}

  async execute({ exportId, receivedAt }: JobPayload<typeof RETAIN_EXPORT_JOB>): Promise<void> {
    await this.unitOfWork.run((tx) => this.bundles.retain(tx, retentionOf(exportId, receivedAt)));
  }
}
