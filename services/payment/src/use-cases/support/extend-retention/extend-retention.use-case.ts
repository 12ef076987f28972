import { Inject, Injectable } from '@nestjs/common';
import { exportReference } from '@chatexhibit/proto/export-reference';
import type { SUPPORT_EXTEND_REQUEST } from '@chatexhibit/proto/subjects';
import type { ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { LiveBundles } from '../../../bundles/live-bundles';
import { extendedDeleteAfter } from '../../../domain/retention-period';
import { RetentionRepository } from '../../../retention/retention.repository';
import type { SupportOperation } from '../support-token';

/** Support's `extend`: keeps a bundle's export N more months ($1 a month, charged outside the tool). */
@Injectable()
export class ExtendRetentionUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly liveBundles: LiveBundles,
    private readonly retention: RetentionRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({
    bundleId,
    months,
  }: SupportOperation<typeof SUPPORT_EXTEND_REQUEST>): Promise<ResponseOf<typeof SUPPORT_EXTEND_REQUEST>> {
    const { bundle, retention } = await this.liveBundles.find(bundleId);
    const deleteAfter = extendedDeleteAfter(retention.deleteAfter, months, new Date());
    await this.unitOfWork.run((tx) => this.retention.setDeleteAfter(tx, bundle.exportId, deleteAfter));
    this.logger.info(
      { exportReference: exportReference(bundle.exportId), months, deleteAfter },
      'support extended an export',
    );
    return { bundleId, deleteAfter: deleteAfter.toISOString() };
  }
}
