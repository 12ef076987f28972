import Stripe from 'stripe';
import { BUNDLE_PRICE } from '@chatexhibit/proto/constants';
import { settlementOf } from '../src/domain/checkout-settlement';
import { type StripeStub, startStripeStub, STUB_CHECKOUT_PAGE } from '../../../test/support/stripe-stub';

/** The session ChatExhibit asks for, as the create-checkout use case sends it. */
const sessionParams = (email = 'buyer@example.org'): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    {
      quantity: 1,
      price_data: {
        currency: BUNDLE_PRICE.currency,
        unit_amount: BUNDLE_PRICE.amountCents,
        product_data: { name: 'ChatExhibit export bundle' },
      },
    },
  ],
  customer_email: email,
  metadata: { bundleId: 'b-1' },
  success_url: 'http://localhost:3000/?success=true&bundleId=b-1',
  cancel_url: 'http://localhost:3000/?cancelled=true',
});

describe('LocalStripe through the Stripe SDK', () => {
  let stub: StripeStub;
  beforeEach(async () => {
    stub = await startStripeStub();
  });
  afterEach(() => stub.close());

  it('creates an open, unpaid session with its hosted page, and answers it again for the same idempotency key', async () => {
    const first = await stub.sdk.checkout.sessions.create(sessionParams(), { idempotencyKey: 'k-1' });
    expect(first).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 499,
      currency: 'usd',
      customer_email: 'buyer@example.org',
      metadata: { bundleId: 'b-1' },
      url: STUB_CHECKOUT_PAGE + first.id,
    });
    expect((await stub.sdk.checkout.sessions.create(sessionParams(), { idempotencyKey: 'k-1' })).id).toBe(
      first.id,
    );
    expect((await stub.sdk.checkout.sessions.create(sessionParams(), { idempotencyKey: 'k-2' })).id).not.toBe(
      first.id,
    );
  });

  it("refuses a wrong API key and answers an unknown session with Stripe's errors", async () => {
    const stranger = new Stripe('sk_test_not_the_key', {
      host: '127.0.0.1',
      port: Number(new URL(stub.env.STRIPE_API_URL).port),
      protocol: 'http',
    });
    await expect(stranger.checkout.sessions.create(sessionParams())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(stub.sdk.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
    });
    await expect(
      stub.sdk.checkout.sessions.create({ ...sessionParams(), success_url: undefined }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'success_url' });
  });

  it('pays a session: the completed event verifies with the SDK, and the session reads paid', async () => {
    const session = await stub.sdk.checkout.sessions.create(sessionParams());
    const webhook = await stub.stripe.pay(session.id);
    const event = stub.sdk.webhooks.constructEvent(
      webhook.payload,
      webhook.signature,
      stub.env.STRIPE_WEBHOOK_SECRET,
    );
    expect(event.type).toBe('checkout.session.completed');
    expect((event.data.object as Stripe.Checkout.Session).id).toBe(session.id);
    expect(() =>
      stub.sdk.webhooks.constructEvent(webhook.payload, webhook.signature, 'whsec_other'),
    ).toThrow();

    const paid = await stub.sdk.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect((paid.payment_intent as Stripe.PaymentIntent).status).toBe('succeeded');
    expect(settlementOf(paid)).toBe('paid');
    await expect(stub.stripe.pay(session.id)).rejects.toThrow(/not open/);
  });

  it('settles a delayed payment later, either way', async () => {
    const later = await stub.sdk.checkout.sessions.create(sessionParams());
    await stub.stripe.payLater(later.id);
    expect(settlementOf(await stub.sdk.checkout.sessions.retrieve(later.id))).toBe('awaiting-payment');
    const failed = await stub.stripe.settle(later.id, 'failed');
    expect(JSON.parse(failed.payload)).toMatchObject({ type: 'checkout.session.async_payment_failed' });
    expect(settlementOf(await stub.sdk.checkout.sessions.retrieve(later.id))).toBe('awaiting-payment');

    const other = await stub.sdk.checkout.sessions.create(sessionParams());
    await stub.stripe.payLater(other.id);
    await stub.stripe.settle(other.id, 'succeeded');
    expect(settlementOf(await stub.sdk.checkout.sessions.retrieve(other.id))).toBe('paid');
  });

  it('expires an open session through the API, and refunds a paid one once', async () => {
    const open = await stub.sdk.checkout.sessions.create(sessionParams());
    expect((await stub.sdk.checkout.sessions.expire(open.id)).status).toBe('expired');
    expect(settlementOf(await stub.sdk.checkout.sessions.retrieve(open.id))).toBe('expired');
    await expect(stub.sdk.checkout.sessions.expire(open.id)).rejects.toMatchObject({ statusCode: 400 });

    const session = await stub.sdk.checkout.sessions.create(sessionParams());
    await stub.stripe.pay(session.id);
    const intent = (await stub.sdk.checkout.sessions.retrieve(session.id)).payment_intent as string;
    expect(await stub.sdk.refunds.create({ payment_intent: intent })).toMatchObject({
      status: 'succeeded',
      amount: 499,
    });
    await expect(stub.sdk.refunds.create({ payment_intent: intent })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('what a session means for its bundle', () => {
  const paid = { status: 'complete', payment_status: 'paid', amount_total: 499, currency: 'usd' } as const;

  it.each([
    [{ ...paid }, 'paid'],
    [{ ...paid, payment_status: 'unpaid' }, 'awaiting-payment'],
    [{ ...paid, status: 'open', payment_status: 'unpaid' }, 'open'],
    [{ ...paid, status: 'expired', payment_status: 'unpaid' }, 'expired'],
    [{ ...paid, amount_total: 1 }, 'wrong-amount'],
    [{ ...paid, currency: 'eur' }, 'wrong-amount'],
  ] as const)('%j is %s', (session, settlement) => {
    expect(settlementOf(session)).toBe(settlement);
  });
});
