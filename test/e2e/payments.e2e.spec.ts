import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import Stripe from 'stripe';
import { RETENTION_DAYS } from '@chatexhibit/proto/constants';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { PAYMENT_MESSAGES } from '@chatexhibit/proto/payment';
import type { SignedWebhook } from '@chatexhibit/payment/stripe/local-stripe/local-stripe';
import { cleanUpAll } from '../support/clean-up';
import { downloadAndVerifyEvidence } from '../support/evidence-package';
import { eventually } from '../support/eventually';
import {
  createPaymentIntent,
  linksInMail,
  openSignedLink,
  mailsTo,
  paymentStatus,
  repairPayment,
  uploadOverLimitExport,
} from '../support/payment-client';
import { fetchPdf } from '../support/pipeline-client';
import { startSmtpSink } from '../support/smtp-sink';
import { useStandalone } from '../support/standalone';
import { deliverWebhook, type StripeStub, startStripeStub, STUB_CHECKOUT_PAGE } from '../support/stripe-stub';

/**
 * Buying an export as `npm start` runs with Stripe keys: the app reaches a Stripe-compatible
 * API on loopback through the Stripe SDK, the test plays the buyer and Stripe (SDK-signed
 * webhooks), and the mails go to an SMTP server.
 */
describe('payments with Stripe', () => {
  const env: Record<string, string> = {};
  let stub: StripeStub;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let workDir: string;
  beforeAll(async () => {
    stub = await startStripeStub();
    sink = await startSmtpSink();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-payments-'));
    Object.assign(env, stub.env, { SMTP_URL: sink.url });
  });
  const standalone = useStandalone(env);
  afterAll(() =>
    cleanUpAll(
      () => stub?.close(),
      () => sink?.close(),
      () => workDir && rm(workDir, { recursive: true, force: true }),
    ),
  );

  let database: Client;
  beforeAll(async () => {
    database = new Client({ connectionString: standalone.databaseUrl });
    database.on('error', () => undefined);
    await database.connect();
  });
  afterAll(() => database?.end());

  /** Waits until the payment service has handled each webhook's event (its inbox row committed). */
  const handled = (...webhooks: SignedWebhook[]) => {
    const keys = webhooks.map((w) => `stripe-event:${(JSON.parse(w.payload) as { id: string }).id}`);
    return eventually(
      async () => {
        const { rows } = await database.query('SELECT key FROM payment.inbox WHERE key = ANY($1)', [keys]);
        return rows.length === keys.length;
      },
      15_000,
      'the events are handled',
    );
  };

  const sessionOf = async (checkoutUrl: string) =>
    stub.sdk.checkout.sessions.retrieve(checkoutUrl.slice(STUB_CHECKOUT_PAGE.length));

  /** An over-limit export with a checkout session for `email`. */
  async function exportInCheckout(email: string) {
    const exported = await uploadOverLimitExport(standalone.baseUrl, workDir);
    const intent = await createPaymentIntent(standalone.baseUrl, exported.bundleId, email);
    expect(intent.status).toBe(200);
    return { ...exported, session: await sessionOf(intent.body.checkoutUrl!) };
  }

  it('sells an over-limit export: a verified webhook unlocks every artifact, and the buyer gets one mail with two working links', async () => {
    const { exportId, bundleId } = await uploadOverLimitExport(standalone.baseUrl, workDir);
    const base = standalone.baseUrl;

    // Before payment: nothing of the export, on any route.
    expect(await paymentStatus(base, bundleId)).toEqual({
      status: 200,
      body: { isPaid: false, pdfUrl: null, chatExportId: null, purchase: null },
    });
    const artifacts = [
      `/api/whatsapp/chat/${exportId}`,
      `/api/whatsapp/evidence-zip/${exportId}`,
      `/api/files/${exportId}/transcript.pdf`,
      `/api/files/${exportId}/evidence.zip`,
      `/api/files/${exportId}/audio/00000001-AUDIO-2023-06-07-08-15-15.opus`,
    ];
    for (const artifact of artifacts) expect([403, 404]).toContain((await fetch(base + artifact)).status);

    const intent = await createPaymentIntent(base, bundleId, 'buyer@example.org');
    expect(intent.status).toBe(200);
    expect(intent.body.checkoutUrl).toMatch(new RegExp(`^${STUB_CHECKOUT_PAGE}cs_test_`));
    const session = await sessionOf(intent.body.checkoutUrl!);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 499,
      currency: 'usd',
      customer_email: 'buyer@example.org',
      client_reference_id: bundleId,
      metadata: { bundleId, exportId },
      success_url: `http://localhost:${standalone.port}/?success=true&bundleId=${bundleId}`,
      cancel_url: `http://localhost:${standalone.port}/?cancelled=true`,
    });
    // Asking again while the session is open offers the same session.
    expect((await createPaymentIntent(base, bundleId, 'buyer@example.org')).body).toEqual(intent.body);

    // The buyer pays on Stripe's page; Stripe signs the completed event.
    const completed = await stub.stripe.pay(session.id);

    // Forged, altered and stale events are refused and change nothing.
    const forged = {
      payload: completed.payload,
      signature: Stripe.webhooks.generateTestHeaderString({
        payload: completed.payload,
        secret: 'whsec_forged',
      }),
    };
    const altered = {
      payload: completed.payload.replace('"livemode":false', '"livemode":true'),
      signature: completed.signature,
    };
    const stale = {
      payload: completed.payload,
      signature: Stripe.webhooks.generateTestHeaderString({
        payload: completed.payload,
        secret: stub.env.STRIPE_WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    };
    for (const bad of [forged, altered, stale]) {
      const response = await deliverWebhook(base, bad);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: PAYMENT_MESSAGES.webhookSignature });
    }
    const unsigned = await fetch(`${base}/api/webhooks/stripe`, { method: 'POST', body: completed.payload });
    expect(unsigned.status).toBe(400);
    // Refused before anything was queued, so nothing can change later.
    expect((await paymentStatus(base, bundleId)).body.isPaid).toBe(false);

    // The real event: the bundle is paid, its PDF linked.
    expect((await deliverWebhook(base, completed)).status).toBe(200);
    await eventually(
      async () => (await paymentStatus(base, bundleId)).body.isPaid,
      15_000,
      'the bundle is paid',
    );
    const paid = (await paymentStatus(base, bundleId)).body;
    expect(paid).toMatchObject({ isPaid: true, chatExportId: exportId });
    // The link names the export by a sealed token, not by its id, and carries no signature.
    expect(paid.pdfUrl).toMatch(/^\/api\/files\/[\w-]{59}\/transcript\.pdf$/);
    expect(paid.pdfUrl).not.toContain(exportId);
    // The receipt the page shows: the export by its reference, the amount, when it was paid, where
    // the links went and until when the files are kept (90 days), and nothing that opens anything.
    expect(paid.purchase).toEqual({
      reference: exportReference(exportId),
      amountCents: 499,
      currency: 'USD',
      paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      emailedTo: 'buyer@example.org',
      filesKeptUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const { paidAt, filesKeptUntil } = paid.purchase!;
    expect(Date.parse(filesKeptUntil) - Date.parse(paidAt)).toBe(RETENTION_DAYS * 24 * 60 * 60 * 1000);
    expect(Math.abs(Date.now() - Date.parse(paidAt))).toBeLessThan(10 * 60 * 1000);
    expect(JSON.stringify(paid.purchase)).not.toContain(exportId);
    expect(JSON.stringify(paid.purchase)).not.toContain(bundleId);

    // The same event again, a late event for the session, one out of order, one of another type.
    expect((await deliverWebhook(base, completed)).status).toBe(200);
    const late = await stub.stripe.event('checkout.session.async_payment_succeeded', session);
    const outOfOrder = await stub.stripe.event('checkout.session.expired', { ...session, status: 'expired' });
    const unrelated = await stub.stripe.event('customer.created', { id: 'cus_1', object: 'customer' });
    for (const webhook of [late, outOfOrder, unrelated])
      expect((await deliverWebhook(base, webhook)).status).toBe(200);
    await eventually(
      () => mailsTo(sink.messages, 'buyer@example.org').length > 0,
      15_000,
      'the mail is sent',
    );
    await handled(late, outOfOrder);
    expect((await paymentStatus(base, bundleId)).body.isPaid).toBe(true);
    // Its own session seen again is no second payment: nothing for an operator to refund.
    expect(standalone.app.lines.filter((line) => line.includes('a second session paid'))).toEqual([]);
    const mails = mailsTo(sink.messages, 'buyer@example.org');
    expect(mails).toHaveLength(1);

    // The mail's two links work, on the public URL.
    const links = linksInMail(mails[0]!).filter((link) => link.includes('/api/files/'));
    expect(
      links.map((link) => new URL(link).pathname.replace(/^\/api\/files\/[\w-]{59}\//, '')).sort(),
    ).toEqual(['evidence.zip', 'transcript.pdf']);
    for (const link of links) {
      expect(link.startsWith(`http://localhost:${standalone.port}/`)).toBe(true);
      const response = await openSignedLink(link.replace('localhost', '127.0.0.1'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(
        link.includes('.pdf#') ? 'application/pdf' : 'application/zip',
      );
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }

    // Paid: every artifact route answers, the package verifies, and checkout is closed.
    expect((await fetch(`${base}/api/whatsapp/chat/${exportId}`)).status).toBe(200);
    await downloadAndVerifyEvidence(base, exportId, await mkdtemp(path.join(workDir, 'evidence-')));
    const again = await createPaymentIntent(base, bundleId, 'buyer@example.org');
    expect(again).toEqual({
      status: 409,
      body: { code: 'CONFLICT', reason: 'ALREADY_PAID', message: PAYMENT_MESSAGES.alreadyPaid },
    });
  }, 120_000);

  it('repairs a payment whose webhook never came: the session is re-read from Stripe and the links are mailed', async () => {
    const { bundleId, exportId, session } = await exportInCheckout('lost@example.org');
    // Paid at Stripe, and no webhook comes.
    await stub.stripe.pay(session.id);
    expect((await paymentStatus(standalone.baseUrl, bundleId)).body.isPaid).toBe(false);

    const repaired = await repairPayment(standalone.baseUrl, bundleId);
    expect(repaired.status).toBe(200);
    expect(repaired.body).toMatchObject({ success: true, chatExportId: exportId });
    expect(repaired.body.pdfUrl).toMatch(/^\/api\/files\/.+\/transcript\.pdf$/);
    expect((await paymentStatus(standalone.baseUrl, bundleId)).body.isPaid).toBe(true);
    await eventually(
      () => mailsTo(sink.messages, 'lost@example.org').length === 1,
      15_000,
      'the mail is sent',
    );
  }, 90_000);

  it('makes missing documents of a paid export again when asked to repair', async () => {
    const { bundleId, exportId, session } = await exportInCheckout('missing@example.org');
    await deliverWebhook(standalone.baseUrl, await stub.stripe.pay(session.id));
    await eventually(
      async () => (await paymentStatus(standalone.baseUrl, bundleId)).body.isPaid,
      15_000,
      'paid',
    );

    await rm(path.join(standalone.dataDir, 'objects', 'exports', exportId, 'transcript.pdf'));
    expect((await paymentStatus(standalone.baseUrl, bundleId)).body).toMatchObject({
      isPaid: true,
      pdfUrl: null,
    });
    const first = await repairPayment(standalone.baseUrl, bundleId);
    expect(first.body).toEqual({ success: false, pdfUrl: null, chatExportId: exportId });
    await eventually(
      async () => (await repairPayment(standalone.baseUrl, bundleId)).body.success,
      30_000,
      'the documents are made again',
    );
    const { pdfUrl } = (await paymentStatus(standalone.baseUrl, bundleId)).body;
    await fetchPdf(standalone.baseUrl + pdfUrl!);
  }, 90_000);

  it('unlocks a delayed payment only when it succeeds, never when it fails or the session expires', async () => {
    const base = standalone.baseUrl;
    const succeeding = await exportInCheckout('later@example.org');
    const pending = await stub.stripe.payLater(succeeding.session.id);
    expect((await deliverWebhook(base, pending)).status).toBe(200);
    const failing = await exportInCheckout('failing@example.org');
    const failingEvents = [
      await stub.stripe.payLater(failing.session.id),
      await stub.stripe.settle(failing.session.id, 'failed'),
    ];
    for (const webhook of failingEvents) await deliverWebhook(base, webhook);
    const expiring = await exportInCheckout('expiring@example.org');
    const expired = await stub.stripe.expire(expiring.session.id);
    await deliverWebhook(base, expired);
    await handled(pending, ...failingEvents, expired);
    for (const { bundleId } of [succeeding, failing, expiring])
      expect((await paymentStatus(base, bundleId)).body.isPaid).toBe(false);

    await deliverWebhook(base, await stub.stripe.settle(succeeding.session.id, 'succeeded'));
    await eventually(
      async () => (await paymentStatus(base, succeeding.bundleId)).body.isPaid,
      15_000,
      'paid',
    );

    // An expired session is not offered again: checkout makes a new one.
    const retry = await createPaymentIntent(base, expiring.bundleId, 'expiring@example.org');
    expect(retry.status).toBe(200);
    expect((await sessionOf(retry.body.checkoutUrl!)).id).not.toBe(expiring.session.id);
  }, 120_000);

  it("answers SPEC §5's sentences for a missing bundle or email, and has no test checkout page", async () => {
    const base = standalone.baseUrl;
    const nobody = '0b7c6f2e-1d3a-4e5f-8a9b-0c1d2e3f4a5b';
    expect(await createPaymentIntent(base, nobody, 'a@example.org')).toMatchObject({
      status: 404,
      body: { message: 'No payment bundle found' },
    });
    expect(await createPaymentIntent(base, 'not-an-id', 'a@example.org')).toMatchObject({
      status: 404,
      body: { message: 'No payment bundle found' },
    });
    expect(await createPaymentIntent(base, nobody, '')).toMatchObject({
      status: 400,
      body: { message: 'Email is required' },
    });
    expect(await createPaymentIntent(base, nobody, 'a@b')).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address' },
    });
    expect((await paymentStatus(base, nobody)).status).toBe(404);
    expect((await repairPayment(base, nobody)).status).toBe(404);
    expect((await fetch(`${base}/api/test-checkout/cs_test_anything`)).status).toBe(404);
  });
});
