import { z } from 'zod';
import { jobContract } from '@chatexhibit/proto/contract';
import {
  diedReason,
  type GaveUp,
  MAX_DEATHS,
  PermanentJobError,
  type WorkQueue,
} from '@chatexhibit/kit/bus/work-queue';
import { currentCorrelationId, withCorrelationId } from '@chatexhibit/kit/logging/logger';
import { type RunningProcess, startProcess } from '../support/child-process';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';

export const JOB = jobContract('jobs.test', z.object({ id: z.string(), n: z.number() }), (p) => p.id);

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A dead letter as the driver's store keeps it. */
export interface StoredDeadLetter {
  /** Where the driver keeps it (`deadLetterSubject` of the job's subject). */
  subject: string;
  payload: unknown;
  reason: string;
  deliveries: number;
  correlationId: string;
}

/** What the contract needs from one driver, against a fresh stream prefix or schema per test. */
export interface WorkQueueFixture {
  /** Before each test: a new place (stream prefix, schema) that no other test uses. */
  setUp(): void | Promise<void>;
  /**
   * After each test, also a failed one: closes every queue `open` returned and removes all the
   * test created (streams, schema), every step even when one fails (see `cleanUpAll`).
   */
  cleanUp(): Promise<void>;
  /** A queue in the test's place; `cleanUp` closes it. */
  open(): Promise<WorkQueue>;
  /** The dead letters kept so far, oldest first. */
  deadLetters(): Promise<StoredDeadLetter[]>;
  /** The subject a dead letter of a job subject is stored under. */
  deadLetterSubject(subject: string): string;
  /** Stores a job as another sender would, bypassing `enqueue`'s check of the payload. */
  publishUnchecked(subject: string, payload: unknown, correlationId: string): Promise<void>;
  /** The environment of test/fixtures/dying-worker.js for a queue of this driver in the test's place. */
  dyingWorkerEnv(): Record<string, string>;
}

/** Cases that each get a fresh place from `driver` and leave nothing of it behind. */
export function describeOnFixture(title: string, driver: WorkQueueFixture, cases: () => void): void {
  describe(title, () => {
    beforeEach(() => driver.setUp());
    afterEach(() => driver.cleanUp());
    cases();
  });
}

/**
 * The semantics every WorkQueue driver promises (work-queue.ts, `deliver`), as one set of
 * cases; each driver's medium spec runs them against its own server.
 */
