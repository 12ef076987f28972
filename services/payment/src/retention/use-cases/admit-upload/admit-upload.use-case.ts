import { Injectable } from '@nestjs/common';
import type { ADMIT_UPLOAD_REQUEST } from '@chatexhibit/proto/subjects';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { retentionOf } from '../../../domain/retention-period';
import { admitUpload } from '../../../domain/upload-quota';
import { RetentionRepository } from '../../retention.repository';

/**
 * Admits a received upload, before it is stored: within its client's quota, dates its deletion
 * (so it is swept whatever becomes of it) and counts it; beyond, says when to try again.
 */
@Injectable()
export class AdmitUploadUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly retention: RetentionRepository,
  ) {}

  execute({
    exportId,
    receivedAt,
    quotaKey,
    sizeBytes,
    quotaBytes,
  }: RequestOf<typeof ADMIT_UPLOAD_REQUEST>): Promise<ResponseOf<typeof ADMIT_UPLOAD_REQUEST>> {
    return this.unitOfWork.run(async (tx) => {
      const now = new Date();
      const admission = admitUpload(
        await this.retention.quotaHeld(tx, quotaKey, now),
        sizeBytes,
        quotaBytes,
        now,
      );
      if (admission.admitted)
        await this.retention.retain(tx, retentionOf(exportId, receivedAt), {
          quotaKey,
          sizeBytes,
          quotaBytes,
        });
      return admission;
    });
  }
}
