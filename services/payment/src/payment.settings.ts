import type { StripeConfig } from '@chatexhibit/kit/config/part-config';

/** What the payment service needs beyond the platform's adapters. */
export interface PaymentSettings {
  /** Where browsers reach the product: Stripe's return URLs and the test checkout page. */
  publicUrl: string;
  /** Stripe's keys; null runs the local test checkout. */
  stripe: StripeConfig | null;
  /** How often exports past their retention date are swept. */
  retentionSweepIntervalMs: number;
  /** SUPPORT_TOKEN, which support's operations must carry; null refuses them all. */
  supportToken: string | null;
}

export const PAYMENT_SETTINGS = 'PAYMENT_SETTINGS';
