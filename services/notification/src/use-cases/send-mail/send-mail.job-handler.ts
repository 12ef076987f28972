import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MAIL_JOB } from '@chatexhibit/proto/subjects';
import { OUTSIDE_SERVER_MAX_DELIVER, WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { SendMailUseCase } from './send-mail.use-case';

/** Takes queued mails off the queue. */
@Injectable()
export class SendMailJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly sendMail: SendMailUseCase,
  ) {}

  onModuleInit(): void {
    this.workQueue.consume(MAIL_JOB, (job) => this.sendMail.execute(job), {
      maxDeliver: OUTSIDE_SERVER_MAX_DELIVER,
    });
  }
}
