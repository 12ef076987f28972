import { LOCAL_STORAGE_KEYS } from '@chatexhibit/proto/constants';
import type { PaymentNeed } from './hooks/use-processing';

/** SPEC §3 local storage: that checkout started, for which bundle, with which email. */
export interface CheckoutMemo {
  bundleId: string;
  email: string;
}

/**
 * What the Payment Required card showed, kept for this tab (beside SPEC's keys) so that a
 * cancelled checkout brings the card back instead of asking for the export again.
 */
const PAYMENT_NEED_KEY = 'chatexhibit.paymentNeed';

/**
 * The email typed for the last checkout, kept for this tab only (not one of SPEC's keys, which a
 * cancelled checkout clears), so that the card after a cancel does not ask for it again.
 */
const CHECKOUT_EMAIL_KEY = 'chatexhibit.checkoutEmail';

/** The email this tab typed for its last checkout, or ''. */
export function rememberedCheckoutEmail(): string {
  return sessionStorage.getItem(CHECKOUT_EMAIL_KEY) ?? '';
}

export function rememberCheckout({ bundleId, email }: CheckoutMemo, payment: PaymentNeed): void {
  localStorage.setItem(LOCAL_STORAGE_KEYS.checkoutStarted, 'true');
  localStorage.setItem(LOCAL_STORAGE_KEYS.bundleId, bundleId);
  localStorage.setItem(LOCAL_STORAGE_KEYS.email, email);
  sessionStorage.setItem(PAYMENT_NEED_KEY, JSON.stringify(payment));
  sessionStorage.setItem(CHECKOUT_EMAIL_KEY, email);
}

/** The checkout in progress, when the flag is set and a bundle is stored. */
export function startedCheckout(): CheckoutMemo | null {
  if (localStorage.getItem(LOCAL_STORAGE_KEYS.checkoutStarted) !== 'true') return null;
  const bundleId = localStorage.getItem(LOCAL_STORAGE_KEYS.bundleId);
  if (!bundleId) return null;
  return { bundleId, email: localStorage.getItem(LOCAL_STORAGE_KEYS.email) ?? '' };
}

/** The payment need of the checkout this tab started, when it is still the stored one. */
export function paymentNeedOfStartedCheckout(): PaymentNeed | null {
  const started = startedCheckout();
  const stored = sessionStorage.getItem(PAYMENT_NEED_KEY);
  if (!started || !stored) return null;
  try {
    const need = JSON.parse(stored) as PaymentNeed;
    return need.bundleId === started.bundleId ? need : null;
  } catch {
    return null;
  }
}

/**
 * A checkout left unpaid (cancelled, or Back from its page): SPEC's keys go, and the email stays
 * for this tab's payment card, also when another tab started the checkout.
 */
export function leaveCheckout(email: string): void {
  forgetCheckout();
  if (email) sessionStorage.setItem(CHECKOUT_EMAIL_KEY, email);
}

export function forgetCheckout(): void {
  for (const key of Object.values(LOCAL_STORAGE_KEYS)) localStorage.removeItem(key);
  sessionStorage.removeItem(PAYMENT_NEED_KEY);
}
