import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PAYMENT_MESSAGES } from '@chatexhibit/proto/payment';
import { TEST_CHECKOUT_TEXT } from '@chatexhibit/gateway/payments/test-checkout-page';
import { TEST_CHECKOUT_OPEN_WARNING } from '../../standalone/src/standalone-config';
import { runToEnd } from '../support/child-process';
import { eventually } from '../support/eventually';
import {
  createPaymentIntent,
  linksInMail,
  openSignedLink,
  outboxMailTo,
  paymentStatus,
  uploadOverLimitExport,
} from '../support/payment-client';
import { useStandalone } from '../support/standalone';

/** A form post as the browser sends it from the test checkout page, redirects not followed. */
const press = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

/**
 * `npm start` without Stripe keys: checkout is the local test checkout page, which delivers a
 * signed webhook through the same endpoint Stripe's take, and the buyer's mail lands in the
 * data folder's outbox.
 */
describe('the local test checkout', () => {
  const standalone = useStandalone();
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-test-checkout-'));
  });
  afterAll(() => workDir && rm(workDir, { recursive: true, force: true }));

  it('lets a person pay for an over-limit export, land on /?success=true, download both documents and find the mail in the outbox', async () => {
    const base = standalone.baseUrl;
    const { exportId, bundleId } = await uploadOverLimitExport(base, workDir);
    const intent = await createPaymentIntent(base, bundleId, 'person@example.org');
    expect(intent.status).toBe(200);
    const checkoutUrl = intent.body.checkoutUrl!;
    expect(checkoutUrl).toMatch(
      new RegExp(`^http://localhost:${standalone.port}/api/test-checkout/cs_test_`),
    );
    const page = checkoutUrl.replace('localhost', '127.0.0.1');

    const html = await (await fetch(page)).text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('Pay $4.99 (test mode)');
    expect(html).toContain('>Cancel<');
    expect(html).toContain('person@example.org');

    // Cancel goes back as Stripe's back link does, and changes nothing.
    const cancelled = await press(`${page}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`http://localhost:${standalone.port}/?cancelled=true`);
    expect((await paymentStatus(base, bundleId)).body.isPaid).toBe(false);

    const paid = await press(`${page}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:${standalone.port}/?success=true&bundleId=${bundleId}`,
    );
    await eventually(
      async () => (await paymentStatus(base, bundleId)).body.isPaid,
      15_000,
      'the bundle is paid',
    );
    const { pdfUrl, chatExportId } = (await paymentStatus(base, bundleId)).body;
    expect(chatExportId).toBe(exportId);
    expect((await openSignedLink(base + pdfUrl!)).headers.get('content-type')).toBe('application/pdf');

    // The page is spent: it says the checkout is complete, and pressing either button again
    // (a stale tab) answers a page, not JSON, that says it has ended and leads home.
    expect(await (await fetch(page)).text()).toContain('This checkout is complete.');
    for (const action of ['pay', 'cancel']) {
      const ended = await press(`${page}/${action}`);
      expect(ended.status).toBe(409);
      expect(ended.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const endedPage = await ended.text();
      expect(endedPage).toContain(TEST_CHECKOUT_TEXT.banner);
      expect(endedPage).toContain(`<p>${PAYMENT_MESSAGES.testCheckoutClosed}</p>`);
      expect(endedPage).toContain('<a href="/">Back to ChatExhibit</a>');
    }
    expect((await createPaymentIntent(base, bundleId, 'person@example.org')).body).toMatchObject({
      message: PAYMENT_MESSAGES.alreadyPaid,
    });

    const mail = await outboxMailTo(standalone.dataDir, 'person@example.org');
    const links = linksInMail(mail).filter((link) => link.includes('/api/files/'));
    expect(links).toHaveLength(2);
    const types = [];
    for (const link of links) {
      const response = await openSignedLink(link.replace('localhost', '127.0.0.1'));
      expect(response.status).toBe(200);
      types.push(response.headers.get('content-type'));
      await response.arrayBuffer();
    }
    expect(types.sort()).toEqual(['application/pdf', 'application/zip']);
  }, 120_000);

  it('has no page for a session it did not make', async () => {
    const response = await fetch(`${standalone.baseUrl}/api/test-checkout/cs_test_unknown`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'This test checkout does not exist.' });
  });

  it('refuses to start without Stripe keys when NODE_ENV is production', async () => {
    const started = await runToEnd(process.execPath, ['standalone/dist/main.js'], {
      NODE_ENV: 'production',
      DATA_DIR: path.join(workDir, 'never-used'),
    });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain(
      "STRIPE_SECRET_KEY is missing: set Stripe's keys, or TEST_CHECKOUT=true for the local test checkout",
    );
  });
});

describe('the test checkout opened to the network', () => {
  const standalone = useStandalone({ HOST: '0.0.0.0', TEST_CHECKOUT: 'true' });

  it('warns at start that anyone who reaches it can mark an export paid', () => {
    expect(
      standalone.app.lines.filter((line) => line.includes(TEST_CHECKOUT_OPEN_WARNING)).length,
    ).toBeGreaterThan(0);
  });
});
