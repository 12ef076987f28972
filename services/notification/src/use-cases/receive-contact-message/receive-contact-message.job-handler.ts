import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CONTACT_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { ReceiveContactMessageUseCase } from './receive-contact-message.use-case';

/** Takes contact-form messages off the queue. */
@Injectable()
export class ReceiveContactMessageJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly receiveContactMessage: ReceiveContactMessageUseCase,
  ) {}

  onModuleInit(): void {
    this.workQueue.consume(CONTACT_JOB, (job) => this.receiveContactMessage.execute(job));
  }
}
