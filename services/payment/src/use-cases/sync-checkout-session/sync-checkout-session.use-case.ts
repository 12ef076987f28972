import { Injectable } from '@nestjs/common';
import type { STRIPE_EVENT_JOB } from '@chatexhibit/proto/subjects';
import type { JobPayload } from '@chatexhibit/kit/bus/work-queue';
import { CheckoutSessionSync } from '../../bundles/checkout-session-sync';

/** A verified Stripe event, taken off the queue: its session is synced, once per event. */
@Injectable()
export class SyncCheckoutSessionUseCase {
  constructor(private readonly checkoutSessionSync: CheckoutSessionSync) {}

  async execute({ sessionId, eventId }: JobPayload<typeof STRIPE_EVENT_JOB>): Promise<void> {
    await this.checkoutSessionSync.sync(sessionId, eventId);
  }
}
