import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import type { ExhibitMessagesResponse } from '@chatexhibit/proto/exhibit-api';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { SERVICE_NAMES, type ServiceName, type SystemHealth } from '@chatexhibit/proto/health';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { PAYMENT_MESSAGES } from '@chatexhibit/proto/payment';
import { PROGRESS_EVENT, SUPPORT_REFUND_REQUEST } from '@chatexhibit/proto/subjects';
import { deadLetterStream } from '@chatexhibit/kit/bus/nats-names';
import { NatsRequestBus } from '@chatexhibit/kit/bus/nats-request-bus';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { progressKey } from '@chatexhibit/kit/progress/jetstream-progress-channel';
import { S3ObjectStorage } from '@chatexhibit/kit/storage/s3-object-storage';
import { type AuthorizedNats, startAuthorizedNats } from '../support/authorized-nats';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { type RunningProcess, startProcess } from '../support/child-process';
import { testServers, uniqueName } from '../support/servers';
import { scrapeMetrics, sampleValue } from '../support/metrics';
import {
  INTERRUPTED_EXPORT,
  interruptMidMedia,
  openLink,
  readProgress,
  uploadExport,
} from '../support/pipeline-client';
import { startSmtpSink } from '../support/smtp-sink';
import { downloadAndVerifyEvidence } from '../support/evidence-package';
import { writeWhatsAppExport } from '../support/whatsapp-export';
import {
  downloadExhibit,
  EXHIBIT_SPEC,
  pdfText,
  postExhibit,
  SECRETS,
  writeExhibitExport,
} from '../support/exhibit-client';
import { cleanUpAll } from '../support/clean-up';
import {
  createPaymentIntent,
  linksInMail,
  openSignedLink,
  mailsTo,
  paymentStatus,
  uploadOverLimitExport,
} from '../support/payment-client';
import { deliverWebhook, type StripeStub, startStripeStub, STUB_CHECKOUT_PAGE } from '../support/stripe-stub';
import { yazlZip } from '../../services/ingest/test/support/hostile-zips';

const getHealth = async (port: number): Promise<{ status: number; body: SystemHealth }> => {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  return { status: response.status, body: (await response.json()) as SystemHealth };
};

/**
 * Distributed mode as an operator runs it: the gateway and six services as separate processes
 * (the built entry points) on the local PostgreSQL, the test S3 server, an SMTP sink and a NATS
 * server of the test's own with the parts' authorization, each part with its own key.
 */
