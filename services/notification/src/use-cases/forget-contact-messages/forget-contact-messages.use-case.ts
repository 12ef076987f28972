import { Inject, Injectable } from '@nestjs/common';
import type { FORGET_CONTACT_MESSAGES_JOB } from '@chatexhibit/proto/subjects';
import { type JobPayload, WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { PlannerStatistics } from '@chatexhibit/kit/database/planner-statistics';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { MailTransport } from '@chatexhibit/kit/mail/mail-transport';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import type { ContactMessageEntity } from '../../contact-messages/contact-message.entity';
import { ContactMessageRepository } from '../../contact-messages/contact-message.repository';
import { SentMailRepository } from '../../sent-mails/sent-mail.repository';

/**
 * Contact messages past their period (CONTACT_MESSAGE_RETENTION_DAYS): the messages, the records
 * of their mails to support, the outbox's copies, and what the queue still holds of them.
 */
/** A contact message's mails: to support, and (for messages stored since it exists) to its sender. */
const mailIdsOf = (message: ContactMessageEntity): string[] =>
  message.confirmationMailId ? [message.mailId, message.confirmationMailId] : [message.mailId];

@Injectable()
export class ForgetContactMessagesUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly statistics: PlannerStatistics,
    private readonly contactMessages: ContactMessageRepository,
    private readonly sentMails: SentMailRepository,
    private readonly mail: MailTransport,
    private readonly workQueue: WorkQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ before }: JobPayload<typeof FORGET_CONTACT_MESSAGES_JOB>): Promise<void> {
    const forgotten = await this.unitOfWork.run(async (tx) => {
      const old = await this.contactMessages.deleteReceivedBefore(tx, new Date(before));
      await this.sentMails.deleteMails(tx, old.flatMap(mailIdsOf));
      return old;
    });
    await this.mail.forget(forgotten.flatMap(mailIdsOf));
    for (const { id } of forgotten) await this.workQueue.forgetPayloads('contactId', id);
    if (forgotten.length > 0) await this.statistics.refresh();
    if (forgotten.length > 0) this.logger.info({ deleted: forgotten.length }, 'old contact messages deleted');
  }
}
