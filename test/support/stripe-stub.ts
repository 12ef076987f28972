import type Stripe from 'stripe';
import {
  LocalStripe,
  type LocalStripeStore,
  type SignedWebhook,
} from '@chatexhibit/payment/stripe/local-stripe/local-stripe';
import { stripeClient } from '@chatexhibit/payment/stripe/stripe-account';

/** A LocalStripe's store in memory: each stub starts empty. */
export class InMemoryStripeStore implements LocalStripeStore {
  private readonly objects = new Map<string, string>();

  read(id: string): Promise<unknown> {
    const json = this.objects.get(id);
    return Promise.resolve(json === undefined ? null : JSON.parse(json));
  }

  async insert(id: string, value: unknown): Promise<unknown> {
    if (!this.objects.has(id)) this.objects.set(id, JSON.stringify(value));
    return this.read(id);
  }

  write(id: string, value: unknown): Promise<void> {
    this.objects.set(id, JSON.stringify(value));
    return Promise.resolve();
  }
}

/** Where the stub's hosted checkout pages would be: nothing serves them, tests pay through the stub. */
export const STUB_CHECKOUT_PAGE = 'https://checkout.stripe.test/pay/';

export interface StripeStub {
  /** What the app under test is configured with: STRIPE_API_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET. */
  env: Record<'STRIPE_API_URL' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET', string>;
  /** Acts as the buyer and as Stripe: pay, payLater, settle, expire, event. */
  stripe: LocalStripe;
  /** The Stripe SDK on the stub, as the app's own. */
  sdk: Stripe;
  close(): Promise<void>;
}

/** A Stripe-compatible API on loopback for the app under test to reach through the Stripe SDK. */
export async function startStripeStub(): Promise<StripeStub> {
  const stripe = await LocalStripe.open(new InMemoryStripeStore(), (id) => STUB_CHECKOUT_PAGE + id);
  const apiUrl = await stripe.listen();
  return {
    env: {
      STRIPE_API_URL: apiUrl,
      STRIPE_SECRET_KEY: stripe.apiKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    },
    stripe,
    sdk: stripeClient(stripe.apiKey, apiUrl),
    close: () => stripe.close(),
  };
}

/** Posts a webhook to the app as Stripe does: the raw body, its signature header. */
export async function deliverWebhook(baseUrl: string, webhook: SignedWebhook): Promise<Response> {
  return fetch(`${baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': webhook.signature },
    body: webhook.payload,
  });
}
