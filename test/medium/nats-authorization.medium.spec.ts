// Distributed mode on a NATS server with the parts' authorization, as npm run nats-auth writes
// it, set up by nats-setup's role: each part connects with its own nkey and can do its work, and
// nothing else. A client without credentials, or with the media part's, can neither read a chat
// (chat.get), refund a bundle, read or list progress, nor listen to another part's subjects or
// replies; with any part's key, JetStream's API gives no more than that part's own consumers,
// records and dead letters (finding H3).
import { randomUUID } from 'node:crypto';
import { AckPolicy, connect, Empty, ErrorCode, type NatsConnection, type NatsError, StringCodec } from 'nats';
import { stepIndex } from '@chatexhibit/proto/steps';
import type { PartName } from '@chatexhibit/proto/health';
import {
  CHAT_DATA_REQUEST,
  EXPIRE_EXPORT_JOBS,
  FREE_TIER_COUNTS_REQUEST,
  HEALTH_REQUESTS,
  MAIL_JOB,
  PDF_LARGE_JOB,
  PROGRESS_EVENT,
  CONTACT_JOB,
  SUBJECT_USES,
  SUPPORT_REFUND_REQUEST,
} from '@chatexhibit/proto/subjects';
import { PART_NAMES } from '@chatexhibit/proto/health';
import { JetStreamWorkQueue } from '@chatexhibit/kit/bus/jetstream-work-queue';
import {
  deadLetterStream,
  deadLetterSubject,
  durableName,
  jobStream,
  progressStream,
  sharedDeadLetterStream,
} from '@chatexhibit/kit/bus/nats-names';
import { consumingPart } from '@chatexhibit/kit/metrics/metrics';
import type { NatsUser } from '@chatexhibit/kit/bus/nats-permissions';
import { NatsRequestBus } from '@chatexhibit/kit/bus/nats-request-bus';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { JetStreamProgressChannel, progressKey } from '@chatexhibit/kit/progress/jetstream-progress-channel';
import { JetStreamRateLimitStore } from '@chatexhibit/kit/rate-limit/jetstream-rate-limit-store';
import { type AuthorizedNats, startAuthorizedNats } from '../support/authorized-nats';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { exportFacts } from '../support/export-facts';
import { unscrapedJobMetrics } from '../support/job-metrics';

const PREFIX = 'chatexhibit';
const logger = createLogger({ part: 'test', level: 'silent' });
const text = StringCodec();
/** How long a request that should be answered may take; a refused one fails at once. */
const ANSWER_MS = 10_000;

let nats: AuthorizedNats;
let url: string;
const toClose: { close(): Promise<unknown> }[] = [];

const access = (user: NatsUser) => nats.access(user);

async function connectAs(user: NatsUser): Promise<NatsConnection> {
  const nc = await connect({ servers: url, ...access(user) });
  toClose.push(nc);
  return nc;
}

/** One connection per part, for the parts' own work. */
const connections = new Map<PartName, Promise<NatsConnection>>();
const connectionOf = (part: PartName): Promise<NatsConnection> => {
  if (!connections.has(part)) connections.set(part, connectAs(part));
  return connections.get(part)!;
};

/** A request the server refuses to carry fails with its permissions violation (no waiting). */
const refusedRequest = (nc: NatsConnection, subject: string, body = '{}') =>
  nc.request(subject, text.encode(body), { noMux: true, timeout: ANSWER_MS });

/** Subscribes and reports whether the server refused the subscription (known after a flush). */
async function subscriptionRefused(nc: NatsConnection, subject: string): Promise<boolean> {
  let refused = false;
  nc.subscribe(subject, {
    callback: (error) => {
      if ((error as NatsError | null)?.code === ErrorCode.PermissionsViolation) refused = true;
    },
  });
  // The server answers a subscription it refuses before the PONG of this flush.
  await nc.flush();
  return refused;
}

beforeAll(async () => {
  nats = await startAuthorizedNats(PREFIX);
  url = nats.url;
}, 20_000);

afterAll(async () => {
  await cleanUpAll(...toClose.reverse().map((c) => () => c.close()), () => nats?.stop());
});

