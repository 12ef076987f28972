import { Inject, Injectable } from '@nestjs/common';
import { VERIFY_PATH } from '@chatexhibit/proto/evidence-package';
import { exportReference } from '@chatexhibit/proto/export-reference';
import type { MAIL_JOB } from '@chatexhibit/proto/subjects';
import type { JobPayload } from '@chatexhibit/kit/bus/work-queue';
import { SignedLinks } from '@chatexhibit/kit/links/signed-links';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { MailTransport, type MailMessage } from '@chatexhibit/kit/mail/mail-transport';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ExportEraser } from '@chatexhibit/kit/retention/export-expiry';
import { ContactMessageRepository } from '../../contact-messages/contact-message.repository';
import { contactConfirmationMail, contactMail } from '../../mail-templates/contact-mail';
import { downloadLinksMail } from '../../mail-templates/download-links-mail';
import { NOTIFICATION_SETTINGS, type NotificationSettings } from '../../notification.settings';
import { SentMailRepository } from '../../sent-mails/sent-mail.repository';

/**
 * Sends one queued mail. A transport failure throws, so the queue retries it with backoff until
 * the server accepts it. A mail recorded as sent is not sent again; the one window left is a
 * crash between the server's acceptance and the record, after which the mail goes out twice —
 * a duplicate is better than a lost message.
 */
@Injectable()
export class SendMailUseCase {
  private readonly links: SignedLinks;

  constructor(
    private readonly contactMessages: ContactMessageRepository,
    private readonly sentMails: SentMailRepository,
    private readonly mail: MailTransport,
    private readonly eraser: ExportEraser,
    @Inject(NOTIFICATION_SETTINGS) private readonly settings: NotificationSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.links = new SignedLinks(settings.linkSigningSecret);
  }

  async execute(job: JobPayload<typeof MAIL_JOB>): Promise<void> {
    if (await this.sentMails.isSent(job.mailId)) {
      this.logger.info({ mailId: job.mailId }, 'mail already sent');
      return;
    }
    const exportId = job.kind === 'download-links' ? job.exportId : null;
    // An export deleted before its mail went out gets none; one deleted while it went out
    // loses its record and outbox copy again right after.
    if (exportId && (await this.eraser.undoIfErased(exportId))) return;
    const { messageId } = await this.mail.send(await this.compose(job), job.mailId);
    await this.sentMails.markSent({ mailId: job.mailId, kind: job.kind, sentAt: new Date(), exportId });
    if (exportId) await this.eraser.undoIfErased(exportId);
    this.logger.info({ mailId: job.mailId, kind: job.kind, messageId }, 'mail sent');
  }

  private async compose(job: JobPayload<typeof MAIL_JOB>): Promise<MailMessage> {
    switch (job.kind) {
      case 'contact': {
        const stored = await this.contactMessages.find(job.contactId);
        // Stored before this job was queued, so a missing row is a bug: retry, then dead-letter.
        if (!stored) throw new Error(`contact message ${job.contactId} not found`);
        return contactMail(stored, this.settings.supportEmail);
      }
      case 'contact-confirmation': {
        const stored = await this.contactMessages.find(job.contactId);
        if (!stored) throw new Error(`contact message ${job.contactId} not found`);
        return contactConfirmationMail(stored, this.settings.supportEmail);
      }
      case 'download-links': {
        const now = Date.now();
        const paths = this.links.pathsOf(job.exportId);
        const absolute = (path: string) => this.settings.publicUrl + this.links.signForMail(path, now);
        return downloadLinksMail({
          to: job.to,
          exportReference: exportReference(job.exportId),
          transcriptUrl: absolute(paths.transcript),
          evidenceZipUrl: absolute(paths.evidenceZip),
          linksExpireAt: new Date(this.links.expiresAt(now)),
          deleteAfter: new Date(job.deleteAfter),
          supportEmail: this.settings.supportEmail,
          verifyUrl: this.settings.publicUrl + VERIFY_PATH,
          purchased: job.bundleId !== undefined,
        });
      }
    }
  }
}
