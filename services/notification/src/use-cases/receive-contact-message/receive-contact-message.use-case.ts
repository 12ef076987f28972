import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CONTACT_JOB, MAIL_JOB } from '@chatexhibit/proto/subjects';
import { type JobPayload, WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ContactMessageRepository } from '../../contact-messages/contact-message.repository';

/** Stores a contact-form message once, then queues its mail to support and its confirmation to the sender. */
@Injectable()
export class ReceiveContactMessageUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly contactMessages: ContactMessageRepository,
    private readonly workQueue: WorkQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(job: JobPayload<typeof CONTACT_JOB>): Promise<void> {
    const { contactId, receivedAt, name, email, subject, message } = job;
    await this.unitOfWork.once(`contact:${contactId}`, (tx) =>
      this.contactMessages.insert(tx, {
        id: contactId,
        name,
        email,
        subject,
        message,
        receivedAt: new Date(receivedAt),
        mailId: randomUUID(),
        confirmationMailId: randomUUID(),
      }),
    );
    // Read back: a redelivery must queue the mail the first delivery named, which the queue
    // then drops as a duplicate if it was already queued.
    const stored = (await this.contactMessages.find(contactId))!;
    await this.workQueue.enqueue(MAIL_JOB, { kind: 'contact', mailId: stored.mailId, contactId });
    if (stored.confirmationMailId)
      await this.workQueue.enqueue(MAIL_JOB, {
        kind: 'contact-confirmation',
        mailId: stored.confirmationMailId,
        contactId,
      });
    this.logger.info({ contactId, mailId: stored.mailId }, 'contact message stored');
  }
}
