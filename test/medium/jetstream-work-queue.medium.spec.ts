import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { AckPolicy, connect, type NatsConnection, nanos } from 'nats';
import pino from 'pino';
import { z } from 'zod';
import { jobContract } from '@chatexhibit/proto/contract';
import { JetStreamWorkQueue } from '@chatexhibit/kit/bus/jetstream-work-queue';
import { exhaustedReason } from '@chatexhibit/kit/bus/work-queue';
import { createLogger, withCorrelationId } from '@chatexhibit/kit/logging/logger';
import { type RunningProcess, startProcessCommand } from '../support/child-process';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { testServers, uniqueName } from '../support/servers';
import { unscrapedJobMetrics } from '../support/job-metrics';

const JOB = jobContract('jobs.test', z.object({ id: z.string(), n: z.number() }), (p) => p.id);
const logger = createLogger({ part: 'test', level: 'silent' });

describe('JetStreamWorkQueue on the local NATS', () => {
  let prefix: string;
  let queues: JetStreamWorkQueue[];
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: testServers().natsUrl });
  });
  beforeEach(() => {
    prefix = uniqueName('wq');
    queues = [];
  });
  afterEach(async () => {
    await Promise.all(queues.map((q) => q.close()));
    const jsm = await nc.jetstreamManager();
    for (const stream of [`${prefix}_jobs`, `${prefix}_dead_letters`])
      await jsm.streams.delete(stream).catch(() => undefined);
  });
  afterAll(async () => {
    await nc.close();
  });

  const open = async () => {
    const queue = await JetStreamWorkQueue.connect(
      { url: testServers().natsUrl, prefix, name: 'test', metrics: unscrapedJobMetrics() },
      logger,
    );
    queues.push(queue);
    return queue;
  };

  const deadLetters = async () => {
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(`${prefix}_dead_letters`);
    const letters = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
      const message = await jsm.streams.getMessage(`${prefix}_dead_letters`, { seq });
      letters.push({
        subject: message.subject,
        reason: message.header.get('reason'),
        deliveries: message.header.get('deliveries'),
        correlationId: message.header.get('correlation-id'),
        data: message.string(),
      });
    }
    return letters;
  };

  it('delivers each item once to one of several workers, under the enqueuer’s correlation id', async () => {
    const producer = await open();
    const seen: { id: string; worker: number; correlationId: string }[] = [];
    for (const worker of [1, 2]) {
      const queue = await open();
      queue.consume(JOB, async (payload, context) => {
        seen.push({ id: payload.id, worker, correlationId: context.correlationId });
      });
      await queue.start();
    }
    await withCorrelationId('export-42', async () => {
      for (let i = 0; i < 10; i++) await producer.enqueue(JOB, { id: `item-${i}`, n: i });
    });
    await producer.enqueue(JOB, { id: 'item-3', n: 3 }); // same dedupe key: dropped by the stream
    await eventually(() => seen.length >= 10);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.map((s) => s.id).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `item-${i}`).sort());
    expect(new Set(seen.map((s) => s.correlationId))).toEqual(new Set(['export-42']));
  });

  it('reports as its depth the items waiting or in hand, per consumed subject', async () => {
    const queue = await open();
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    queue.consume(JOB, () => blocked, { concurrency: 1 });
    await queue.start();
    for (let i = 0; i < 3; i++) await queue.enqueue(JOB, { id: `depth-${i}`, n: i });
    const depth = async () => (await queue.depths()).find((d) => d.subject === JOB.subject)?.depth;
    await eventually(async () => (await depth()) === 3, 10_000, 'depth 3 (one in hand, two waiting)');
    release();
    await eventually(async () => (await depth()) === 0, 10_000, 'depth 0 once all are handled');
  });

  it('retries a failing handler with backoff and then succeeds', async () => {
    const queue = await open();
    const deliveries: number[] = [];
    queue.consume(JOB, async (_p, { deliveryCount }) => {
      deliveries.push(deliveryCount);
      if (deliveryCount < 2) throw new Error('transient');
    });
    await queue.start();
    await queue.enqueue(JOB, { id: 'retry', n: 1 });
    await eventually(() => deliveries.length === 2, 10_000);
    expect(deliveries).toEqual([1, 2]);
    expect((await deadLetters()).length).toBe(0);
  });

  it('dead-letters with the reason after the last delivery fails', async () => {
    const queue = await open();
    let calls = 0;
    queue.consume(
      JOB,
      async () => {
        calls += 1;
        throw new Error('corrupt archive');
      },
      { maxDeliver: 2 },
    );
    await queue.start();
    await withCorrelationId('export-7', () => queue.enqueue(JOB, { id: 'doomed', n: 1 }));
    await eventually(async () => (await deadLetters()).length === 1, 10_000);
    expect(calls).toBe(2);
    expect(await deadLetters()).toEqual([
      {
        subject: `${prefix}.dead-letter.jobs.test`,
        reason: 'corrupt archive',
        deliveries: '2',
        correlationId: 'export-7',
        data: JSON.stringify({ id: 'doomed', n: 1 }),
      },
    ]);
  });

  it('dead-letters a payload that breaks the contract without calling the handler', async () => {
    const queue = await open();
    const handler = jest.fn(async () => undefined);
    queue.consume(JOB, handler);
    await queue.start();
    await nc.jetstream().publish(`${prefix}.jobs.test`, JSON.stringify({ id: 5 }));
    await eventually(async () => (await deadLetters()).length === 1, 10_000);
    expect(handler).not.toHaveBeenCalled();
    expect((await deadLetters())[0]!.reason).toMatch(/^invalid payload: /);
  });

  it('aborts a handler past its deadline, then retries and dead-letters the item', async () => {
    const queue = await open();
    const signals: AbortSignal[] = [];
    queue.consume(
      JOB,
      async (_p, { signal }) => {
        signals.push(signal);
        await new Promise(() => undefined); // hangs, ignoring the signal
      },
      { deadlineMs: 300, ackWaitMs: 1000, maxDeliver: 2 },
    );
    await queue.start();
    await queue.enqueue(JOB, { id: 'hung', n: 1 });
    await eventually(async () => (await deadLetters()).length === 1, 10_000);
    expect(signals).toHaveLength(2);
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(await deadLetters()).toEqual([
      expect.objectContaining({ reason: 'the handler ran past its deadline of 300 ms', deliveries: '2' }),
    ]);
  });

  it('dead-letters, on the next start, an item whose last delivery died while no other worker ran', async () => {
    const producer = await open();
    await withCorrelationId('export-3', () => producer.enqueue(JOB, { id: 'cursed', n: 1 }));
    // A worker takes the item and dies: its delivery is never acknowledged.
    const jsm = await nc.jetstreamManager();
    await jsm.consumers.add(`${prefix}_jobs`, {
      durable_name: 'jobs-test',
      filter_subject: `${prefix}.jobs.test`,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(500),
    });
    const taken = await (await nc.jetstream().consumers.get(`${prefix}_jobs`, 'jobs-test')).next();
    expect(taken?.info.redeliveryCount).toBe(1);
    await new Promise((r) => setTimeout(r, 600));

    const queue = await open();
    const handler = jest.fn(async () => undefined);
    queue.consume(JOB, handler, { maxDeliver: 1, ackWaitMs: 500 });
    await queue.start();
    await eventually(async () => (await deadLetters()).length === 1, 10_000);
    expect(handler).not.toHaveBeenCalled();
    expect(await deadLetters()).toEqual([
      expect.objectContaining({ reason: exhaustedReason(1), deliveries: '1', correlationId: 'export-3' }),
    ]);
    await eventually(async () => (await jsm.streams.info(`${prefix}_jobs`)).state.messages === 0, 5000);
  });
});

