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
    const { bundle, retention } = await this.liveBundles.find(bundleId);
    const isPaid = isUnlocked(bundle);
    const { paidAt, amountCents, currency } = bundle;
    // What the buyer's receipt shows; a bought bundle has all of it but the address.
    const purchase =
      isPaid && paidAt && amountCents !== null && currency
        ? {
            paidAt: paidAt.toISOString(),
            amountCents,
            currency,
            email: bundle.email,
            deleteAfter: retention.deleteAfter.toISOString(),
          }
        : undefined;
    return { isPaid, exportId: bundle.exportId, ...(purchase && { purchase }) };
  }
}
