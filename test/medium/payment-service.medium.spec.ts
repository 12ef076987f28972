import { randomBytes, randomUUID } from 'node:crypto';
import { addDays, subDays } from 'date-fns';
import Stripe from 'stripe';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import {
  BUNDLE_PRICE,
  CONTACT_MESSAGE_RETENTION_DAYS,
  FREE_EXPORT_RETENTION_DAYS,
  RETENTION_DAYS,
  UNFINISHED_EXPORT_RETENTION_DAYS,
  UNPAID_EXPORT_RETENTION_DAYS,
} from '@chatexhibit/proto/constants';
import { testCheckoutPath } from '@chatexhibit/proto/payment';
import {
  DOCUMENTS_PRESENT_REQUEST,
  EXPIRE_EXPORT_JOBS,
  FORGET_CONTACT_MESSAGES_JOB,
  FREE_TIER_COUNTS_REQUEST,
  MAIL_JOB,
  PAYMENT_DECISION_JOB,
  PDF_JOB,
  PDF_LARGE_JOB,
} from '@chatexhibit/proto/subjects';
import { InProcessRequestBus } from '@chatexhibit/kit/bus/in-process-request-bus';
import { PgBossWorkQueue } from '@chatexhibit/kit/bus/pg-boss-work-queue';
import type { JobPayload } from '@chatexhibit/kit/bus/work-queue';
import { openServiceDatabase } from '@chatexhibit/kit/database/service-database';
import { PlannerStatistics } from '@chatexhibit/kit/database/planner-statistics';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { PostgresProgressChannel } from '@chatexhibit/kit/progress/postgres-progress-channel';
import { DELETED_PROGRESS } from '@chatexhibit/kit/progress/progress-channel';
import type { SignedWebhook } from '@chatexhibit/payment/stripe/local-stripe/local-stripe';
import { BundleRepository } from '@chatexhibit/payment/bundles/bundle.repository';
import { CheckoutSessionSync } from '@chatexhibit/payment/bundles/checkout-session-sync';
import { LiveBundles } from '@chatexhibit/payment/bundles/live-bundles';
import { PAYMENT_TABLES } from '@chatexhibit/payment/database/payment-tables';
import { ExportExpiry } from '@chatexhibit/payment/retention/export-expiry';
import { RetentionRepository } from '@chatexhibit/payment/retention/retention.repository';
import { CheckExportAccessUseCase } from '@chatexhibit/payment/retention/use-cases/check-export-access/check-export-access.use-case';
import { DeleteExportUseCase } from '@chatexhibit/payment/retention/use-cases/delete-export/delete-export.use-case';
import { AdmitUnpackedUseCase } from '@chatexhibit/payment/retention/use-cases/admit-unpacked/admit-unpacked.use-case';
import { AdmitUploadUseCase } from '@chatexhibit/payment/retention/use-cases/admit-upload/admit-upload.use-case';
import { SweepRetentionUseCase } from '@chatexhibit/payment/retention/use-cases/sweep-retention/sweep-retention.use-case';
import { LocalStripeObjectRepository } from '@chatexhibit/payment/stripe/local-stripe/local-stripe-object.repository';
import { StripeAccount } from '@chatexhibit/payment/stripe/stripe-account';
import { CreateCheckoutUseCase } from '@chatexhibit/payment/use-cases/create-checkout/create-checkout.use-case';
import { DecideEntitlementJobHandler } from '@chatexhibit/payment/use-cases/decide-entitlement/decide-entitlement.job-handler';
import { DecideEntitlementUseCase } from '@chatexhibit/payment/use-cases/decide-entitlement/decide-entitlement.use-case';
import { GetPaymentStatusUseCase } from '@chatexhibit/payment/use-cases/get-payment-status/get-payment-status.use-case';
import { ReceiveStripeWebhookUseCase } from '@chatexhibit/payment/use-cases/receive-stripe-webhook/receive-stripe-webhook.use-case';
import { RepairPaymentUseCase } from '@chatexhibit/payment/use-cases/repair-payment/repair-payment.use-case';
import { RefundBundleUseCase } from '@chatexhibit/payment/use-cases/support/refund-bundle/refund-bundle.use-case';
import { SyncCheckoutSessionJobHandler } from '@chatexhibit/payment/use-cases/sync-checkout-session/sync-checkout-session.job-handler';
import { SyncCheckoutSessionUseCase } from '@chatexhibit/payment/use-cases/sync-checkout-session/sync-checkout-session.use-case';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { exportFacts } from '../support/export-facts';
import { unscrapedJobMetrics } from '../support/job-metrics';
import { testServers, uniqueName } from '../support/servers';

