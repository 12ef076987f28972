import { LOCAL_STORAGE_KEYS } from '@chatexhibit/proto/constants';

/** SPEC §3 local storage: that checkout started, for which bundle, with which email. */
export interface CheckoutMemo {
  bundleId: string;
  email: string;
}

export function rememberCheckout({ bundleId, email }: CheckoutMemo): void {
  localStorage.setItem(LOCAL_STORAGE_KEYS.checkoutStarted, 'true');
  localStorage.setItem(LOCAL_STORAGE_KEYS.bundleId, bundleId);
  localStorage.setItem(LOCAL_STORAGE_KEYS.email, email);
}

/** The checkout in progress, when the flag is set and a bundle is stored. */
export function startedCheckout(): CheckoutMemo | null {
  if (localStorage.getItem(LOCAL_STORAGE_KEYS.checkoutStarted) !== 'true') return null;
  const bundleId = localStorage.getItem(LOCAL_STORAGE_KEYS.bundleId);
  if (!bundleId) return null;
  return { bundleId, email: localStorage.getItem(LOCAL_STORAGE_KEYS.email) ?? '' };
}

export function forgetCheckout(): void {
  for (const key of Object.values(LOCAL_STORAGE_KEYS)) localStorage.removeItem(key);
}
