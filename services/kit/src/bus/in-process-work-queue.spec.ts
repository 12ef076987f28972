import { z } from 'zod';
import { jobContract } from '@chatexhibit/proto/contract';
import { createLogger, currentCorrelationId, withCorrelationId } from '../logging/logger';
import { InProcessWorkQueue } from './in-process-work-queue';
import { afterFailure, PermanentJobError } from './work-queue';

const JOB = jobContract('jobs.test', z.object({ id: z.string(), n: z.number() }), (p) => p.id);
const logger = createLogger({ part: 'test', level: 'silent' });

const eventually = async (condition: () => boolean, timeoutMs = 5000) => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('afterFailure', () => {
  it('backs off exponentially and gives up at maxDeliver', () => {
    const transient = new Error('timeout');
    expect(afterFailure(transient, 1, 3)).toEqual({ action: 'retry', delayMs: 1000 });
    expect(afterFailure(transient, 2, 3)).toEqual({ action: 'retry', delayMs: 2000 });
    expect(afterFailure(transient, 3, 3)).toEqual({ action: 'dead-letter' });
    expect(afterFailure(transient, 20, 99)).toEqual({ action: 'retry', delayMs: 60_000 });
  });

  it('gives up at once on a permanent failure', () => {
    expect(afterFailure(new PermanentJobError('no chat text in the ZIP'), 1, 5)).toEqual({
      action: 'dead-letter',
    });
  });
});

describe('InProcessWorkQueue', () => {
  let queue: InProcessWorkQueue;
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    queue = new InProcessWorkQueue(logger);
  });
  afterEach(async () => {
    jest.useRealTimers();
    await queue.close();
  });

  const advance = async (ms: number) => {
    await jest.advanceTimersByTimeAsync(ms);
  };

  it('delivers items enqueued before start once it starts, with a copy of the payload', async () => {
    const seen: unknown[] = [];
    queue.consume(JOB, async (payload, context) => {
      seen.push({ payload, deliveryCount: context.deliveryCount });
    });
    const payload = { id: 'a', n: 1 };
    await queue.enqueue(JOB, payload);
    payload.n = 99;
    await advance(10);
    expect(seen).toEqual([]);
    await queue.start();
    await advance(10);
    expect(seen).toEqual([{ payload: { id: 'a', n: 1 }, deliveryCount: 1 }]);
  });

  it('retries a throwing handler with backoff, then succeeds', async () => {
    const deliveries: number[] = [];
    queue.consume(JOB, async (_payload, { deliveryCount }) => {
      deliveries.push(deliveryCount);
      if (deliveryCount < 3) throw new Error('transient');
    });
    await queue.start();
    await queue.enqueue(JOB, { id: 'b', n: 1 });
    await advance(10);
    expect(deliveries).toEqual([1]);
    await advance(1000);
    expect(deliveries).toEqual([1, 2]);
    await advance(2000);
    expect(deliveries).toEqual([1, 2, 3]);
    await advance(10_000);
    expect(deliveries).toEqual([1, 2, 3]);
    expect(queue.deadLetters).toEqual([]);
  });

  it('dead-letters with the reason after maxDeliver failures', async () => {
    let calls = 0;
    queue.consume(
      JOB,
      async () => {
        calls += 1;
        throw new Error('disk full');
      },
      { maxDeliver: 2 },
    );
    await queue.start();
    await queue.enqueue(JOB, { id: 'c', n: 1 });
    await advance(5000);
    expect(calls).toBe(2);
    expect(queue.deadLetters).toEqual([
      expect.objectContaining({
        subject: 'jobs.test',
        reason: 'disk full',
        deliveries: 2,
        payload: { id: 'c', n: 1 },
      }),
    ]);
  });

  it('drops a duplicate within the window and refuses an invalid payload at the sender', async () => {
    const seen: string[] = [];
    queue.consume(JOB, async (p) => {
      seen.push(p.id);
    });
    await queue.start();
    await queue.enqueue(JOB, { id: 'd', n: 1 });
    await queue.enqueue(JOB, { id: 'd', n: 2 });
    await expect(queue.enqueue(JOB, { id: 'e', n: 'x' } as never)).rejects.toThrow(
      'invalid payload for jobs.test',
    );
    await advance(10);
    expect(seen).toEqual(['d']);
  });

  it('waits for the job in hand on close', async () => {
    let finished = false;
    queue.consume(JOB, async () => {
      await new Promise((r) => setTimeout(r, 50));
      finished = true;
    });
    await queue.start();
    await queue.enqueue(JOB, { id: 'f', n: 1 });
    await advance(1);
    const closed = queue.close();
    await advance(60);
    await closed;
    expect(finished).toBe(true);
    await expect(queue.check()).rejects.toThrow('closed');
  });
});

describe('InProcessWorkQueue with real timers', () => {
  it('runs the handler under the correlation id of the enqueuer', async () => {
    const queue = new InProcessWorkQueue(logger);
    const ids: (string | undefined)[] = [];
    queue.consume(JOB, async (_p, context) => {
      ids.push(currentCorrelationId(), context.correlationId);
    });
    await queue.start();
    await withCorrelationId('export-1', () => queue.enqueue(JOB, { id: 'g', n: 1 }));
    await eventually(() => ids.length === 2);
    expect(ids).toEqual(['export-1', 'export-1']);
    await queue.close();
  });
});