describe('distributed mode', () => {
  const prefix = uniqueName('dist');
  let nats: AuthorizedNats;
  const supportToken = randomBytes(32).toString('hex');
  /** A bundle bought in the sale below. */
  let paidBundleId: string;
  const processes = new Map<string, RunningProcess>();
  const healthPorts = new Map<string, number>();
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let stripe: StripeStub;
  let workDir: string;
  let gatewayPort: number;
  const bucket = uniqueName('dist').toLowerCase().replace(/_/g, '-');

  beforeAll(async () => {
    smtp = await startSmtpSink();
    stripe = await startStripeStub();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exports-'));
    nats = await startAuthorizedNats(prefix);
  });
  afterAll(() =>
    cleanUpAll(
      () => Promise.all([...processes.values()].map((p) => p.stop('SIGKILL'))),
      () => smtp?.close(),
      () => stripe?.close(),
      () => nats?.stop(),
      () => workDir && rm(workDir, { recursive: true, force: true }),
    ),
  );

  let common: Record<string, string>;
  const startService = async (service: string) => {
    const healthPort = await freePort();
    processes.set(
      service,
      startProcess(`services/${service}/dist/main.js`, {
        ...common,
        NATS_NKEY_SEED: nats.seeds[service as ServiceName],
        HEALTH_PORT: String(healthPort),
      }),
    );
    healthPorts.set(service, healthPort);
  };

  it('serves /api/health with all seven parts up, each in its own process', async () => {
    const { databaseUrl, s3 } = testServers();
    common = {
      NATS_URL: nats.url,
      NATS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: bucket,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ChatExhibit <no-reply@example.com>',
      SUPPORT_EMAIL: 'support@example.com',
      LINK_SIGNING_SECRET: randomBytes(32).toString('hex'),
      SUPPORT_TOKEN: supportToken,
      PUBLIC_URL: `http://127.0.0.1:${(gatewayPort = await freePort())}`,
      ...stripe.env,
    };
    processes.set(
      'gateway',
      startProcess('gateway/dist/main.js', {
        ...common,
        NATS_NKEY_SEED: nats.seeds.gateway,
        PORT: String(gatewayPort),
      }),
    );
    for (const service of SERVICE_NAMES) await startService(service);

    let last: { status: number; body: SystemHealth } | undefined;
    await eventually(
      async () => {
        last = await getHealth(gatewayPort).catch(() => undefined);
        return last?.status === 200;
      },
      60_000,
      'all seven parts up',
    ).catch((error: Error) => {
      const logs = [...processes]
        .map(([name, p]) => `--- ${name}\n${p.stderr()}${p.lines.slice(-5).join('\n')}`)
        .join('\n');
      throw new Error(`${error.message}\nlast health: ${JSON.stringify(last?.body)}\n${logs}`);
    });
    expect(last!.body.mode).toBe('distributed');
    expect(Object.keys(last!.body.parts).sort()).toEqual(['gateway', ...SERVICE_NAMES].sort());
    expect(last!.body.parts.notification.checks).toEqual({
      database: { status: 'up' },
      bus: { status: 'up' },
      mail: { status: 'up' },
    });
    expect(last!.body.parts.ingest.checks).toEqual({
      database: { status: 'up' },
      bus: { status: 'up' },
      storage: { status: 'up' },
    });

    // Each service's own readiness probe answers on its HEALTH_PORT.
    const parsePort = healthPorts.get('parse')!;
    expect((await fetch(`http://127.0.0.1:${parsePort}/health/ready`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${parsePort}/health/live`)).status).toBe(200);
  }, 90_000);

  it('takes an upload through every service process to done, and an over-limit one to payment required', async () => {
    const baseUrl = `http://127.0.0.1:${gatewayPort}`;
    const free = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'free-')), {
      textMessages: 8,
      voiceNotes: 2,
      photos: 1,
    });
    const upload = await uploadExport(baseUrl, free.zipPath, { includeImages: true });
    expect(upload.status).toBe(201);
    const { events, ended } = await readProgress(baseUrl, upload.body.clientId!);
    expect(ended).toBe(true);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ done: true, progress: 100, messageCount: 11 });
    expect(
      done.chatData!.messages.filter((m) => m.type === 'voice' && m.content.startsWith('/api/files/')),
    ).toHaveLength(2);
    expect((await openLink(baseUrl, done.pdfUrl!)).status).toBe(200);
    // The evidence package, made by the pdf process from S3, verifies after download.
    const evidence = await downloadAndVerifyEvidence(
      baseUrl,
      upload.body.clientId!,
      await mkdtemp(path.join(workDir, 'evidence-')),
    );
    expect(await readdir(path.join(evidence, 'derived', 'audio'))).toEqual(
      free.voiceNotes.map((name) => `${name}.mp3`).sort(),
    );

    // A chat larger than one NATS message (1 MB) still reaches the browser, page by page.
    const large = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'large-')), {
      textMessages: 12_000,
      voiceNotes: 0,
      photos: 0,
    });
    const paid = await uploadExport(baseUrl, large.zipPath);
    const final = (await readProgress(baseUrl, paid.body.clientId!)).events.at(-1)!;
    expect(final).toMatchObject({ requiresPayment: true, step: 4, messageCount: 12_000 });
    // The bundle comes from payment: the recorded progress, which other parts may read, has none.
    expect(final.bundleId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fetch(`${baseUrl}/api/whatsapp/chat/${paid.body.clientId}`)).status).toBe(404);

    // A part's key may forge an export's progress (H3): a `done` over the unpaid export's end,
    // written straight to its subject, makes the gateway hand out no chat and no link.
    const media = await connect({ servers: nats.url, ...nats.access('media') });
    try {
      const forged = { step: 3, progress: 100, done: true, messageCount: 12_000, mediaSizeBytes: 0 };
      await media
        .jetstream()
        .publish(
          `${prefix}.${PROGRESS_EVENT.subject(progressKey(paid.body.clientId!))}`,
          JSON.stringify(forged),
        );
    } finally {
      await media.close();
    }
    const afterForgery = (await readProgress(baseUrl, paid.body.clientId!)).events;
    expect(afterForgery).toHaveLength(1);
    expect(afterForgery[0]).not.toHaveProperty('chatData');
    expect(afterForgery[0]).not.toHaveProperty('pdfUrl');
    expect(afterForgery[0]!.error).toBeDefined();

    // Each process serves its own metrics: the gateway on PORT, every service on HEALTH_PORT.
    const gateway = await scrapeMetrics(baseUrl);
    expect(sampleValue(gateway, 'chatexhibit_uploads_total', { outcome: 'accepted' })).toBe(2);
    expect(
      sampleValue(gateway, 'chatexhibit_http_request_errors_total', {
        route: 'GET /api/whatsapp/chat/:chatExportId',
        status: '404',
      }),
    ).toBe(1);
    const ingest = await scrapeMetrics(`http://127.0.0.1:${healthPorts.get('ingest')!}`);
    const handled = { part: 'ingest', subject: 'jobs.ingest', outcome: 'ok' };
    expect(sampleValue(ingest, 'chatexhibit_job_duration_seconds_count', handled)).toBe(2);
    expect(sampleValue(ingest, 'chatexhibit_queue_depth', { part: 'ingest', subject: 'jobs.ingest' })).toBe(
      0,
    );
    expect(sampleValue(ingest, 'chatexhibit_uploads_total', { outcome: 'accepted' })).toBeUndefined();
  }, 120_000);

  it('makes an exhibit in the pdf process from S3; its files download by their links and go with the export', async () => {
    const baseUrl = `http://127.0.0.1:${gatewayPort}`;
    const storage = new S3ObjectStorage({ ...testServers().s3, bucket });
    const exhibitObjects = async (exportId: string) => {
      const keys: string[] = [];
      for await (const key of storage.list(`exports/${exportId}/exhibits/`)) keys.push(key);
      return keys;
    };
    const chat = await writeExhibitExport(await mkdtemp(path.join(workDir, 'exhibit-')));
    const exportId = (await uploadExport(baseUrl, chat.zipPath)).body.clientId!;
    expect((await readProgress(baseUrl, exportId)).events.at(-1)!.done).toBe(true);
    const messages = await fetch(`${baseUrl}/api/whatsapp/export/${exportId}/messages?from=4&limit=1`);
    expect(((await messages.json()) as ExhibitMessagesResponse).messages[0]!.content).toContain(SECRETS.ssn);

    const { status, body } = await postExhibit(baseUrl, exportId, EXHIBIT_SPEC);
    expect(status).toBe(201);
    // The gateway passes the pdf service's warnings on: none here, every suggestion is redacted.
    expect(body.warnings).toEqual([]);
    const dir = await mkdtemp(path.join(workDir, 'exhibit-files-'));
    await downloadExhibit(baseUrl, body, dir);
    const [exhibit, sealed] = await Promise.all([
      pdfText(dir, EXHIBIT_PATHS.exhibit),
      pdfText(dir, EXHIBIT_PATHS.sealed),
    ]);
    for (const secret of Object.values(SECRETS)) {
      expect(exhibit).not.toContain(secret);
      expect(sealed).toContain(secret);
    }
    expect((await exhibitObjects(exportId)).length).toBe(body.files.length);

    expect((await fetch(`${baseUrl}/api/whatsapp/export/${exportId}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    // Opened as the web app opens it, through a code, which a deleted export no longer gets.
    const link = await openLink(baseUrl, body.files[0]!.url);
    expect(link.status).toBe(410);
    expect(((await link.json()) as { reason: string }).reason).toBe('EXPORT_DELETED');
    await eventually(
      async () => (await exhibitObjects(exportId)).length === 0,
      30_000,
      'the deleted export’s exhibit files are gone from S3',
    );
  }, 120_000);

  it('deletes an export across processes: its objects, progress and dead letter (which names its file) go', async () => {
    const baseUrl = `http://127.0.0.1:${gatewayPort}`;
    const { s3 } = testServers();
    const storage = new S3ObjectStorage({ ...s3, bucket });
    const objectsOf = async (exportId: string) => {
      const keys: string[] = [];
      for await (const key of storage.list(`exports/${exportId}/`)) keys.push(key);
      return keys;
    };
    // The parse service's key (parse refuses a ZIP without a chat): its dead letters are its own.
    const bus = await connect({ servers: nats.url, ...nats.access('parse') });
    const jsm = await bus.jetstreamManager();
    const parseLetters = deadLetterStream(prefix, 'parse');
    /** Parse's dead letters of this run whose payload contains `needle`. */
    const deadLettersNaming = async (needle: string): Promise<number> => {
      const { state } = await jsm.streams.info(parseLetters);
      let found = 0;
      for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
        const message = await jsm.streams.getMessage(parseLetters, { seq }).catch(() => null);
        if (message?.string().includes(needle)) found++;
      }
      return found;
    };
    try {
      const refusedName = 'WhatsApp Chat - Distributed Zephyrine.zip';
      const noChat = path.join(workDir, 'distributed-no-chat.zip');
      await writeFile(noChat, await yazlZip([{ path: 'photo.jpg', data: 'not a chat' }]));
      const refused = (await uploadExport(baseUrl, noChat, {}, refusedName)).body.clientId!;
      expect((await readProgress(baseUrl, refused)).events.at(-1)!.error).toBeDefined();
      const free = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'deleted-')), {
        textMessages: 4,
        voiceNotes: 1,
        photos: 0,
      });
      const done = (await uploadExport(baseUrl, free.zipPath)).body.clientId!;
      expect((await readProgress(baseUrl, done)).events.at(-1)!.done).toBe(true);
      expect(await deadLettersNaming(refusedName)).toBe(1);
      expect((await objectsOf(done)).length).toBeGreaterThan(0);

      for (const exportId of [refused, done]) {
        expect((await fetch(`${baseUrl}/api/whatsapp/export/${exportId}`, { method: 'DELETE' })).status).toBe(
          204,
        );
        expect((await readProgress(baseUrl, exportId)).events.map((e) => e.error)).toEqual([
          PAYMENT_MESSAGES.deleted,
        ]);
      }
      expect((await fetch(`${baseUrl}/api/whatsapp/chat/${done}`)).status).toBe(410);
      await eventually(
        async () =>
          (await objectsOf(done)).length === 0 &&
          (await objectsOf(refused)).length === 0 &&
          (await deadLettersNaming(refusedName)) === 0,
        30_000,
        'the deleted exports are gone from S3 and the dead letters',
      );
    } finally {
      await bus.close();
    }
  }, 120_000);

  it('mails a contact message through the notification process to the SMTP server', async () => {
    const response = await fetch(`http://127.0.0.1:${gatewayPort}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Sam Sender',
        email: 'sam@example.net',
        subject: 'Distributed hello',
        message: 'This message crossed NATS to reach support.',
      }),
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ received: true });
    const delivered = () => smtp.messages.find((m) => m.includes('Distributed hello'));
    await eventually(() => delivered() !== undefined, 20_000, 'the contact mail at the SMTP server');
    const mail = delivered()!;
    expect(mail).toMatch(/^To: support@example\.com\r$/m);
    expect(mail).toMatch(/^Reply-To: sam@example\.net\r$/m);
    expect(mail).toMatch(/^Subject: \[ChatExhibit contact\] Distributed hello\r$/m);
    expect(mail).toContain('This message crossed NATS to reach support.');
  }, 30_000);

  it('finishes an export whose media worker is killed (SIGKILL) mid-step, on the worker started after it', async () => {
    const done = await interruptMidMedia(
      `http://127.0.0.1:${gatewayPort}`,
      await mkdtemp(path.join(workDir, 'killed-')),
      5,
      async () => {
        const killed = processes.get('media')!;
        killed.child.kill('SIGKILL');
        await killed.exited;
        // JetStream hands the item to the new worker once the killed one's ack wait (10 s) has passed.
        await startService('media');
      },
    );
    expect(done).toMatchObject({ done: true, messageCount: 5 + INTERRUPTED_EXPORT.voiceNotes });
    const voice = done.chatData!.messages.filter((m) => m.type === 'voice');
    expect(voice).toHaveLength(INTERRUPTED_EXPORT.voiceNotes);
    for (const message of voice) expect(message.duration).toBeCloseTo(INTERRUPTED_EXPORT.voiceSeconds, 0);
  }, 90_000);

  it('sells an export across processes; a webhook refused while payment is down takes effect on the retry', async () => {
    const baseUrl = `http://127.0.0.1:${gatewayPort}`;
    const { bundleId } = await uploadOverLimitExport(baseUrl, workDir);
    const intent = await createPaymentIntent(baseUrl, bundleId, 'distributed@example.org');
    expect(intent.status).toBe(200);
    const completed = await stripe.stripe.pay(intent.body.checkoutUrl!.slice(STUB_CHECKOUT_PAGE.length));

    // Payment stopped: nobody can verify the event, so Stripe is told to send it again.
    const payment = processes.get('payment')!;
    expect(await payment.stop('SIGTERM')).toBe(0);
    expect((await deliverWebhook(baseUrl, completed)).status).toBe(503);
    await startService('payment');
    await eventually(
      async () => (await getHealth(gatewayPort)).body.parts.payment.status === 'up',
      30_000,
      'payment up',
    );
    expect((await deliverWebhook(baseUrl, completed)).status).toBe(200);
    await eventually(
      async () => (await paymentStatus(baseUrl, bundleId)).body.isPaid,
      20_000,
      'the bundle is paid',
    );

    // The notification process signs links the gateway process accepts.
    await eventually(
      () => mailsTo(smtp.messages, 'distributed@example.org').length === 1,
      20_000,
      'the mail',
    );
    const links = linksInMail(mailsTo(smtp.messages, 'distributed@example.org')[0]!).filter((l) =>
      l.includes('/api/files/'),
    );
    expect(links).toHaveLength(2);
    for (const link of links) expect((await openSignedLink(link)).status).toBe(200);
    paidBundleId = bundleId;
  }, 90_000);

  it("runs support's operations only with the support token, even asked on the bus with the gateway's key", async () => {
    const asGateway = new NatsRequestBus(
      { url: nats.url, prefix, queue: 'attacker', name: 'attacker', access: nats.access('gateway') },
      createLogger({ part: 'test', level: 'silent' }),
    );
    try {
      await asGateway.start();
      await expect(
        asGateway.request(SUPPORT_REFUND_REQUEST, { bundleId: paidBundleId, supportToken: 'f'.repeat(64) }),
      ).rejects.toMatchObject({ code: 'INVALID_REQUEST', reason: 'SUPPORT_TOKEN_WRONG' });
    } finally {
      await asGateway.close();
    }
    const baseUrl = `http://127.0.0.1:${gatewayPort}`;
    expect((await paymentStatus(baseUrl, paidBundleId)).body.isPaid).toBe(true);
    // Support, through the gateway with the token: the payment service checks it too, and answers.
    const status = await fetch(
      `${baseUrl}${HTTP_API.supportBundles.path}?query=${encodeURIComponent(paidBundleId)}`,
      { headers: { authorization: `Bearer ${supportToken}` } },
    );
    expect(status.status).toBe(200);
    expect(((await status.json()) as { bundles: { bundleId: string }[] }).bundles).toEqual([
      expect.objectContaining({ bundleId: paidBundleId }),
    ]);
  }, 30_000);

  it('reports a stopped service as down (503), and the stopped process exits cleanly', async () => {
    const media = processes.get('media')!;
    expect(await media.stop('SIGTERM')).toBe(0);
    const { status, body } = await getHealth(gatewayPort);
    expect(status).toBe(503);
    expect(body.parts.media).toEqual({
      status: 'down',
      checks: { reachable: { status: 'down', error: 'nobody answers health.media' } },
    });
    expect(body.parts.parse.status).toBe('up');
  }, 30_000);

  it('exits 1 naming every missing or malformed variable', async () => {
    const ingest = startProcess('services/ingest/dist/main.js', {
      DATABASE_URL: 'mysql://db/x',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'do-not-print-me',
      HEALTH_PORT: '70000',
    });
    expect(await ingest.exited).toBe(1);
    const stderr = ingest.stderr();
    expect(stderr).toContain('chatexhibit ingest: Invalid configuration:');
    for (const expected of [
      'NATS_URL is missing',
      'HEALTH_PORT must be a port number (1-65535)',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://',
      'S3_BUCKET is missing',
    ]) {
      expect(stderr).toContain(expected);
    }
    expect(stderr).not.toContain('do-not-print-me');
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
