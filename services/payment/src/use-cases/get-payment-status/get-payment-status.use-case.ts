import { Injectable } from '@nestjs/common';
import type { PAYMENT_STATUS_REQUEST } from '@chatexhibit/proto/subjects';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { LiveBundles } from '../../bundles/live-bundles';
import { isUnlocked } from '../../domain/free-tier';

/** GET /api/payment/{bundleId}: whether the bundle is bought (and not refunded since). */
@Injectable()
export class GetPaymentStatusUseCase {
  constructor(private readonly liveBundles: LiveBundles) {}

  async execute({
    bundleId,
  }: RequestOf<typeof PAYMENT_STATUS_REQUEST>): Promise<ResponseOf<typeof PAYMENT_STATUS_REQUEST>> {
    const { bundle } = await this.liveBundles.find(bundleId);
    return { isPaid: isUnlocked(bundle), exportId: bundle.exportId };
  }
}
