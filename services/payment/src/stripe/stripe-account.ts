import type { OnModuleDestroy } from '@nestjs/common';
import Stripe from 'stripe';
import { testCheckoutPath } from '@chatexhibit/proto/payment';
import { LocalStripe, type LocalStripeStore } from './local-stripe/local-stripe';
import type { PaymentSettings } from '../payment.settings';

/**
 * The Stripe account the payment service works with, through the Stripe SDK either way: Stripe
 * itself (or the Stripe-compatible API at STRIPE_API_URL), or, without keys, a LocalStripe on
 * loopback whose hosted page is the gateway's test checkout.
 */
export class StripeAccount implements OnModuleDestroy {
  private constructor(
    readonly stripe: Stripe,
    readonly webhookSecret: string,
    /** A configured Price; otherwise sessions carry the price inline. */
    readonly priceId: string | undefined,
    /** The local test checkout, when there are no keys. */
    readonly testCheckout: LocalStripe | null,
  ) {}

  static async open(settings: PaymentSettings, localStore: LocalStripeStore): Promise<StripeAccount> {
    const { stripe: config } = settings;
    if (config === null) {
      const local = await LocalStripe.open(localStore, (id) => settings.publicUrl + testCheckoutPath(id));
      const client = stripeClient(local.apiKey, await local.listen());
      return new StripeAccount(client, local.webhookSecret, undefined, local);
    }
    return new StripeAccount(
      stripeClient(config.secretKey, config.apiUrl),
      config.webhookSecret,
      config.priceId,
      null,
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.testCheckout?.close();
  }
}

/** The Stripe SDK for `secretKey`, on Stripe's API or the Stripe-compatible one at `apiUrl`. */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const api = apiUrl === undefined ? null : new URL(apiUrl);
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}