describe('each part, with its own nkey', () => {
  it('opens the work queue and progress on what nats-setup made, and checks them', async () => {
    for (const part of PART_NAMES) {
      const queue = await JetStreamWorkQueue.connect(
        { url, prefix: PREFIX, name: part, metrics: unscrapedJobMetrics(), access: access(part) },
        logger,
      );
      const progress = await JetStreamProgressChannel.connect({
        url,
        prefix: PREFIX,
        name: part,
        access: access(part),
      });
      toClose.push(queue, progress);
      await queue.check();
      await progress.check();
    }
    toClose.push(
      await JetStreamRateLimitStore.connect({
        url,
        prefix: PREFIX,
        name: 'gateway',
        access: access('gateway'),
      }),
    );
  });

  it('asks and answers every request it is listed for', async () => {
    for (const use of SUBJECT_USES) {
      if (!('answeredBy' in use)) continue;
      const subject = `${PREFIX}.${use.contract.subject}`;
      const answerer = await connectionOf(use.answeredBy);
      const answering = answerer.subscribe(subject, {
        queue: use.answeredBy,
        callback: (_error, message) => message.respond(text.encode('ok')),
      });
      await answerer.flush();
      for (const asker of use.askedBy) {
        const reply = await (
          await connectionOf(asker)
        ).request(subject, text.encode('{}'), { timeout: ANSWER_MS });
        expect([use.contract.subject, asker, text.decode(reply.data)]).toEqual([
          use.contract.subject,
          asker,
          'ok',
        ]);
      }
      answering.unsubscribe();
    }
  });

  it('enqueues and consumes every job it is listed for, and dead-letters what it consumes', async () => {
    for (const use of SUBJECT_USES) {
      if (!('consumedBy' in use)) continue;
      const subject = `${PREFIX}.${use.contract.subject}`;
      for (const enqueuer of use.enqueuedBy) {
        const body = `${enqueuer}:${randomUUID()}`;
        await (await connectionOf(enqueuer)).jetstream().publish(subject, text.encode(body));
        const consumer = await connectionOf(use.consumedBy);
        const durable = durableName(use.contract);
        const message = await (await consumer.jetstream().consumers.get(jobStream(PREFIX), durable)).next();
        expect([use.contract.subject, message && text.decode(message.data)]).toEqual([
          use.contract.subject,
          body,
        ]);
        await message!.ackAck();
        await consumer.jetstream().publish(deadLetterSubject(PREFIX, use.contract), text.encode(body));
      }
    }
  });

  it('runs the real adapters: requests, jobs, progress and forgetting dead letters', async () => {
    const bus = (part: PartName) => {
      const created = new NatsRequestBus(
        { url, prefix: PREFIX, queue: part, name: part, access: access(part) },
        logger,
      );
      toClose.push(created);
      return created;
    };
    const payment = bus('payment');
    const refundedAt = new Date().toISOString();
    payment.handle(SUPPORT_REFUND_REQUEST, async ({ bundleId }) => ({
      bundleId,
      refundId: 're_1',
      refundedAt,
    }));
    await payment.start();
    const media = bus('media');
    media.handle(HEALTH_REQUESTS.media, async () => ({ status: 'up' as const, checks: {} }));
    await media.start();
    const gateway = bus('gateway');
    await gateway.start();
    const bundleId = randomUUID();
    await expect(gateway.request(SUPPORT_REFUND_REQUEST, { bundleId, supportToken: 'x' })).resolves.toEqual({
      bundleId,
      refundId: 're_1',
      refundedAt,
    });
    await expect(gateway.request(HEALTH_REQUESTS.media, {})).resolves.toMatchObject({ status: 'up' });

    const queue = async (part: PartName) => {
      const opened = await JetStreamWorkQueue.connect(
        {
          url,
          prefix: PREFIX,
          name: part,
          metrics: unscrapedJobMetrics(),
          access: access(part),
        },
        logger,
      );
      toClose.push(opened);
      return opened;
    };
    const exportId = randomUUID();
    const received: string[] = [];
    const notificationQueue = await queue('notification');
    notificationQueue.consume(CONTACT_JOB, async (job) => void received.push(`contact ${job.contactId}`));
    await notificationQueue.start();
    const paymentQueue = await queue('payment');
    const mediaQueue = await queue('media');
    mediaQueue.consume(EXPIRE_EXPORT_JOBS.media, async (job) => void received.push(`expire ${job.exportId}`));
    await mediaQueue.start();
    const contactId = randomUUID();
    // The documents' lane of large exports, which media queues on and the pdf service takes from.
    const pdfQueue = await queue('pdf');
    pdfQueue.consume(PDF_LARGE_JOB, async (job) => void received.push(`large documents ${job.exportId}`));
    await pdfQueue.start();
    await (
      await queue('gateway')
    ).enqueue(CONTACT_JOB, {
      contactId,
      receivedAt: new Date().toISOString(),
      name: 'Sam Carter',
      email: 'sam@example.org',
      subject: 'A question',
      message: 'Is the transcript accepted in court?',
    });
    await paymentQueue.enqueue(EXPIRE_EXPORT_JOBS.media, { exportId });
    await mediaQueue.enqueue(PDF_LARGE_JOB, { exportId, facts: exportFacts(), documentsCostMs: 60_000 });
    await eventually(() => received.length === 3, ANSWER_MS, 'the three jobs handled');
    expect(received.sort()).toEqual([
      `contact ${contactId}`,
      `expire ${exportId}`,
      `large documents ${exportId}`,
    ]);
    await mediaQueue.forgetPayloads('exportId', exportId);

    const progress = async (part: PartName) => {
      const opened = await JetStreamProgressChannel.connect({
        url,
        prefix: PREFIX,
        name: part,
        access: access(part),
      });
      toClose.push(opened);
      return opened;
    };
    const gatewayProgress = await progress('gateway');
    const seen: number[] = [];
    await gatewayProgress.subscribe(exportId, (event) => void seen.push(event.progress));
    await (await progress('ingest')).publish(exportId, { step: 0, progress: 10 });
    await expect(gatewayProgress.latest(exportId)).resolves.toEqual({ step: 0, progress: 10 });
    await eventually(() => seen.length === 1, ANSWER_MS, 'the live event');
    await (await progress('payment')).erase(exportId);
    await expect(gatewayProgress.latest(exportId)).resolves.toMatchObject({ progress: 100 });
  });
});

