import type Stripe from 'stripe';
import { BUNDLE_PRICE } from '@chatexhibit/proto/constants';

/**
 * What a Checkout Session, as Stripe reports it now, means for its bundle:
 * - `paid`: complete and paid the bundle's price: the bundle is bought;
 * - `awaiting-payment`: complete, but a delayed method (a bank debit) has not settled yet;
 * - `open`: the buyer has not finished; `expired`: they never will;
 * - `wrong-amount`: paid, but not $4.99 in USD: never unlocks anything (an operator looks).
 * The session decides, never the event that named it: events may come late, twice or out of
 * order, but the session is always Stripe's latest word.
 */
export type Settlement = 'paid' | 'awaiting-payment' | 'open' | 'expired' | 'wrong-amount';

export type SessionFacts = Pick<
  Stripe.Checkout.Session,
  'status' | 'payment_status' | 'amount_total' | 'currency'
>;

export function settlementOf(session: SessionFacts): Settlement {
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete') return 'open';
  if (session.payment_status !== 'paid') return 'awaiting-payment';
  return session.amount_total === BUNDLE_PRICE.amountCents && session.currency === BUNDLE_PRICE.currency
    ? 'paid'
    : 'wrong-amount';
}
