import { Injectable } from '@nestjs/common';
import { GONE_REFUSALS, PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import { goneOf, type RetentionEntity } from '../retention/retention.entity';
import { RetentionRepository } from '../retention/retention.repository';
import type { BundleEntity } from './bundle.entities';
import { BundleRepository } from './bundle.repository';

/** A bundle whose export is still kept: how the requests about a bundle begin. */
@Injectable()
export class LiveBundles {
  constructor(
    private readonly bundles: BundleRepository,
    private readonly retention: RetentionRepository,
  ) {}

  /**
   * The bundle and its export's retention; BUNDLE_NOT_FOUND, or once the export is gone
   * EXPORT_DELETED (its uploader deleted it) or EXPORT_EXPIRED.
   */
  async find(bundleId: string): Promise<{ bundle: BundleEntity; retention: RetentionEntity }> {
    const bundle = await this.bundles.findBundle(bundleId);
    if (!bundle) throw BusError.of(PAYMENT_ERRORS, 'BUNDLE_NOT_FOUND');
    // Recorded with the bundle, in the decision's transaction.
    const retention = await this.retention.find(bundle.exportId);
    if (!retention) throw BusError.of(PAYMENT_ERRORS, 'EXPORT_EXPIRED');
    const gone = goneOf(retention);
    if (gone) throw BusError.of(PAYMENT_ERRORS, GONE_REFUSALS[gone]);
    return { bundle, retention };
  }
}
