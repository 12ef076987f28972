import { Injectable } from '@nestjs/common';
import { EXPORT_REFERENCE_PATTERN } from '@chatexhibit/proto/export-reference';
import type { SupportBundle } from '@chatexhibit/proto/payment';
import type { SUPPORT_STATUS_REQUEST } from '@chatexhibit/proto/subjects';
import type { ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import type { BundleEntity } from '../../../bundles/bundle.entities';
import { BundleRepository } from '../../../bundles/bundle.repository';
import { RetentionRepository } from '../../../retention/retention.repository';
import type { SupportOperation } from '../support-token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (date: Date | null | undefined): string | null => date?.toISOString() ?? null;

/**
 * Support's `status` (DESIGN: support never edits the database): the bundle with that id, the
 * bundle of the export with that reference, or every bundle bought or started with that address,
 * each with its export, purchase, retention and checkout sessions.
 */
@Injectable()
export class FindBundlesUseCase {
  constructor(
    private readonly bundles: BundleRepository,
    private readonly retention: RetentionRepository,
  ) {}

  async execute({
    query,
  }: SupportOperation<typeof SUPPORT_STATUS_REQUEST>): Promise<ResponseOf<typeof SUPPORT_STATUS_REQUEST>> {
    const found = UUID.test(query)
      ? [await this.bundles.findBundle(query.toLowerCase())].filter((b): b is BundleEntity => b !== null)
      : EXPORT_REFERENCE_PATTERN.test(query.toUpperCase())
        ? await this.bundlesOfReference(query.toUpperCase())
        : await this.bundles.bundlesOfEmail(query);
    return { bundles: await Promise.all(found.map((bundle) => this.describe(bundle))) };
  }

  /** The bundles of the export whose documents print `reference`. */
  private async bundlesOfReference(reference: string): Promise<BundleEntity[]> {
    const retention = await this.retention.findByReference(reference);
    return retention ? this.bundles.bundlesOfExport(retention.exportId) : [];
  }

  private async describe(bundle: BundleEntity): Promise<SupportBundle> {
    const [decision, retention, sessions] = await Promise.all([
      this.bundles.findDecision(bundle.exportId),
      this.retention.find(bundle.exportId),
      this.bundles.checkoutSessions(bundle.id),
    ]);
    return {
      bundleId: bundle.id,
      exportId: bundle.exportId,
      originalFilename: decision?.decidedJob?.facts.originalFilename ?? null,
      createdAt: bundle.createdAt.toISOString(),
      paidAt: iso(bundle.paidAt),
      email: bundle.email,
      amountCents: bundle.amountCents,
      currency: bundle.currency,
      paymentIntentId: bundle.paymentIntentId,
      refundedAt: iso(bundle.refundedAt),
      receivedAt: iso(retention?.receivedAt),
      deleteAfter: iso(retention?.deleteAfter),
      expiredAt: iso(retention?.expiredAt),
      sessions: sessions.map((s) => ({
        id: s.id,
        status: s.status,
        paymentStatus: s.paymentStatus,
        createdAt: s.createdAt.toISOString(),
      })),
    };
  }
}
