import PgBoss from 'pg-boss';
import { Client } from 'pg';
import { z } from 'zod';
import { jobContract } from '@chatexhibit/proto/contract';
import { PgBossWorkQueue } from '@chatexhibit/kit/bus/pg-boss-work-queue';
import { exhaustedReason, PermanentJobError } from '@chatexhibit/kit/bus/work-queue';
import { createLogger, currentCorrelationId, withCorrelationId } from '@chatexhibit/kit/logging/logger';
import { eventually } from '../support/eventually';
import { testServers, uniqueName } from '../support/servers';
import { unscrapedJobMetrics } from '../support/job-metrics';

const JOB = jobContract('jobs.test', z.object({ id: z.string(), n: z.number() }), (p) => p.id);
const logger = createLogger({ part: 'test', level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PgBossWorkQueue on the local PostgreSQL', () => {
  let schema: string;
  let queues: PgBossWorkQueue[];
  let bosses: PgBoss[];
  beforeEach(() => {
    schema = uniqueName('wq').toLowerCase();
    queues = [];
    bosses = [];
  });
  afterEach(async () => {
    await Promise.allSettled(queues.map((q) => q.close()));
    await Promise.allSettled(bosses.map((b) => b.stop({ graceful: false })));
    const admin = new Client({ connectionString: testServers().databaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  const open = async () => {
    const queue = await PgBossWorkQueue.open(
      { databaseUrl: testServers().databaseUrl, schema, pollIntervalMs: 200, metrics: unscrapedJobMetrics() },
      logger,
    );
    queues.push(queue);
    return queue;
  };

  /** A bare pg-boss on the same schema, to put jobs in states the queue itself never leaves them in. */
  const openBoss = async () => {
    const boss = new PgBoss({ connectionString: testServers().databaseUrl, schema, supervise: false });
    boss.on('error', () => undefined);
    bosses.push(boss);
    await boss.start();
    return boss;
  };

  it('delivers each item once, under the enqueuer’s correlation id', async () => {
    const queue = await open();
    const seen: { id: string; correlationId: string; current?: string; deliveryCount: number }[] = [];
    queue.consume(JOB, async (payload, context) => {
      seen.push({
        id: payload.id,
        correlationId: context.correlationId,
        current: currentCorrelationId(),
        deliveryCount: context.deliveryCount,
      });
    });
    await queue.start();
    await withCorrelationId('export-42', async () => {
      for (let i = 0; i < 5; i++) await queue.enqueue(JOB, { id: `item-${i}`, n: i });
    });
    await eventually(() => seen.length >= 5);
    await sleep(500);
    expect(seen.map((s) => s.id).sort()).toEqual(['item-0', 'item-1', 'item-2', 'item-3', 'item-4']);
    expect(seen.every((s) => s.correlationId === 'export-42' && s.current === 'export-42')).toBe(true);
    expect(seen.every((s) => s.deliveryCount === 1)).toBe(true);
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

  it('drops an enqueue of the same key while the job is queued, and just after it completed', async () => {
    const queue = await open();
    const seen: number[] = [];
    queue.consume(JOB, async (payload) => {
      seen.push(payload.n);
    });
    await queue.enqueue(JOB, { id: 'same', n: 1 });
    await queue.enqueue(JOB, { id: 'same', n: 2 });
    await queue.start();
    await eventually(() => seen.length === 1);
    await queue.enqueue(JOB, { id: 'same', n: 3 });
    await sleep(800);
    expect(seen).toEqual([1]);
    await expect(queue.enqueue(JOB, { id: 'bad', n: 'x' } as never)).rejects.toThrow(
      'invalid payload for jobs.test',
    );
  });

  it('retries a failing handler after the backoff and then succeeds', async () => {
    const queue = await open();
    const deliveries: { deliveryCount: number; at: number }[] = [];
    queue.consume(JOB, async (_p, { deliveryCount }) => {
      deliveries.push({ deliveryCount, at: Date.now() });
      if (deliveryCount < 2) throw new Error('transient');
    });
    await queue.start();
    await queue.enqueue(JOB, { id: 'retry', n: 1 });
    await eventually(() => deliveries.length === 2, 10_000);
    expect(deliveries.map((d) => d.deliveryCount)).toEqual([1, 2]);
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(950);
    await sleep(300);
    expect(await queue.deadLetters()).toEqual([]);
  });

  it('dead-letters with the reason after maxDeliver failed deliveries', async () => {
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
    await eventually(async () => (await queue.deadLetters()).length === 1, 10_000);
    expect(calls).toBe(2);
    expect(await queue.deadLetters()).toEqual([
      {
        subject: 'jobs.test',
        payload: { id: 'doomed', n: 1 },
        reason: 'corrupt archive',
        deliveries: 2,
        correlationId: 'export-7',
      },
    ]);
  });

  it('dead-letters a permanent failure at once', async () => {
    const queue = await open();
    let calls = 0;
    queue.consume(JOB, async () => {
      calls += 1;
      throw new PermanentJobError('no chat text in the ZIP');
    });
    await queue.start();
    await queue.enqueue(JOB, { id: 'hopeless', n: 1 });
    await eventually(async () => (await queue.deadLetters()).length === 1, 5000);
    expect(calls).toBe(1);
    expect(await queue.deadLetters()).toEqual([
      expect.objectContaining({ reason: 'no chat text in the ZIP', deliveries: 1 }),
    ]);
  });

  it('dead-letters a payload that breaks the contract without calling the handler', async () => {
    const queue = await open();
    const handler = jest.fn(async () => undefined);
    queue.consume(JOB, handler);
    await queue.start();
    const boss = await openBoss();
    await boss.send('jobs.test', { payload: { id: 5 }, correlationId: 'export-9' });
    await eventually(async () => (await queue.deadLetters()).length === 1, 5000);
    expect(handler).not.toHaveBeenCalled();
    const [letter] = await queue.deadLetters();
    expect(letter).toMatchObject({ payload: { id: 5 }, correlationId: 'export-9', deliveries: 1 });
    expect(letter!.reason).toMatch(/^invalid payload: /);
  });

  it.each([1, 3])('handles as many items at once as its concurrency (%i)', async (concurrency) => {
    const queue = await open();
    let running = 0;
    let maxRunning = 0;
    let done = 0;
    queue.consume(
      JOB,
      async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(150);
        running -= 1;
        done += 1;
      },
      { concurrency },
    );
    for (let i = 0; i < 7; i++) await queue.enqueue(JOB, { id: `c-${i}`, n: i });
    await queue.start();
    await eventually(() => done === 7, 10_000);
    expect(maxRunning).toBe(concurrency);
  });

  it('aborts a handler past its deadline and retries, then dead-letters, the item', async () => {
    const queue = await open();
    const signals: AbortSignal[] = [];
    queue.consume(
      JOB,
      async (_p, { signal }) => {
        signals.push(signal);
        await new Promise(() => undefined); // hangs, ignoring the signal
      },
      { deadlineMs: 300, maxDeliver: 2 },
    );
    await queue.start();
    await queue.enqueue(JOB, { id: 'hung', n: 1 });
    await eventually(async () => (await queue.deadLetters()).length === 1, 10_000);
    expect(signals).toHaveLength(2);
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(await queue.deadLetters()).toEqual([
      expect.objectContaining({ reason: 'the handler ran past its deadline of 300 ms', deliveries: 2 }),
    ]);
    await queue.close(); // does not wait for the hung handlers
  });

  it('keeps a job enqueued before any consumer, across a restart, until one handles it', async () => {
    const producer = await open();
    await withCorrelationId('export-1', () => producer.enqueue(JOB, { id: 'kept', n: 1 }));
    await producer.close();

    const queue = await open();
    const seen: { id: string; correlationId: string }[] = [];
    queue.consume(JOB, async (payload, { correlationId }) => {
      seen.push({ id: payload.id, correlationId });
    });
    await queue.start();
    await eventually(() => seen.length === 1, 5000);
    expect(seen).toEqual([{ id: 'kept', correlationId: 'export-1' }]);
  });

  it('hands a job a stopped process held back at start, at once, as its next delivery', async () => {
    const producer = await open();
    await producer.enqueue(JOB, { id: 'orphan', n: 1 });
    await producer.close();
    // A process takes the job and dies without finishing it.
    const dying = await openBoss();
    expect(await dying.fetch('jobs.test')).toHaveLength(1);
    await dying.stop({ graceful: false });

    const queue = await open();
    const seen: { id: string; deliveryCount: number }[] = [];
    queue.consume(JOB, async (payload, { deliveryCount }) => {
      seen.push({ id: payload.id, deliveryCount });
    });
    const started = Date.now();
    await queue.start();
    await eventually(() => seen.length === 1, 5000);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(seen).toEqual([{ id: 'orphan', deliveryCount: 2 }]);
  });

  it('dead-letters a job whose every delivery died with its process', async () => {
    const producer = await open();
    await withCorrelationId('export-3', () => producer.enqueue(JOB, { id: 'cursed', n: 1 }));
    await producer.close();
    const dying = await openBoss();
    expect(await dying.fetch('jobs.test')).toHaveLength(1);
    await dying.stop({ graceful: false });

    const queue = await open();
    const handler = jest.fn(async () => undefined);
    queue.consume(JOB, handler, { maxDeliver: 1 });
    await queue.start();
    await eventually(async () => (await queue.deadLetters()).length === 1, 5000);
    expect(handler).not.toHaveBeenCalled();
    expect(await queue.deadLetters()).toEqual([
      {
        subject: 'jobs.test',
        payload: { id: 'cursed', n: 1 },
        reason: exhaustedReason(1),
        deliveries: 1,
        correlationId: 'export-3',
      },
    ]);
  });

  it('fails its check once closed', async () => {
    const queue = await open();
    await queue.start();
    await expect(queue.check()).resolves.toBeUndefined();
    await queue.close();
    await expect(queue.check()).rejects.toThrow('closed');
  });
});