describe('an attacker on the bus', () => {
  it('without credentials cannot connect at all', async () => {
    await expect(connect({ servers: url, reconnect: false })).rejects.toMatchObject({
      code: ErrorCode.AuthorizationViolation,
    });
  });

  it("with the media part's nkey cannot read a chat, refund a bundle or read progress", async () => {
    const nc = await connectAs('media');
    const refused = { code: ErrorCode.PermissionsViolation };
    const chatExportId = randomUUID();
    await expect(
      refusedRequest(nc, `${PREFIX}.${CHAT_DATA_REQUEST.subject}`, JSON.stringify({ chatExportId })),
    ).rejects.toMatchObject(refused);
    await expect(
      refusedRequest(
        nc,
        `${PREFIX}.${SUPPORT_REFUND_REQUEST.subject}`,
        JSON.stringify({ bundleId: randomUUID() }),
      ),
    ).rejects.toMatchObject(refused);
    // Nor listen: to the requests, to the gateway's replies, to progress, or to everything.
    for (const subject of [
      `${PREFIX}.${CHAT_DATA_REQUEST.subject}`,
      `${PREFIX}.${SUPPORT_REFUND_REQUEST.subject}`,
      `_INBOX.${PREFIX}.gateway.>`,
      `_INBOX.>`,
      `${PREFIX}.${PROGRESS_EVENT.wildcard}`,
      `${PREFIX}.jobs.notification.mail`,
      '>',
    ])
      await expect([subject, await subscriptionRefused(nc, subject)]).toEqual([subject, true]);
    // Nor page through the stored progress or the jobs by sequence, nor consume another part's jobs.
    for (const [subject, body] of [
      [`$JS.API.DIRECT.GET.${progressStream(PREFIX)}`, { seq: 1 }],
      [`$JS.API.STREAM.MSG.GET.${progressStream(PREFIX)}`, { seq: 1 }],
      [`$JS.API.STREAM.MSG.GET.${jobStream(PREFIX)}`, { seq: 1 }],
      [
        `$JS.API.STREAM.UPDATE.${deadLetterStream(PREFIX, 'media')}`,
        { name: deadLetterStream(PREFIX, 'media'), subjects: ['>'] },
      ],
      [
        `$JS.API.CONSUMER.CREATE.${jobStream(PREFIX)}.jobs-notification-mail.${PREFIX}.jobs.notification.mail`,
        { stream_name: jobStream(PREFIX), config: { durable_name: 'jobs-notification-mail' } },
      ],
    ] as const)
      await expect(refusedRequest(nc, subject, JSON.stringify(body))).rejects.toMatchObject(refused);
  });
});

