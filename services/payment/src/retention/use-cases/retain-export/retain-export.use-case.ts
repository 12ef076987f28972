import { Injectable } from '@nestjs/common';
import type { RETAIN_EXPORT_JOB } from '@chatexhibit/proto/subjects';
import type { JobPayload } from '@chatexhibit/kit/bus/work-queue';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { retentionOf } from '../../../domain/retention-period';
import { RetentionRepository } from '../../retention.repository';

/** Dates a received upload's deletion, so it is swept whatever becomes of it. */
@Injectable()
export class RetainExportUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly retention: RetentionRepository,
  ) {}

  async execute({ exportId, receivedAt }: JobPayload<typeof RETAIN_EXPORT_JOB>): Promise<void> {
    await this.unitOfWork.run((tx) => this.retention.retain(tx, retentionOf(exportId, receivedAt)));
  }
}
