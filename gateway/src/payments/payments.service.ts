import { Injectable } from '@nestjs/common';
import type {
  PaymentIntentResponse,
  PaymentStatusResponse,
  RepairResponse,
} from '@chatexhibit/proto/payment';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import {
  PAYMENT_CHECKOUT_REQUEST,
  PAYMENT_REPAIR_REQUEST,
  PAYMENT_STATUS_REQUEST,
} from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { ExportResultsService } from '../results/export-results.service';

/** Checkout, payment status and repair (SPEC §7): the payment service decides, the gateway adds the signed PDF link. */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly storage: ObjectStorage,
    private readonly results: ExportResultsService,
  ) {}

  /** The export a bundle was made for. */
  async exportOf(bundleId: string): Promise<string> {
    return (await this.requestBus.request(PAYMENT_STATUS_REQUEST, { bundleId })).exportId;
  }

  checkout(bundleId: string, userEmail: string): Promise<PaymentIntentResponse> {
    return this.requestBus.request(PAYMENT_CHECKOUT_REQUEST, { bundleId, userEmail }, { timeoutMs: 30_000 });
  }

  /** The status, once `assertOwner` accepts the bundle's export (it throws otherwise). */
  async status(bundleId: string, assertOwner: (exportId: string) => void): Promise<PaymentStatusResponse> {
    const { isPaid, exportId, purchase } = await this.requestBus.request(PAYMENT_STATUS_REQUEST, {
      bundleId,
    });
    assertOwner(exportId);
    if (!isPaid) return { isPaid, pdfUrl: null, chatExportId: null, purchase: null };
    return {
      isPaid,
      pdfUrl: await this.pdfUrlIfStored(exportId),
      chatExportId: exportId,
      purchase: purchase
        ? {
            reference: exportReference(exportId),
            amountCents: purchase.amountCents,
            currency: purchase.currency.toUpperCase(),
            paidAt: purchase.paidAt,
            emailedTo: purchase.email,
            filesKeptUntil: purchase.deleteAfter,
          }
        : null,
    };
  }

  async repair(bundleId: string): Promise<RepairResponse> {
    const repaired = await this.requestBus.request(
      PAYMENT_REPAIR_REQUEST,
      { bundleId },
      { timeoutMs: 60_000 },
    );
    if (!repaired.isPaid) return { success: false, pdfUrl: null, chatExportId: null };
    const pdfUrl = repaired.documentsReady ? await this.pdfUrlIfStored(repaired.exportId) : null;
    return { success: pdfUrl !== null, pdfUrl, chatExportId: repaired.exportId };
  }

  /** A signed link to the transcript once it is in storage; null while it is (re)made. */
  private async pdfUrlIfStored(exportId: string): Promise<string | null> {
    return (await this.storage.size(exportKeys(exportId).transcript)) === null
      ? null
      : this.results.pdfUrl(exportId);
  }
}
