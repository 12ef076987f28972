import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * Where a LocalStripe keeps its objects (sessions, payment intents, refunds, idempotency keys,
 * its webhook secret), as JSON by id. The payment service keeps them in its database, so test
 * checkouts survive a restart and every replica sees the same ones.
 */
export interface LocalStripeStore {
  read(id: string): Promise<unknown>;
  /** Writes `value` unless `id` exists; answers the value stored under `id` either way. */
  insert(id: string, value: unknown): Promise<unknown>;
  write(id: string, value: unknown): Promise<void>;
}

/** A webhook as Stripe posts it: the JSON body and its Stripe-Signature header. */
export interface SignedWebhook {
  payload: string;
  signature: string;
}

type Session = Stripe.Checkout.Session;
type PaymentIntent = Stripe.PaymentIntent;

/** How long a session stays open, as Stripe's default: 24 hours. */
const SESSION_LIFETIME_S = 24 * 60 * 60;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const newId = (prefix: string): string => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * The part of Stripe's API that ChatExhibit uses, served on loopback for the Stripe SDK (its
 * host/port options): Checkout Sessions (create, retrieve with `expand[]=payment_intent`,
 * expire), PaymentIntents (retrieve) and Refunds (create), answering in Stripe's shapes and
 * error format, with idempotency keys. It stands in for Stripe when no keys are configured
 * (the test checkout page) and in tests; `pay`, `settle` and `expire` do what a buyer or Stripe
 * would, and answer the webhook Stripe would send, signed with this instance's secret.
 */
export class LocalStripe {
  private server: http.Server | null = null;

  private constructor(
    private readonly store: LocalStripeStore,
    /** The API key the SDK must present. */
    readonly apiKey: string,
    /** The webhook signing secret its events are signed with. */
    readonly webhookSecret: string,
    /** Where the hosted checkout page of a session lives: `checkoutPageUrl(sessionId)`. */
    private readonly checkoutPageUrl: (sessionId: string) => string,
  ) {}

  /** Opens on `store`; the API key and webhook secret are made once and kept in it. */
  static async open(
    store: LocalStripeStore,
    checkoutPageUrl: (sessionId: string) => string,
  ): Promise<LocalStripe> {
    const keys = (await store.insert('keys', {
      apiKey: `sk_test_local_${randomBytes(16).toString('hex')}`,
      webhookSecret: `whsec_local_${randomBytes(24).toString('hex')}`,
    })) as { apiKey: string; webhookSecret: string };
    return new LocalStripe(store, keys.apiKey, keys.webhookSecret, checkoutPageUrl);
  }

