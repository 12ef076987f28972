import { Injectable } from '@nestjs/common';
import type { ADMIT_UNPACKED_REQUEST } from '@chatexhibit/proto/subjects';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { admitUnpacked } from '../../../domain/upload-quota';
import { RetentionRepository } from '../../retention.repository';

/**
 * Admits what an upload unpacked to, before ingest stores it: within its client's quota (the one
 * it was admitted under) it is counted beside the upload; beyond, the export stops counting (ingest
 * discards it) and the answer says when to try again. An export that counts for nobody (bought,
 * gone, or admitted without a quota) is admitted as it is.
 */
@Injectable()
export class AdmitUnpackedUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly retention: RetentionRepository,
  ) {}

  execute({
    exportId,
    unpackedBytes,
  }: RequestOf<typeof ADMIT_UNPACKED_REQUEST>): Promise<ResponseOf<typeof ADMIT_UNPACKED_REQUEST>> {
    return this.unitOfWork.run(async (tx) => {
      const row = await this.retention.findIn(tx, exportId);
      const quotaBytes = Number(row?.quotaBytes ?? 0);
      // Counted already: a redelivered ingest job is admitted again without counting twice.
      if (row === null || row.quotaKey === null || quotaBytes === 0 || row.unpackedBytes !== null)
        return { admitted: true };
      const now = new Date();
      const held = await this.retention.quotaHeld(tx, row.quotaKey, now);
      const admission = admitUnpacked(held, Number(row.uploadBytes), unpackedBytes, quotaBytes, now);
      if (!admission.admitted) {
        await this.retention.leaveQuota(tx, exportId);
        return { ...admission, quotaBytes };
      }
      await this.retention.recordUnpacked(tx, exportId, unpackedBytes);
      return admission;
    });
  }
}