export function describeWorkQueueContract(driver: WorkQueueFixture): void {
  describeOnFixture('keeps the work-queue contract', driver, () => {
    /** Waits for the one dead letter a case expects, then reads them all. */
    const oneDeadLetter = async (timeoutMs = 10_000) => {
      await eventually(async () => (await driver.deadLetters()).length === 1, timeoutMs, 'one dead letter');
      return driver.deadLetters();
    };
    /** A dead letter of a JOB item, kept where the driver keeps them. */
    const deadLetterOf = (letter: Omit<StoredDeadLetter, 'subject'>): StoredDeadLetter => ({
      subject: driver.deadLetterSubject(JOB.subject),
      ...letter,
    });

    it('delivers each item once to one of several workers, under the enqueuer’s correlation id', async () => {
      const producer = await driver.open();
      const seen: {
        id: string;
        worker: number;
        correlationId: string;
        current?: string;
        deliveryCount: number;
      }[] = [];
      for (const worker of [1, 2]) {
        const queue = await driver.open();
        queue.consume(JOB, async (payload, context) => {
          seen.push({
            id: payload.id,
            worker,
            correlationId: context.correlationId,
            current: currentCorrelationId(),
            deliveryCount: context.deliveryCount,
          });
        });
        await queue.start();
      }
      await withCorrelationId('export-42', async () => {
        for (let i = 0; i < 10; i++) await producer.enqueue(JOB, { id: `item-${i}`, n: i });
      });
      await producer.enqueue(JOB, { id: 'item-3', n: 3 }); // same dedupe key: dropped
      await eventually(() => seen.length >= 10);
      await sleep(500);
      expect(seen.map((s) => s.id).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `item-${i}`).sort());
      expect(new Set(seen.map((s) => s.correlationId))).toEqual(new Set(['export-42']));
      expect(new Set(seen.map((s) => s.current))).toEqual(new Set(['export-42']));
      expect(new Set(seen.map((s) => s.deliveryCount))).toEqual(new Set([1]));
    });

    it('drops an enqueue of the same key while the item waits, and refuses a payload that breaks the contract', async () => {
      const queue = await driver.open();
      const seen: number[] = [];
      queue.consume(JOB, async (payload) => {
        seen.push(payload.n);
      });
      await queue.enqueue(JOB, { id: 'same', n: 1 });
      await queue.enqueue(JOB, { id: 'same', n: 2 });
      await queue.start();
      await eventually(() => seen.length === 1);
      await sleep(500);
      expect(seen).toEqual([1]);
      await expect(queue.enqueue(JOB, { id: 'bad', n: 'x' } as never)).rejects.toThrow(
        'invalid payload for jobs.test',
      );
    });

    it('reports as its depth the items waiting or in hand, per consumed subject', async () => {
      const queue = await driver.open();
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

    it.each([1, 3])('handles as many items at once as its concurrency (%i)', async (concurrency) => {
      const queue = await driver.open();
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

    it('retries a failing handler after the backoff and then succeeds', async () => {
      const queue = await driver.open();
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
      expect(deliveries).toHaveLength(2);
      expect(await driver.deadLetters()).toEqual([]);
    });

    it.each([
      {
        title: 'with the reason after maxDeliver failed deliveries',
        failure: () => new Error('corrupt archive'),
        options: { maxDeliver: 2 },
        deliveries: 2,
      },
      {
        title: 'a permanent failure at once',
        failure: () => new PermanentJobError('no chat text in the ZIP'),
        options: {},
        deliveries: 1,
      },
    ])('dead-letters $title', async ({ failure, options, deliveries }) => {
      const queue = await driver.open();
      let calls = 0;
      queue.consume(
        JOB,
        async () => {
          calls += 1;
          throw failure();
        },
        options,
      );
      await queue.start();
      await withCorrelationId('export-7', () => queue.enqueue(JOB, { id: 'doomed', n: 1 }));
      await oneDeadLetter();
      await sleep(300); // no further delivery follows
      expect(calls).toBe(deliveries);
      expect(await driver.deadLetters()).toEqual([
        deadLetterOf({
          payload: { id: 'doomed', n: 1 },
          reason: failure().message,
          deliveries,
          correlationId: 'export-7',
        }),
      ]);
    });

    it('dead-letters a payload that breaks the contract without calling the handler', async () => {
      const queue = await driver.open();
      const handler = jest.fn(async () => undefined);
      queue.consume(JOB, handler);
      await queue.start();
      await driver.publishUnchecked('jobs.test', { id: 5 }, 'export-9');
      const letters = await oneDeadLetter();
      expect(handler).not.toHaveBeenCalled();
      expect(letters).toEqual([
        deadLetterOf({
          payload: { id: 5 },
          reason: expect.stringMatching(/^invalid payload: /),
          deliveries: 1,
          correlationId: 'export-9',
        }),
      ]);
    });

    it("forgets an export's dead letters, and only its own", async () => {
      const EXPORT_JOB = jobContract(
        'jobs.test.export',
        z.object({ exportId: z.string() }),
        (p) => p.exportId,
      );
      const queue = await driver.open();
      queue.consume(EXPORT_JOB, () => Promise.reject(new PermanentJobError('refused')));
      await queue.start();
      await queue.enqueue(EXPORT_JOB, { exportId: 'gone' });
      await queue.enqueue(EXPORT_JOB, { exportId: 'kept' });
      await eventually(async () => (await driver.deadLetters()).length === 2, 10_000, 'two dead letters');
      // Every service forgets a deleted export's payloads at once: none fails on a letter another deleted.
      await Promise.all([queue.forgetPayloads('exportId', 'gone'), queue.forgetPayloads('exportId', 'gone')]);
      expect((await driver.deadLetters()).map((letter) => letter.payload)).toEqual([{ exportId: 'kept' }]);
    });

    it('aborts a handler past its deadline and retries, then dead-letters, the item', async () => {
      const queue = await driver.open();
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
      const letters = await oneDeadLetter();
      expect(signals).toHaveLength(2);
      expect(signals.every((s) => s.aborted)).toBe(true);
      expect(letters).toEqual([
        deadLetterOf({
          payload: { id: 'hung', n: 1 },
          reason: 'the handler ran past its deadline of 300 ms',
          deliveries: 2,
          correlationId: expect.any(String),
        }),
      ]);
      await queue.close(); // does not wait for the hung handlers
    });

    it('poisons an item whose process ended twice while running it: dead-lettered, its owner told, never run again', async () => {
      const producer = await driver.open();
      await withCorrelationId('export-13', () => producer.enqueue(JOB, { id: 'lethal', n: 1 }));
      const workers: RunningProcess[] = [];
      try {
        // Each worker process takes the item and ends with SIGKILL while running it.
        for (let death = 1; death <= MAX_DEATHS; death++) {
          const worker = startProcess('test/fixtures/dying-worker.js', driver.dyingWorkerEnv());
          workers.push(worker);
          await worker.waitForLine((line) => line.includes('"event":"running"'));
          expect(await worker.exited).toBeNull();
        }
      } finally {
        await cleanUpAll(...workers.map((worker) => () => worker.stop('SIGKILL')));
      }
      const queue = await driver.open();
      const handler = jest.fn(async () => undefined);
      const gaveUp: GaveUp[] = [];
      queue.consume(JOB, handler, { ackWaitMs: 1000, onGiveUp: async (item) => void gaveUp.push(item) });
      await queue.start();
      // The owner is told once the dead letter is stored.
      await eventually(() => gaveUp.length === 1, 20_000, 'the owner told');
      expect(handler).not.toHaveBeenCalled();
      expect(await driver.deadLetters()).toEqual([
        deadLetterOf({
          payload: { id: 'lethal', n: 1 },
          reason: diedReason(MAX_DEATHS),
          deliveries: MAX_DEATHS + 1,
          correlationId: 'export-13',
        }),
      ]);
      expect(gaveUp).toEqual([
        { payload: { id: 'lethal', n: 1 }, reason: diedReason(MAX_DEATHS), refused: false, poisoned: true },
      ]);
    }, 60_000);

    it('keeps a job enqueued before any consumer, across a restart, until one handles it', async () => {
      const producer = await driver.open();
      await withCorrelationId('export-1', () => producer.enqueue(JOB, { id: 'kept', n: 1 }));
      await producer.close();

      const queue = await driver.open();
      const seen: { id: string; correlationId: string }[] = [];
      queue.consume(JOB, async (payload, { correlationId }) => {
        seen.push({ id: payload.id, correlationId });
      });
      await queue.start();
      await eventually(() => seen.length === 1, 5000);
      expect(seen).toEqual([{ id: 'kept', correlationId: 'export-1' }]);
    });

    it('fails its check once closed', async () => {
      const queue = await driver.open();
      await queue.start();
      await expect(queue.check()).resolves.toBeUndefined();
      await queue.close();
      await expect(queue.check()).rejects.toThrow('closed');
    });
  });
}
