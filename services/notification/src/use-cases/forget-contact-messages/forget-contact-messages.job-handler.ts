import { Injectable, type OnModuleInit } from '@nestjs/common';
import { FORGET_CONTACT_MESSAGES_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { ForgetContactMessagesUseCase } from './forget-contact-messages.use-case';

/** Takes the retention sweep's contact-message deletions off the queue. */
@Injectable()
export class ForgetContactMessagesJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly forgetContactMessages: ForgetContactMessagesUseCase,
  ) {}

  onModuleInit(): void {
    this.workQueue.consume(FORGET_CONTACT_MESSAGES_JOB, (job) => this.forgetContactMessages.execute(job));
  }
}
