import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import { MAIL_JOB, type SUPPORT_RESEND_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { LiveBundles } from '../../../bundles/live-bundles';
import type { SupportOperation } from '../support-token';

/** Support's `resend`: mails a bought bundle's download links again, newly signed (a new mail). */
@Injectable()
export class ResendDownloadLinksUseCase {
  constructor(
    private readonly liveBundles: LiveBundles,
    private readonly workQueue: WorkQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({
    bundleId,
  }: SupportOperation<typeof SUPPORT_RESEND_REQUEST>): Promise<ResponseOf<typeof SUPPORT_RESEND_REQUEST>> {
    const { bundle, retention } = await this.liveBundles.find(bundleId);
    if (!bundle.paidAt || bundle.refundedAt || !bundle.email)
      throw BusError.of(PAYMENT_ERRORS, 'NO_LINKS_TO_SEND');
    const mailId = randomUUID();
    await this.workQueue.enqueue(MAIL_JOB, {
      kind: 'download-links',
      mailId,
      to: bundle.email,
      bundleId,
      exportId: bundle.exportId,
      deleteAfter: retention.deleteAfter.toISOString(),
    });
    this.logger.info(
      { exportReference: exportReference(bundle.exportId), mailId },
      'support queued the download links again',
    );
    return { bundleId, to: bundle.email, mailId };
  }
}