  /**
   * Serves the API on 127.0.0.1 (any free port) and answers its base URL, the one a Stripe SDK
   * reaches it at through its `host`, `port` and `protocol` options.
   */
  async listen(): Promise<string> {
    const server = http.createServer((request, response) => void this.serve(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The buyer pays by card: the session completes, paid; Stripe sends checkout.session.completed. */
  async pay(sessionId: string): Promise<SignedWebhook> {
    return this.complete(sessionId, 'succeeded');
  }

  /**
   * The buyer chooses a delayed method (a bank debit): the session completes unpaid; Stripe
   * sends checkout.session.completed, and later `settle`'s event.
   */
  async payLater(sessionId: string): Promise<SignedWebhook> {
    return this.complete(sessionId, 'processing');
  }

  /** A delayed payment succeeds or fails: async_payment_succeeded or async_payment_failed. */
  async settle(sessionId: string, outcome: 'succeeded' | 'failed'): Promise<SignedWebhook> {
    const session = await this.session(sessionId);
    const intent = await this.paymentIntent(session.payment_intent as string);
    if (session.status !== 'complete' || intent.status !== 'processing')
      throw new Error('the session has no payment waiting to settle');
    intent.status = outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method';
    await this.store.write(intent.id, intent);
    if (outcome === 'succeeded') {
      session.payment_status = 'paid';
      await this.store.write(session.id, session);
    }
    return this.event(`checkout.session.async_payment_${outcome}`, session);
  }

  /** The session's time runs out (or it is expired through the API): checkout.session.expired. */
  async expire(sessionId: string): Promise<SignedWebhook> {
    const session = await this.session(sessionId);
    if (session.status !== 'open') throw new Error(`the session is ${session.status}, not open`);
    session.status = 'expired';
    await this.store.write(session.id, session);
    return this.event('checkout.session.expired', session);
  }

  /** An event about `object`, signed as Stripe signs it (the SDK's own test signer). */
  async event(type: string, object: unknown): Promise<SignedWebhook> {
    const payload = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    return { payload, signature };
  }

  private async complete(
    sessionId: string,
    intentStatus: 'succeeded' | 'processing',
  ): Promise<SignedWebhook> {
    const session = await this.session(sessionId);
    if (session.status !== 'open') throw new Error(`the session is ${session.status}, not open`);
    const intent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: intentStatus === 'succeeded' ? session.amount_total : 0,
      currency: session.currency,
      status: intentStatus,
      created: nowSeconds(),
      livemode: false,
      metadata: session.metadata,
    } as unknown as PaymentIntent;
    await this.store.write(intent.id, intent);
    Object.assign(session, {
      status: 'complete',
      payment_status: intentStatus === 'succeeded' ? 'paid' : 'unpaid',
      payment_intent: intent.id,
      customer_details: { email: session.customer_email },
    });
    await this.store.write(session.id, session);
    return this.event('checkout.session.completed', session);
  }

  private async serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    let status = 200;
    let body: unknown;
    try {
      const raw = await readBody(request);
      this.authenticate(request.headers.authorization);
      const url = new URL(request.url ?? '/', 'http://localhost');
      const params = qs.parse(request.method === 'GET' ? url.search.slice(1) : raw, { depth: 5 });
      body = await this.route(request.method ?? 'GET', url.pathname, params, idempotencyKey(request));
    } catch (error) {
      const apiError =
        error instanceof StripeApiError ? error : new StripeApiError(500, 'An unexpected error occurred.');
      status = apiError.status;
      body = {
        error: {
          type:
            status === 401 ? 'authentication_error' : status >= 500 ? 'api_error' : 'invalid_request_error',
          message: apiError.message,
          ...(apiError.param !== undefined && { param: apiError.param }),
        },
      };
    }
    response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
    response.end(JSON.stringify(body));
  }

  private authenticate(authorization: string | undefined): void {
    const presented = Buffer.from(authorization?.replace(/^Bearer /, '') ?? '');
    const expected = Buffer.from(this.apiKey);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
      throw new StripeApiError(401, 'Invalid API Key provided.');
  }

  private async route(method: string, pathname: string, params: qs.ParsedQs, key: string | null) {
    const parts = pathname.split('/').filter(Boolean);
    if (method === 'POST' && pathname === '/v1/checkout/sessions')
      return this.idempotent(key, () => this.createSession(params));
    if (method === 'GET' && parts.length === 4 && pathname.startsWith('/v1/checkout/sessions/')) {
      const session = await this.session(parts[3]!);
      const expand = ([] as unknown[]).concat(params.expand ?? []);
      if (expand.includes('payment_intent') && typeof session.payment_intent === 'string')
        session.payment_intent = await this.paymentIntent(session.payment_intent);
      return session;
    }
    if (method === 'POST' && parts.length === 5 && parts[4] === 'expire' && parts[1] === 'checkout') {
      const session = await this.session(parts[3]!);
      if (session.status !== 'open')
        throw new StripeApiError(400, `Only Checkout Sessions with a status of open can be expired.`);
      session.status = 'expired';
      await this.store.write(session.id, session);
      return session;
    }
    if (method === 'GET' && parts.length === 3 && parts[1] === 'payment_intents')
      return this.paymentIntent(parts[2]!);
    if (method === 'POST' && pathname === '/v1/refunds')
      return this.idempotent(key, () => this.createRefund(params));
    throw new StripeApiError(404, `Unrecognized request URL (${method}: ${pathname}).`);
  }

  /** Stripe's idempotency: the same key answers the first request's object again. */
  private async idempotent(key: string | null, create: () => Promise<{ id: string }>): Promise<unknown> {
    if (key === null) return create();
    const earlier = (await this.store.read(`idempotency:${key}`)) as { id: string } | null;
    if (earlier) return this.store.read(earlier.id);
    const created = await create();
    const winner = (await this.store.insert(`idempotency:${key}`, { id: created.id })) as { id: string };
    return this.store.read(winner.id);
  }

  private async createSession(params: qs.ParsedQs): Promise<Session> {
    if (params.mode !== 'payment')
      throw new StripeApiError(400, 'Only mode=payment is supported here.', 'mode');
    for (const name of ['success_url', 'cancel_url'])
      if (typeof params[name] !== 'string')
        throw new StripeApiError(400, `Missing required param: ${name}.`, name);
    const items = params.line_items;
    const item = Array.isArray(items) ? (items[0] as qs.ParsedQs | undefined) : undefined;
    const priceData = item?.price_data as qs.ParsedQs | undefined;
    if (item?.price !== undefined)
      throw new StripeApiError(400, `No such price: '${String(item.price)}'`, 'line_items[0][price]');
    const amount = Number(priceData?.unit_amount);
    const quantity = Number(item?.quantity ?? 1);
    if (!priceData || !Number.isInteger(amount) || amount <= 0 || typeof priceData.currency !== 'string')
      throw new StripeApiError(400, 'Missing required param: line_items[0][price_data].', 'line_items');
    const id = newId('cs_test');
    const created = nowSeconds();
    const session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount * quantity,
      amount_total: amount * quantity,
      currency: priceData.currency,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      customer_details: null,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      url: this.checkoutPageUrl(id),
      payment_intent: null,
      created,
      expires_at: created + SESSION_LIFETIME_S,
      livemode: false,
    } as unknown as Session;
    await this.store.write(id, session);
    return session;
  }

