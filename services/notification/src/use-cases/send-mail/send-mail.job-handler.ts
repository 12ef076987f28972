import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MAIL_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { SendMailUseCase } from './send-mail.use-case';

/**
 * Deliveries of a mail before it is dead-lettered: with the backoff capped at 60 s, 20 tries
 * keep retrying for about 15 minutes, long enough to ride out an SMTP server's restart.
 */
export const MAIL_MAX_DELIVER = 20;

/** Takes queued mails off the queue. */
@Injectable()
export class SendMailJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly sendMail: SendMailUseCase,
  ) {}

  onModuleInit(): void {
    this.workQueue.consume(MAIL_JOB, (job) => this.sendMail.execute(job), { maxDeliver: MAIL_MAX_DELIVER });
  }
}
