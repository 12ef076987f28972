import { Inject, Injectable } from '@nestjs/common';
import { MAIL_JOB } from '@chatexhibit/proto/subjects';
import { type JobPayload, PermanentJobError } from '@chatexhibit/kit/bus/work-queue';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { MailTransport } from '@chatexhibit/kit/mail/mail-transport';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ContactMessageRepository } from '../../contact-messages/contact-message.repository';
import { NOTIFICATION_SETTINGS, type NotificationSettings } from '../../notification.settings';
import { contactMail } from './contact-mail';

/**
 * Sends one queued mail. A transport failure throws, so the queue retries it with backoff until
 * the server accepts it. A mail already marked sent is not sent again; the one window left is a
 * crash between the server's acceptance and `markSent`, after which the mail goes out twice —
 * a duplicate is better than a lost message.
 */
@Injectable()
export class SendMailUseCase {
  constructor(
    private readonly contactMessages: ContactMessageRepository,
    private readonly mail: MailTransport,
    @Inject(NOTIFICATION_SETTINGS) private readonly settings: NotificationSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(job: JobPayload<typeof MAIL_JOB>): Promise<void> {
    if (job.kind !== 'contact') {
      throw new PermanentJobError(`mail of kind ${job.kind} is not sent yet`);
    }
    const stored = await this.contactMessages.find(job.contactId);
    // Stored before this job was queued, so a missing row is a bug: retry, then dead-letter.
    if (!stored) throw new Error(`contact message ${job.contactId} not found`);
    if (stored.sentAt) {
      this.logger.info({ mailId: job.mailId }, 'mail already sent');
      return;
    }
    const { messageId } = await this.mail.send(contactMail(stored, this.settings.supportEmail));
    await this.contactMessages.markSent(stored.id, new Date());
    this.logger.info({ mailId: job.mailId, contactId: stored.id, messageId }, 'contact mail sent');
  }
}