  private async createRefund(params: qs.ParsedQs): Promise<{ id: string }> {
    if (typeof params.payment_intent !== 'string')
      throw new StripeApiError(400, 'Missing required param: payment_intent.', 'payment_intent');
    const intent = await this.paymentIntent(params.payment_intent);
    if (intent.status !== 'succeeded')
      throw new StripeApiError(
        400,
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      );
    const refunded = (await this.store.read(`refunded:${intent.id}`)) as { id: string } | null;
    if (refunded) throw new StripeApiError(400, `Charge for ${intent.id} has already been refunded.`);
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      created: nowSeconds(),
    };
    await this.store.write(refund.id, refund);
    await this.store.write(`refunded:${intent.id}`, { id: refund.id });
    return refund;
  }

  /** A stored session, or Stripe's 404. */
  private async session(id: string): Promise<Session> {
    const session = (await this.store.read(id)) as Session | null;
    if (!session || !id.startsWith('cs_'))
      throw new StripeApiError(404, `No such checkout.session: '${id}'`, 'session');
    // Open sessions past their time are expired, as Stripe expires them.
    if (session.status === 'open' && session.expires_at < nowSeconds()) session.status = 'expired';
    return session;
  }

  private async paymentIntent(id: string): Promise<PaymentIntent> {
    const intent = (await this.store.read(id)) as PaymentIntent | null;
    if (!intent || !id.startsWith('pi_'))
      throw new StripeApiError(404, `No such payment_intent: '${id}'`, 'intent');
    return intent;
  }
}

const idempotencyKey = (request: http.IncomingMessage): string | null => {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : null;
};

/** The request's body, at most 100 KB (Stripe API parameters are small). */
async function readBody(request: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > 100_000) throw new StripeApiError(400, 'The request is too large.');
  }
  return body;
}
