import { Injectable } from '@nestjs/common';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import type { PAYMENT_STATUS_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { BundleRepository } from '../../bundles/bundle.repository';

/** GET /api/payment/{bundleId}: whether the bundle is bought (and not refunded since). */
@Injectable()
export class GetPaymentStatusUseCase {
  constructor(private readonly bundles: BundleRepository) {}

  async execute({
    bundleId,
  }: RequestOf<typeof PAYMENT_STATUS_REQUEST>): Promise<ResponseOf<typeof PAYMENT_STATUS_REQUEST>> {
    const bundle = await this.bundles.findBundle(bundleId);
    if (!bundle) throw BusError.of(PAYMENT_ERRORS, 'BUNDLE_NOT_FOUND');
    const retention = await this.bundles.findRetention(bundle.exportId);
    if (retention?.expiredAt) throw BusError.of(PAYMENT_ERRORS, 'EXPORT_EXPIRED');
    return { isPaid: bundle.paidAt !== null && bundle.refundedAt === null, exportId: bundle.exportId };
  }
}
