import { Injectable } from '@nestjs/common';
import { BundleRepository } from '../../bundles/bundle.repository';

/**
 * Whether an export's results may be read: it is free, or its bundle is paid and not refunded,
 * and it has not passed its retention date.
 */
@Injectable()
export class CheckExportAccessUseCase {
  constructor(private readonly bundles: BundleRepository) {}

  async execute({ exportId }: { exportId: string }): Promise<{ readable: boolean; expired: boolean }> {
    if ((await this.bundles.findRetention(exportId))?.expiredAt) return { readable: false, expired: true };
    const decision = await this.bundles.findDecision(exportId);
    if (!decision) return { readable: false, expired: false };
    if (decision.free) return { readable: true, expired: false };
    const bundle = decision.bundleId ? await this.bundles.findBundle(decision.bundleId) : null;
    return { readable: bundle?.paidAt != null && bundle.refundedAt === null, expired: false };
  }
}
