import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { exportReference } from '@chatexhibit/proto/export-reference';
import {
  DOCUMENTS_PRESENT_REQUEST,
  type PAYMENT_REPAIR_REQUEST,
  pdfJobFor,
} from '@chatexhibit/proto/subjects';
import { RequestBus, type RequestOf, type ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { BundleRepository } from '../../bundles/bundle.repository';
import { CheckoutSessionSync } from '../../bundles/checkout-session-sync';
import { LiveBundles } from '../../bundles/live-bundles';
import { isUnlocked } from '../../domain/free-tier';

/** Repairs within this window ask for the same regeneration, so clicking again does not pile up work. */
const REGENERATION_WINDOW_MS = 10 * 60 * 1000;

/**
 * POST /api/payment/{bundleId}/repair, for a buyer whose webhook never came or whose documents
 * went missing: every session of the bundle is re-read from Stripe (a paid one marks the bundle
 * bought and queues its mail, as the webhook would have), then a bought bundle's documents are
 * checked and, when one is missing, made again from the job the export was decided on.
 */
@Injectable()
export class RepairPaymentUseCase {
  constructor(
    private readonly bundles: BundleRepository,
    private readonly liveBundles: LiveBundles,
    private readonly checkoutSessionSync: CheckoutSessionSync,
    private readonly requestBus: RequestBus,
    private readonly workQueue: WorkQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({
    bundleId,
  }: RequestOf<typeof PAYMENT_REPAIR_REQUEST>): Promise<ResponseOf<typeof PAYMENT_REPAIR_REQUEST>> {
    let { bundle } = await this.liveBundles.find(bundleId);
    const { exportId } = bundle;
    if (!isUnlocked(bundle)) {
      for (const session of await this.bundles.checkoutSessions(bundleId))
        await this.checkoutSessionSync.sync(session.id);
      ({ bundle } = await this.liveBundles.find(bundleId));
      if (!isUnlocked(bundle)) return { isPaid: false, exportId, documentsReady: false };
    }
    await this.checkoutSessionSync.queuePurchaseMail(bundleId);
    const present = await this.requestBus.request(DOCUMENTS_PRESENT_REQUEST, { exportId });
    const documentsReady = present.transcript && present.filingTranscript && present.evidenceZip;
    if (!documentsReady) {
      const decision = await this.bundles.findDecision(exportId);
      if (!decision?.decidedJob) {
        this.logger.error(
          { exportReference: exportReference(exportId) },
          'documents missing and no job to make them again from',
        );
      } else {
        const regeneration = regenerationId(exportId, Date.now());
        // Only the facts and the lane (a decision taken before counts were asked of parse stored
        // them in its job too), in the lane the export's documents were first made in.
        const { facts, documentsCostMs } = decision.decidedJob;
        await this.workQueue.enqueue(pdfJobFor(decision.decidedJob), {
          exportId,
          facts,
          documentsCostMs,
          regeneration,
        });
        this.logger.warn(
          { exportReference: exportReference(exportId), present, regeneration },
          'documents missing: making them again',
        );
      }
    }
    return { isPaid: true, exportId, documentsReady };
  }
}

/** A UUID (version 4 layout) naming the regeneration of an export's documents in a time window. */
function regenerationId(exportId: string, now: number): string {
  const hex = createHash('sha256')
    .update(`${exportId}:${Math.floor(now / REGENERATION_WINDOW_MS)}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