describe('JetStreamWorkQueue.connect on a NATS server it cannot use', () => {
  let server: RunningProcess | undefined;
  let storeDir: string | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
    storeDir = undefined;
  });

  const logLines = () => {
    const lines: { msg: string; url?: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    return { logger: pino({ level: 'warn' }, sink), lines };
  };

  const startNatsServer = (port: number, args: string[] = []) =>
    startProcessCommand('nats-server', ['-a', '127.0.0.1', '-p', String(port), ...args]);

  it('says it is waiting, and where, until NATS comes up', async () => {
    const port = await freePort();
    const url = `nats://127.0.0.1:${port}`;
    const { logger, lines } = logLines();
    const connecting = JetStreamWorkQueue.connect(
      { url, prefix: uniqueName('wait'), name: 'test', metrics: unscrapedJobMetrics() },
      logger,
    );
    await eventually(() => lines.some((l) => l.msg === 'waiting for NATS'), 5000);
    expect(lines[0]).toMatchObject({ msg: 'waiting for NATS', url });
    storeDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-nats-'));
    server = startNatsServer(port, ['-js', '-sd', storeDir]);
    const queue = await connecting;
    await queue.close();
  }, 20_000);

  it('fails with a plain reason when the server runs without JetStream', async () => {
    const port = await freePort();
    const url = `nats://127.0.0.1:${port}`;
    server = startNatsServer(port);
    const { logger } = logLines();
    await eventually(async () => {
      const probe = await connect({ servers: url }).catch(() => undefined);
      await probe?.close();
      return probe !== undefined;
    }, 5000);
    await expect(
      JetStreamWorkQueue.connect(
        { url, prefix: uniqueName('nojs'), name: 'test', metrics: unscrapedJobMetrics() },
        logger,
      ),
    ).rejects.toThrow(`JetStream is not enabled on the NATS server at ${url}`);
  }, 20_000);
});
