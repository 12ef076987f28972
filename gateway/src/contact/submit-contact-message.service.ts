import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ContactMessage, ContactReceivedResponse } from '@chatexhibit/proto/contact';
import { CONTACT_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { withCorrelationId } from '@chatexhibit/kit/logging/logger';

/**
 * Hands a valid contact message to the notification service through the work queue: once
 * enqueued it is durable, so the sender is answered at once and the mail follows.
 */
@Injectable()
export class SubmitContactMessageService {
  constructor(private readonly workQueue: WorkQueue) {}

  async submit(message: ContactMessage): Promise<ContactReceivedResponse> {
    const contactId = randomUUID();
    // The contact id follows the message through both jobs' log lines.
    await withCorrelationId(contactId, () =>
      this.workQueue.enqueue(CONTACT_JOB, { ...message, contactId, receivedAt: new Date().toISOString() }),
    );
    return { received: true };
  }
}
