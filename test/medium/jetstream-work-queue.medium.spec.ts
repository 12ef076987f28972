import { connect, type NatsConnection } from 'nats';
import { z } from 'zod';
import { jobContract } from '@chatexhibit/proto/contract';
import { JetStreamWorkQueue } from '@chatexhibit/kit/bus/jetstream-work-queue';
import { createLogger, withCorrelationId } from '@chatexhibit/kit/logging/logger';
import { eventually } from '../support/eventually';
import { testServers, uniqueName } from '../support/servers';

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
      { url: testServers().natsUrl, prefix, name: 'test' },
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
});
