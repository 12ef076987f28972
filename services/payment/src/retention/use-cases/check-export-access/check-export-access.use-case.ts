import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { EXPORT_ACCESS_REQUEST } from '@chatexhibit/proto/subjects';
import { BundleRepository } from '../../../bundles/bundle.repository';
import { isUnlocked } from '../../../domain/free-tier';
import { goneOf } from '../../retention.entity';
import { RetentionRepository } from '../../retention.repository';

type ExportAccess = z.infer<typeof EXPORT_ACCESS_REQUEST.response>;

/**
 * Whether an export's results may be read: it is free, or its bundle is paid and not refunded,
 * and it has not passed its retention date (swept or not); once gone, how it went; and the bundle
 * that buys it.
 */
@Injectable()
export class CheckExportAccessUseCase {
  constructor(
    private readonly retention: RetentionRepository,
    private readonly bundles: BundleRepository,
  ) {}

  async execute({ exportId }: { exportId: string }): Promise<ExportAccess> {
    const retention = await this.retention.find(exportId);
    const deleteAfter = retention ? retention.deleteAfter.toISOString() : null;
    const gone = goneOf(retention);
    if (gone) return { readable: false, gone, deleteAfter, bundleId: null };
    const decision = await this.bundles.findDecision(exportId);
    if (!decision) return { readable: false, gone, deleteAfter, bundleId: null };
    if (decision.free) return { readable: true, gone, deleteAfter, bundleId: null };
    const bundle = decision.bundleId ? await this.bundles.findBundle(decision.bundleId) : null;
    return {
      readable: bundle !== null && isUnlocked(bundle),
      gone,
      deleteAfter,
      bundleId: bundle?.id ?? null,
    };
  }
}