const logger = createLogger({ part: 'test', level: 'silent' });
const PUBLIC_URL = 'http://chatexhibit.test';
/** An upload counted for a client of its own, without a quota. */
const UNLIMITED_UPLOAD = { quotaKey: 'a'.repeat(64), sizeBytes: 1000, quotaBytes: 0 };

type Mail = JobPayload<typeof MAIL_JOB>;

/**
 * The payment service's use cases on the real PostgreSQL and pg-boss, buying through the Stripe
 * SDK on a LocalStripe, opened as the service opens it without Stripe keys (StripeAccount). The
 * test plays the buyer (LocalStripe's pay), the gateway (the webhook's raw body and signature)
 * and the other services (their queues, and the parse and pdf services' answers on the bus).
 */
describe('payment service', () => {
  const schema = uniqueName('payment').toLowerCase();
  let database: DataSource;
  let queue: PgBossWorkQueue;
  let progress: PostgresProgressChannel;
  let account: StripeAccount;
  let bundles: BundleRepository;
  let retention: RetentionRepository;
  let localObjects: LocalStripeObjectRepository;
  let admitUpload: AdmitUploadUseCase;
  let admitUnpacked: AdmitUnpackedUseCase;
  let decideEntitlement: DecideEntitlementUseCase;
  let createCheckout: CreateCheckoutUseCase;
  let receiveWebhook: ReceiveStripeWebhookUseCase;
  let getPaymentStatus: GetPaymentStatusUseCase;
  let repairPayment: RepairPaymentUseCase;
  let refundBundle: RefundBundleUseCase;
  let checkExportAccess: CheckExportAccessUseCase;
  let deleteExport: DeleteExportUseCase;
  let sweepRetention: SweepRetentionUseCase;
  let sync: CheckoutSessionSync;

  // What the other services are asked to do, as they would take it off their queues.
  const mails: Mail[] = [];
  const expiries: { service: string; exportId: string }[] = [];
  const forgetContacts: string[] = [];
  /** Each pdf job with the lane it was queued on. */
  const pdfJobs: (JobPayload<typeof PDF_JOB> & { lane: string })[] = [];
  // The pdf service's answer to a repair.
  let documentsPresent = { transcript: true, filingTranscript: true, evidenceZip: true };
  // What the parse service recorded of each export's chat, as it answers payment.
  const parseCounts = new Map<string, { messageCount: number; mediaSizeBytes: number }>();

  beforeAll(async () => {
    const { databaseUrl } = testServers();
    database = await openServiceDatabase(databaseUrl, { schema, ...PAYMENT_TABLES }, logger);
    queue = await PgBossWorkQueue.open(
      { databaseUrl, schema: `${schema}_jobs`, metrics: unscrapedJobMetrics() },
      logger,
    );
    progress = await PostgresProgressChannel.open(databaseUrl, `${schema}_progress`);
    localObjects = new LocalStripeObjectRepository(database);
    account = await StripeAccount.open(
      { publicUrl: PUBLIC_URL, stripe: null, retentionSweepIntervalMs: 3_600_000, supportToken: null },
      localObjects,
    );
    const requestBus = new InProcessRequestBus(logger);
    requestBus.handle(DOCUMENTS_PRESENT_REQUEST, async () => documentsPresent);
    requestBus.handle(FREE_TIER_COUNTS_REQUEST, async ({ exportId }) => parseCounts.get(exportId)!);

    const unitOfWork = new UnitOfWork(database);
    bundles = new BundleRepository(database);
    retention = new RetentionRepository(database);
    const liveBundles = new LiveBundles(bundles, retention);
    sync = new CheckoutSessionSync(unitOfWork, bundles, retention, account, queue, logger);
    const expiry = new ExportExpiry(
      unitOfWork,
      new PlannerStatistics(database, databaseUrl, schema),
      retention,
      bundles,
      localObjects,
      queue,
      progress,
      account,
      logger,
    );
    admitUpload = new AdmitUploadUseCase(unitOfWork, retention);
    admitUnpacked = new AdmitUnpackedUseCase(unitOfWork, retention);
    decideEntitlement = new DecideEntitlementUseCase(
      unitOfWork,
      bundles,
      retention,
      requestBus,
      progress,
      logger,
    );
    createCheckout = new CreateCheckoutUseCase(
      bundles,
      liveBundles,
      account,
      { publicUrl: PUBLIC_URL, stripe: null, retentionSweepIntervalMs: 3_600_000, supportToken: null },
      logger,
    );
    receiveWebhook = new ReceiveStripeWebhookUseCase(account, queue, logger);
    getPaymentStatus = new GetPaymentStatusUseCase(liveBundles);
    repairPayment = new RepairPaymentUseCase(bundles, liveBundles, sync, requestBus, queue, logger);
    refundBundle = new RefundBundleUseCase(bundles, account, logger);
    checkExportAccess = new CheckExportAccessUseCase(retention, bundles);
    deleteExport = new DeleteExportUseCase(retention, expiry, logger);
    sweepRetention = new SweepRetentionUseCase(retention, expiry, queue, logger);

    // The service's own consumers of decisions and verified events; the other services' queues, as they see them.
    new DecideEntitlementJobHandler(queue, progress, expiry, decideEntitlement).onModuleInit();
    new SyncCheckoutSessionJobHandler(queue, new SyncCheckoutSessionUseCase(sync)).onModuleInit();
    queue.consume(MAIL_JOB, async (mail) => void mails.push(mail));
    for (const lane of [PDF_JOB, PDF_LARGE_JOB])
      queue.consume(lane, async (job) => void pdfJobs.push({ ...job, lane: lane.subject }));
    queue.consume(FORGET_CONTACT_MESSAGES_JOB, async ({ before }) => void forgetContacts.push(before));
    for (const [service, contract] of Object.entries(EXPIRE_EXPORT_JOBS))
      queue.consume(contract, async ({ exportId }) => void expiries.push({ service, exportId }));
    await queue.start();
  });

  afterAll(() =>
    cleanUpAll(
      () => queue?.close(),
      () => progress?.close(),
      () => account?.onModuleDestroy(),
      () => database?.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`),
      () => database?.query(`DROP SCHEMA IF EXISTS "${schema}_progress" CASCADE`),
      () => database?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`),
      () => database?.destroy(),
    ),
  );

  /** An upload received `receivedAt`, processed and decided: over the free tier unless `free`. */
  async function decidedExport(
    options: {
      free?: boolean;
      receivedAt?: Date;
      upload?: typeof UNLIMITED_UPLOAD;
      documentsCostMs?: number;
    } = {},
  ): Promise<{ exportId: string; bundleId: string | null }> {
    const exportId = randomUUID();
    const receivedAt = (options.receivedAt ?? new Date()).toISOString();
    expect(
      await admitUpload.execute({ exportId, receivedAt, ...(options.upload ?? UNLIMITED_UPLOAD) }),
    ).toEqual({
      admitted: true,
    });
    parseCounts.set(exportId, { messageCount: options.free ? 50 : 51, mediaSizeBytes: 1000 });
    const final = await decideEntitlement.execute(
      PAYMENT_DECISION_JOB.payload.parse({
        exportId,
        facts: exportFacts({ originalFilename: 'WhatsApp Chat - Sam.zip', receivedAt }),
        documentsCostMs: options.documentsCostMs ?? 100,
      }),
    );
    // Progress is read by every part that reports it: the bundle is payment's to give (H3).
    expect(JSON.stringify(final)).not.toMatch(/bundle/i);
    const { bundleId } = await checkExportAccess.execute({ exportId });
    expect(bundleId === null).toBe(final?.requiresPayment !== true);
    return { exportId, bundleId };
  }

  /** A bundle to buy, with a checkout session started by `email`: its id at the local Stripe. */
  async function checkout(bundleId: string, email = 'buyer@example.org'): Promise<string> {
    const { checkoutUrl } = await createCheckout.execute({ bundleId, userEmail: email });
    const sessionId = decodeURIComponent(checkoutUrl.split('/').pop()!);
    expect(checkoutUrl).toBe(PUBLIC_URL + testCheckoutPath(sessionId));
    return sessionId;
  }

  /** What the gateway sends on: the raw body, base64, and its Stripe-Signature header. */
  const deliver = ({ payload, signature }: SignedWebhook) =>
    receiveWebhook.execute({ payloadBase64: Buffer.from(payload).toString('base64'), signature });

  const eventIdOf = (webhook: SignedWebhook): string => (JSON.parse(webhook.payload) as { id: string }).id;

  /** Whether the service's inbox records the event as taken effect. */
  const eventTaken = async (eventId: string): Promise<boolean> =>
    (await database.query(`SELECT 1 FROM "${schema}"."inbox" WHERE "key" = $1`, [`stripe-event:${eventId}`]))
      .length > 0;

  const paidBundle = async (bundleId: string) => {
    await eventually(async () => (await bundles.findBundle(bundleId))?.paidAt != null, 10_000, 'bundle paid');
    return (await bundles.findBundle(bundleId))!;
  };

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: { code?: string; reason?: string }) => ({ code: error.code, reason: error.reason }),
    );

  it('decides on the counts parse recorded: a decision job forged to say 0 messages gets no free export', async () => {
    const exportId = randomUUID();
    const receivedAt = new Date().toISOString();
    expect(await admitUpload.execute({ exportId, receivedAt, ...UNLIMITED_UPLOAD })).toEqual({
      admitted: true,
    });
    parseCounts.set(exportId, { messageCount: 500, mediaSizeBytes: 1000 });
    // What a compromised media or pdf service can publish on the decision's subject: an empty chat.
    const forged = { exportId, facts: exportFacts({ receivedAt }), messageCount: 0, mediaSizeBytes: 0 };
    await queue.enqueue(PAYMENT_DECISION_JOB, forged);
    await eventually(async () => (await bundles.findDecision(exportId)) !== null, 10_000, 'the decision');
    await eventually(async () => (await progress.latest(exportId))?.progress === 100, 10_000, 'its end');
    expect(await progress.latest(exportId)).toMatchObject({ requiresPayment: true, messageCount: 500 });
    expect(await checkExportAccess.execute({ exportId })).toMatchObject({
      readable: false,
      bundleId: expect.any(String),
    });
  });

  it('makes a Checkout Session at Stripe for an unpaid bundle and refuses paid, refunded, expired and unknown ones', async () => {
    const { exportId, bundleId } = await decidedExport();
    const sessionId = await checkout(bundleId!);
    const session = await account.stripe.checkout.sessions.retrieve(sessionId);
    const { deleteAfter } = (await retention.find(exportId))!;
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: BUNDLE_PRICE.amountCents,
      currency: BUNDLE_PRICE.currency,
      customer_email: 'buyer@example.org',
      client_reference_id: bundleId,
      metadata: { bundleId, exportId },
      success_url: `${PUBLIC_URL}/?success=true&bundleId=${bundleId}`,
      cancel_url: `${PUBLIC_URL}/?cancelled=true`,
    });
    expect(session.expires_at).toBeLessThanOrEqual(deleteAfter.getTime() / 1000);
    // The same buyer again gets the open session; another address a session of its own.
    expect(await checkout(bundleId!)).toBe(sessionId);
    expect(await checkout(bundleId!, 'other@example.org')).not.toBe(sessionId);

    await expect(refusal(checkout(randomUUID()))).resolves.toEqual({
      code: 'NOT_FOUND',
      reason: 'BUNDLE_NOT_FOUND',
    });
    await deliver(await account.testCheckout!.pay(sessionId));
    await paidBundle(bundleId!);
    await expect(refusal(checkout(bundleId!))).resolves.toEqual({ code: 'CONFLICT', reason: 'ALREADY_PAID' });
    await refundBundle.execute({ bundleId: bundleId! });
    await expect(refusal(checkout(bundleId!))).resolves.toEqual({ code: 'CONFLICT', reason: 'REFUNDED' });
    await deleteExport.execute({ exportId });
    // Deleted at its uploader's request: the refusal says so, not that it expired.
    await expect(refusal(checkout(bundleId!))).resolves.toEqual({ code: 'GONE', reason: 'EXPORT_DELETED' });
  });

  it("counts a client's unbought exports against its quota until they are bought or deleted", async () => {
    const upload = { quotaKey: randomBytes(32).toString('hex'), sizeBytes: 400, quotaBytes: 1000 };
    // Uploads admitted and never decided, deleted at the end so that no other test sweeps them.
    const undecided: string[] = [];
    const admit = async (quotaKey = upload.quotaKey) => {
      const exportId = randomUUID();
      const admission = await admitUpload.execute({
        ...upload,
        quotaKey,
        exportId,
        receivedAt: new Date().toISOString(),
      });
      if (admission.admitted) undecided.push(exportId);
      return admission;
    };
    const oldest = await decidedExport({ upload, receivedAt: new Date(Date.now() - 60_000) });
    const newer = await decidedExport({ upload });
    // 800 held: 400 more would pass 1000, until the oldest expires (3 days after its upload).
    const before = Date.now();
    const refused = await admit();
    const after = Date.now();
    if (refused.admitted) throw new Error('admitted past the quota');
    const { deleteAfter } = (await retention.find(oldest.exportId))!;
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(
      Math.floor((deleteAfter.getTime() - after) / 1000),
    );
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(Math.ceil((deleteAfter.getTime() - before) / 1000));
    // Another client has its own quota.
    expect(await admit(randomBytes(32).toString('hex'))).toEqual({ admitted: true });
    // Bought, an export no longer counts (nor names its client); deleted, neither.
    await deliver(await account.testCheckout!.pay(await checkout(oldest.bundleId!)));
    await paidBundle(oldest.bundleId!);
    expect((await retention.find(oldest.exportId))?.quotaKey).toBeNull();
    expect(await admit()).toEqual({ admitted: true });
    expect(await admit()).toMatchObject({ admitted: false });
    await deleteExport.execute({ exportId: newer.exportId });
    expect((await retention.find(newer.exportId))?.quotaKey).toBeNull();
    expect(await admit()).toEqual({ admitted: true });
    for (const exportId of undecided) await deleteExport.execute({ exportId });
  });

  it('counts what an upload unpacked to against its quota, once, and drops an upload refused for it from the count', async () => {
    const quotaKey = randomBytes(32).toString('hex');
    const admitted: string[] = [];
    const admit = async () => {
      const exportId = randomUUID();
      const admission = await admitUpload.execute({
        exportId,
        receivedAt: new Date().toISOString(),
        quotaKey,
        sizeBytes: 100,
        quotaBytes: 1000,
      });
      if (!admission.admitted) throw new Error('upload refused');
      admitted.push(exportId);
      return exportId;
    };
    // The only export of its client: admitted whatever it unpacked to.
    const first = await admit();
    expect(await admitUnpacked.execute({ exportId: first, unpackedBytes: 5000 })).toEqual({ admitted: true });
    // 5100 held: a second upload of 100 is refused at the door now.
    await expect(admit()).rejects.toThrow('upload refused');
    await deleteExport.execute({ exportId: admitted.shift()! });

    const second = await admit();
    expect(await admitUnpacked.execute({ exportId: second, unpackedBytes: 300 })).toEqual({ admitted: true });
    // A redelivered ingest job: admitted again, counted once (400 held, not 700).
    expect(await admitUnpacked.execute({ exportId: second, unpackedBytes: 300 })).toEqual({ admitted: true });
    const third = await admit();
    const refused = await admitUnpacked.execute({ exportId: third, unpackedBytes: 600 });
    expect(refused).toMatchObject({ admitted: false, quotaBytes: 1000 });
    if (refused.admitted) throw new Error('admitted past the quota');
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // Refused, it counts nothing: 400 held, and a fourth upload with 500 unpacked fits.
    expect((await retention.find(third))?.quotaKey).toBeNull();
    const fourth = await admit();
    expect(await admitUnpacked.execute({ exportId: fourth, unpackedBytes: 500 })).toEqual({ admitted: true });
    for (const exportId of admitted) await deleteExport.execute({ exportId });
  });

  it('takes a signed checkout.session.completed once however often it comes, and refuses a bad signature', async () => {
    const { exportId, bundleId } = await decidedExport();
    const sessionId = await checkout(bundleId!);
    const completed = await account.testCheckout!.pay(sessionId);

    const tampered = {
      ...completed,
      payload: completed.payload.replace('"amount_total":499', '"amount_total":1'),
    };
    const foreign = await account.testCheckout!.event('checkout.session.completed', { id: sessionId });
    const forged = {
      payload: foreign.payload,
      signature: Stripe.webhooks.generateTestHeaderString({
        payload: foreign.payload,
        secret: 'whsec_not_ours',
      }),
    };
    for (const refused of [tampered, forged, { ...completed, signature: '' }])
      await expect(refusal(deliver(refused))).resolves.toEqual({
        code: 'INVALID_REQUEST',
        reason: 'WEBHOOK_SIGNATURE_INVALID',
      });
    expect((await bundles.findBundle(bundleId!))!.paidAt).toBeNull();

    await expect(deliver(completed)).resolves.toEqual({ received: true });
    await expect(deliver(completed)).resolves.toEqual({ received: true });
    const paid = await paidBundle(bundleId!);
    expect(paid).toMatchObject({
      email: 'buyer@example.org',
      paidSessionId: sessionId,
      amountCents: BUNDLE_PRICE.amountCents,
      refundedAt: null,
    });
    expect((await retention.find(exportId))!.deleteAfter).toEqual(addDays(paid.paidAt!, RETENTION_DAYS));
    // The receipt the ready panel shows: what was paid, when, where the links went and until when.
    await expect(getPaymentStatus.execute({ bundleId: bundleId! })).resolves.toEqual({
      isPaid: true,
      exportId,
      purchase: {
        amountCents: BUNDLE_PRICE.amountCents,
        currency: BUNDLE_PRICE.currency,
        email: 'buyer@example.org',
        paidAt: paid.paidAt!.toISOString(),
        deleteAfter: addDays(paid.paidAt!, RETENTION_DAYS).toISOString(),
      },
    });

    // Another event of the same session (Stripe's late resend) is no second purchase.
    const late = await account.testCheckout!.event(
      'checkout.session.completed',
      await account.stripe.checkout.sessions.retrieve(sessionId),
    );
    await deliver(late);
    await eventually(() => eventTaken(eventIdOf(late)), 10_000, 'the late event taken');
    expect(await bundles.findBundle(bundleId!)).toEqual(paid);
    expect((await bundles.findCheckoutSession(sessionId))!.refundId).toBeNull();
    expect(await eventTaken(eventIdOf(forged))).toBe(false);
    await eventually(() => mails.some((mail) => mail.mailId === paid.paidMailId), 10_000, 'the mail queued');
    expect(
      new Set(
        mails.filter((m) => m.kind === 'download-links' && m.bundleId === bundleId).map((m) => m.mailId),
      ),
    ).toEqual(new Set([paid.paidMailId]));
  });

  it('repairs a paid session whose webhook never came, and has missing documents made again', async () => {
    // An expensive export: its documents are made again in the lane they were first made in.
    const { exportId, bundleId } = await decidedExport({ documentsCostMs: 60_000 });
    const sessionId = await checkout(bundleId!);
    await expect(repairPayment.execute({ bundleId: bundleId! })).resolves.toEqual({
      isPaid: false,
      exportId,
      documentsReady: false,
    });
    await account.testCheckout!.pay(sessionId); // Stripe's event is lost.
    await expect(getPaymentStatus.execute({ bundleId: bundleId! })).resolves.toEqual({
      isPaid: false,
      exportId,
    });

    await expect(repairPayment.execute({ bundleId: bundleId! })).resolves.toEqual({
      isPaid: true,
      exportId,
      documentsReady: true,
    });
    const paid = (await bundles.findBundle(bundleId!))!;
    expect(paid).toMatchObject({ paidSessionId: sessionId, email: 'buyer@example.org' });
    await eventually(() => mails.some((mail) => mail.mailId === paid.paidMailId), 10_000, 'the mail queued');
    expect(pdfJobs.filter((job) => job.exportId === exportId)).toEqual([]);

    documentsPresent = { transcript: true, filingTranscript: false, evidenceZip: true };
    try {
      await expect(repairPayment.execute({ bundleId: bundleId! })).resolves.toEqual({
        isPaid: true,
        exportId,
        documentsReady: false,
      });
    } finally {
      documentsPresent = { transcript: true, filingTranscript: true, evidenceZip: true };
    }
    await eventually(() => pdfJobs.some((job) => job.exportId === exportId), 10_000, 'the pdf job queued');
    expect(pdfJobs.find((job) => job.exportId === exportId)).toEqual({
      exportId,
      facts: expect.objectContaining({ originalFilename: 'WhatsApp Chat - Sam.zip' }),
      documentsCostMs: 60_000,
      regeneration: expect.any(String),
      lane: PDF_LARGE_JOB.subject,
    });
  });

  it('refunds a second paid session of a bought bundle once, and support refunds the purchase once', async () => {
    const { exportId, bundleId } = await decidedExport();
    const first = await checkout(bundleId!, 'first@example.org');
    const second = await checkout(bundleId!, 'second@example.org');
    const firstPaid = await account.testCheckout!.pay(first);
    const secondPaid = await account.testCheckout!.pay(second);
    await deliver(firstPaid);
    await paidBundle(bundleId!);
    await deliver(secondPaid);
    await eventually(() => eventTaken(eventIdOf(secondPaid)), 10_000, 'the second event taken');

    const secondSession = (await bundles.findCheckoutSession(second))!;
    const secondIntent = (await account.stripe.checkout.sessions.retrieve(second)).payment_intent as string;
    expect(secondSession.refundId).toMatch(/^re_/);
    expect(await localObjects.read(`refunded:${secondIntent}`)).toEqual({ id: secondSession.refundId });
    // A repair re-reads both sessions: the paying one is no second payment, the refunded one is not refunded again.
    await repairPayment.execute({ bundleId: bundleId! });
    expect((await bundles.findCheckoutSession(second))!.refundId).toBe(secondSession.refundId);
    expect((await bundles.findCheckoutSession(first))!.refundId).toBeNull();
    const bought = (await bundles.findBundle(bundleId!))!;
    expect(bought).toMatchObject({ paidSessionId: first, email: 'first@example.org', refundedAt: null });

    const { refundId } = await refundBundle.execute({ bundleId: bundleId! });
    expect(await localObjects.read(`refunded:${bought.paymentIntentId}`)).toEqual({ id: refundId });
    expect((await bundles.findBundle(bundleId!))!.refundedAt).not.toBeNull();
    await expect(refusal(refundBundle.execute({ bundleId: bundleId! }))).resolves.toEqual({
      code: 'CONFLICT',
      reason: 'REFUNDED',
    });
    await expect(getPaymentStatus.execute({ bundleId: bundleId! })).resolves.toEqual({
      isPaid: false,
      exportId,
    });
    await expect(checkExportAccess.execute({ exportId })).resolves.toMatchObject({
      readable: false,
      gone: null,
    });

    const unpaid = await decidedExport();
    await expect(refusal(refundBundle.execute({ bundleId: unpaid.bundleId! }))).resolves.toEqual({
      code: 'CONFLICT',
      reason: 'NOT_PAID',
    });
  });

  it('deletes an export while its payment is being recorded: no deadlock, the payment refunded, no address kept', async () => {
    const { exportId, bundleId } = await decidedExport();
    const sessionId = await checkout(bundleId!);
    await account.testCheckout!.pay(sessionId);
    // Another connection holds the bundle's row, so that the deletion and the payment each stop
    // where they used to meet: the deletion holding the export's retention row, the payment its
    // checkout session.
    const holder = new Client({ connectionString: testServers().databaseUrl });
    await holder.connect();
    const waiting = async () =>
      Number(
        (
          await database.query(
            `SELECT count(*) AS n FROM pg_stat_activity
              WHERE application_name = $1 AND wait_event_type = 'Lock'`,
            [`chatexhibit-${schema}`],
          )
        )[0].n,
      );
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM "${schema}"."bundles" WHERE id = $1 FOR UPDATE`, [bundleId]);
      const deleting = deleteExport.execute({ exportId });
      await eventually(async () => (await waiting()) === 1, 10_000, 'the deletion waits');
      const paying = sync.sync(sessionId);
      await eventually(async () => (await waiting()) === 2, 10_000, 'the payment waits');
      await holder.query('ROLLBACK');

      await expect(deleting).resolves.toEqual({ deleted: true });
      await expect(paying).resolves.toBeUndefined();
    } finally {
      await holder.end();
    }
    // Paid after its export was deleted: refunded, never bought; nothing names the buyer.
    const bundle = (await bundles.findBundle(bundleId!))!;
    expect(bundle).toMatchObject({ paidAt: null, email: null });
    expect(await bundles.findCheckoutSession(sessionId)).toMatchObject({
      email: null,
      refundId: expect.stringMatching(/^re_/),
    });
    await expect(checkExportAccess.execute({ exportId })).resolves.toMatchObject({ gone: 'deleted' });
  });

  it('sweeps exports past their date, has every service expire them, and deletes one now on request', async () => {
    // Dated to go within the next two days, with a checkout still open; and one kept for a week.
    const due = await decidedExport({ receivedAt: subDays(new Date(), UNPAID_EXPORT_RETENTION_DAYS - 1) });
    const dueSession = await checkout(due.bundleId!);
    const kept = await decidedExport({ free: true });
    await expect(checkExportAccess.execute({ exportId: kept.exportId })).resolves.toMatchObject({
      readable: true,
      gone: null,
    });

    // Past its date, not yet swept: expired already, never readable while its files go.
    await database.query(
      `UPDATE "${schema}".retention SET delete_after = now() - interval '1 second' WHERE export_id = $1`,
      [kept.exportId],
    );
    await expect(checkExportAccess.execute({ exportId: kept.exportId })).resolves.toMatchObject({
      readable: false,
      gone: 'expired',
    });
    await database.query(
      `UPDATE "${schema}".retention SET delete_after = now() + interval '7 days' WHERE export_id = $1`,
      [kept.exportId],
    );

    const sweptAt = addDays(new Date(), 2);
    await expect(sweepRetention.execute(sweptAt)).resolves.toBe(1);
    const services = Object.keys(EXPIRE_EXPORT_JOBS).sort();
    await eventually(
      () => expiries.filter((e) => e.exportId === due.exportId).length === services.length,
      10_000,
      'every service asked to expire the export',
    );
    expect(
      expiries
        .filter((e) => e.exportId === due.exportId)
        .map((e) => e.service)
        .sort(),
    ).toEqual(services);
    expect(expiries.filter((e) => e.exportId === kept.exportId)).toEqual([]);
    await eventually(
      () => forgetContacts.includes(subDays(sweptAt, CONTACT_MESSAGE_RETENTION_DAYS).toISOString()),
      10_000,
      'old contact messages forgotten',
    );
    expect(await progress.latest(due.exportId)).toEqual(DELETED_PROGRESS);
    await expect(checkExportAccess.execute({ exportId: due.exportId })).resolves.toMatchObject({
      readable: false,
      gone: 'expired',
    });
    // Gone, and nothing of it names a person: its checkout is closed at Stripe too.
    await expect(refusal(getPaymentStatus.execute({ bundleId: due.bundleId! }))).resolves.toEqual({
      code: 'GONE',
      reason: 'EXPORT_EXPIRED',
    });
    expect((await account.stripe.checkout.sessions.retrieve(dueSession)).status).toBe('expired');
    expect(await bundles.findCheckoutSession(dueSession)).toMatchObject({ status: 'expired', email: null });
    expect(await localObjects.read(dueSession)).toMatchObject({ customer_email: null });
    expect((await bundles.findDecision(due.exportId))!.decidedJob).toBeNull();
    await expect(sweepRetention.execute(sweptAt)).resolves.toBe(0);
    expect((await retention.find(kept.exportId))!.expiredAt).toBeNull();

    await expect(deleteExport.execute({ exportId: kept.exportId })).resolves.toEqual({ deleted: true });
    // Deleted on request, not expired: its routes say which.
    await expect(checkExportAccess.execute({ exportId: kept.exportId })).resolves.toMatchObject({
      readable: false,
      gone: 'deleted',
    });
    await eventually(
      () => expiries.filter((e) => e.exportId === kept.exportId).length === services.length,
      10_000,
      'every service asked to delete the export',
    );
    await expect(refusal(deleteExport.execute({ exportId: kept.exportId }))).resolves.toEqual({
      code: 'GONE',
      reason: 'EXPORT_DELETED',
    });
    await expect(refusal(deleteExport.execute({ exportId: randomUUID() }))).resolves.toEqual({
      code: 'NOT_FOUND',
      reason: 'EXPORT_NOT_FOUND',
    });
  });

  it('keeps an upload whose processing never ended a day, one that awaits payment 3 days, a free one 7', async () => {
    expect([
      UNFINISHED_EXPORT_RETENTION_DAYS,
      UNPAID_EXPORT_RETENTION_DAYS,
      FREE_EXPORT_RETENTION_DAYS,
    ]).toEqual([1, 3, 7]);
    const receivedAt = new Date();
    // Refused or failed midway: dated at upload, never decided.
    const unfinished = randomUUID();
    await admitUpload.execute({
      exportId: unfinished,
      receivedAt: receivedAt.toISOString(),
      ...UNLIMITED_UPLOAD,
    });
    const unpaid = await decidedExport({ receivedAt });
    const free = await decidedExport({ free: true, receivedAt });
    const exportIds = [unfinished, unpaid.exportId, free.exportId];
    const rows = () => Promise.all(exportIds.map(async (exportId) => (await retention.find(exportId))!));
    expect((await rows()).map((row) => row.deleteAfter)).toEqual([
      addDays(receivedAt, 1),
      addDays(receivedAt, 3),
      addDays(receivedAt, 7),
    ]);
    // A redelivered decision changes nothing.
    await decideEntitlement.execute(
      PAYMENT_DECISION_JOB.payload.parse({
        exportId: unpaid.exportId,
        facts: exportFacts({
          originalFilename: 'WhatsApp Chat - Sam.zip',
          receivedAt: receivedAt.toISOString(),
        }),
      }),
    );
    expect((await retention.find(unpaid.exportId))!.deleteAfter).toEqual(addDays(receivedAt, 3));

    // The sweep two days on deletes the unfinished upload; four days on, the unpaid export too.
    await sweepRetention.execute(addDays(receivedAt, 2));
    expect((await rows()).map((row) => row.expiredAt !== null)).toEqual([true, false, false]);
    await sweepRetention.execute(addDays(receivedAt, 4));
    expect((await rows()).map((row) => row.expiredAt !== null)).toEqual([true, true, false]);
  });
});
