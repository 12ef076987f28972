import { Injectable, type OnModuleInit } from '@nestjs/common';
import { STRIPE_EVENT_JOB } from '@chatexhibit/proto/subjects';
import { OUTSIDE_SERVER_MAX_DELIVER, WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { SyncCheckoutSessionUseCase } from './sync-checkout-session.use-case';

/**
 * Takes verified Stripe events off the queue. Stripe unreachable: the delivery fails and the
 * queue retries with backoff, for about 15 minutes before an operator must look.
 */
@Injectable()
export class SyncCheckoutSessionJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly syncCheckoutSession: SyncCheckoutSessionUseCase,
  ) {}

  onModuleInit(): void {
    this.workQueue.consume(STRIPE_EVENT_JOB, (job) => this.syncCheckoutSession.execute(job), {
      maxDeliver: OUTSIDE_SERVER_MAX_DELIVER,
    });
  }
}