describe('the free-tier counts payment decides on', () => {
  it('are served only by parse and asked only by payment', async () => {
    const subject = `${PREFIX}.${FREE_TIER_COUNTS_REQUEST.subject}`;
    // A part that could answer could tell payment an export is empty, and make it free.
    for (const part of PART_NAMES)
      expect([part, await subscriptionRefused(await connectAs(part), subject)]).toEqual([
        part,
        part !== 'parse',
      ]);
    const answering = (await connectionOf('parse')).subscribe(subject, {
      queue: 'parse',
      callback: (_error, message) => message.respond(text.encode('counted')),
    });
    await (await connectionOf('parse')).flush();
    try {
      for (const part of PART_NAMES) {
        const asked = await refusedRequest(
          await connectAs(part),
          subject,
          JSON.stringify({ exportId: randomUUID() }),
        ).then(
          (reply) => text.decode(reply.data),
          (error: NatsError) => `refused: ${error.code}`,
        );
        expect([part, asked]).toEqual([
          part,
          part === 'payment' ? 'counted' : `refused: ${ErrorCode.PermissionsViolation}`,
        ]);
      }
    } finally {
      answering.unsubscribe();
    }
  });
});

// Finding H3: what a stolen key of any one part gives through JetStream's API.
describe.each(PART_NAMES)("an attacker with the %s part's nkey", (part) => {
  /**
   * The server's answer to an API request as text, a stored message's data decoded (a get by
   * sequence answers it in base64), or the error that refused it (never a wait).
   */
  const answer = (nc: NatsConnection, subject: string, body?: unknown): Promise<string> =>
    nc
      .request(subject, body === undefined ? Empty : text.encode(JSON.stringify(body)), {
        noMux: true,
        timeout: ANSWER_MS,
      })
      .then(
        (reply) => {
          const json = text.decode(reply.data);
          const stored = (JSON.parse(json || '{}') as { message?: { data?: string } }).message?.data;
          return `${reply.headers?.status ?? ''} ${json} ${Buffer.from(stored ?? '', 'base64').toString()}`;
        },
        (error: NatsError) => `refused: ${error.code}`,
      );

  it("cannot list the progress stream's subjects, nor read a bundle id from any progress", async () => {
    // The payment part records an export's payment-required end, as its decision step does.
    const exportId = randomUUID();
    const payment = await JetStreamProgressChannel.connect({
      url,
      prefix: PREFIX,
      name: 'payment',
      access: access('payment'),
    });
    toClose.push(payment);
    const paymentRequired = {
      step: stepIndex('payment-required'),
      progress: 100,
      requiresPayment: true,
      messageCount: 51,
      mediaSizeBytes: 1000,
    };
    await payment.publish(exportId, paymentRequired);

    const nc = await connectAs(part);
    const jsm = await nc.jetstreamManager();
    await expect(jsm.streams.info(progressStream(PREFIX), { subjects_filter: '>' })).rejects.toMatchObject({
      code: ErrorCode.PermissionsViolation,
    });
    // Every way of reading a stored event without its subject: by sequence, by a wildcard.
    const stream = progressStream(PREFIX);
    const family = `${PREFIX}.${PROGRESS_EVENT.wildcard}`;
    const answers = [
      await answer(nc, `$JS.API.DIRECT.GET.${stream}`, { seq: 1 }),
      await answer(nc, `$JS.API.DIRECT.GET.${stream}`, { last_by_subj: family }),
      await answer(nc, `$JS.API.DIRECT.GET.${stream}.${family}`),
      await answer(nc, `$JS.API.STREAM.MSG.GET.${stream}`, { seq: 1 }),
      await answer(nc, `$JS.API.STREAM.MSG.GET.${stream}`, { last_by_subj: family }),
    ];
    for (const got of answers) expect(got).not.toMatch(/bundle/i);
  });

  it("can neither read nor delete another service's dead letters", async () => {
    // A mail job the notification part gave up on: its payload holds the buyer's address.
    const to = `buyer-${randomUUID()}@example.org`;
    const letterSubject = deadLetterSubject(PREFIX, MAIL_JOB);
    await (
      await connectionOf('notification')
    )
      .jetstream()
      .publish(letterSubject, text.encode(JSON.stringify({ kind: 'download-links', to })));
    const own = new Set(
      SUBJECT_USES.flatMap((use) =>
        'consumedBy' in use && use.consumedBy === part ? [consumingPart(use.contract.subject)] : [],
      ),
    );
    const others = [
      sharedDeadLetterStream(PREFIX),
      ...['ingest', 'parse', 'media', 'pdf', 'payment', 'notification']
        .filter((service) => !own.has(service))
        .map((service) => deadLetterStream(PREFIX, service)),
    ];
    const nc = await connectAs(part);
    for (const stream of others) {
      const read = await answer(nc, `$JS.API.STREAM.MSG.GET.${stream}`, { last_by_subj: letterSubject });
      expect([stream, read]).toEqual([stream, expect.not.stringContaining(to)]);
      const deleted = await answer(nc, `$JS.API.STREAM.MSG.DELETE.${stream}`, { seq: 1 });
      expect([stream, deleted]).toEqual([stream, expect.not.stringMatching(/"success":\s*true/)]);
    }
    // The letter is still there for the service that handles it.
    const kept = await (
      await connectionOf('notification')
    )
      .jetstreamManager()
      .then((jsm) =>
        jsm.streams.getMessage(deadLetterStream(PREFIX, 'notification'), { last_by_subj: letterSubject }),
      );
    expect(kept.string()).toContain(to);
  });

  it('cannot change, re-create or delete any consumer, its own included', async () => {
    const nc = await connectAs(part);
    const setup = await (await connectAs('setup')).jetstreamManager();
    for (const use of SUBJECT_USES) {
      if (!('consumedBy' in use)) continue;
      const durable = durableName(use.contract);
      const filter = `${PREFIX}.${use.contract.subject}`;
      // A consumer whose server gives up after one delivery strands an item whose worker died,
      // before the worker's own count of deliveries and deaths (the poisoned-job rule) can act.
      const config = {
        durable_name: durable,
        filter_subject: filter,
        ack_policy: AckPolicy.Explicit,
        max_deliver: 1,
      };
      for (const [subject, body] of [
        [
          `$JS.API.CONSUMER.CREATE.${jobStream(PREFIX)}.${durable}.${filter}`,
          { stream_name: jobStream(PREFIX), config },
        ],
        [
          `$JS.API.CONSUMER.CREATE.${jobStream(PREFIX)}.${durable}`,
          { stream_name: jobStream(PREFIX), config },
        ],
        [
          `$JS.API.CONSUMER.DURABLE.CREATE.${jobStream(PREFIX)}.${durable}`,
          { stream_name: jobStream(PREFIX), config },
        ],
        [`$JS.API.CONSUMER.DELETE.${jobStream(PREFIX)}.${durable}`, {}],
      ] as const)
        expect([subject, await answer(nc, subject, body)]).toEqual([
          subject,
          `refused: ${ErrorCode.PermissionsViolation}`,
        ]);
      // Still as nats-setup made it.
      const made = (await setup.consumers.info(jobStream(PREFIX), durable)).config;
      expect([durable, made.max_deliver]).toEqual([durable, -1]);
    }
  });

  it('publishes progress only when its part reports progress', async () => {
    const subject = `${PREFIX}.${PROGRESS_EVENT.subject(progressKey(randomUUID()))}`;
    const publishes = SUBJECT_USES.some(
      (use) => 'publishedBy' in use && use.contract === PROGRESS_EVENT && use.publishedBy.includes(part),
    );
    const published = await (
      await connectAs(part)
    )
      .jetstream()
      .publish(subject, text.encode(JSON.stringify({ step: 4, progress: 100, done: true })))
      .then(
        () => true,
        () => false,
      );
    // A part that reports progress can forge any export's (see docs/security.md: the gateway
    // takes nothing from a final event that payment does not bear out).
    expect(published).toBe(publishes);
  });
});
