import { Writable } from 'node:stream';
import pino from 'pino';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { jobContract } from '@chatexhibit/proto/contract';
import {
  afterFailure,
  type Consumer,
  DEFAULT_CONSUMER_OPTIONS,
  deliver,
  type Delivery,
  diedReason,
  exhaustedReason,
  type GaveUp,
  ShuttingDownError,
  type JobHandler,
  MAX_DEATHS,
  PermanentJobError,
} from '../src/bus/work-queue';
import { JobMetrics } from '../src/metrics/metrics';

/** The queue is not stopping in these tests. */
const running = new AbortController().signal;

const JOB = jobContract('jobs.test', z.object({ id: z.string() }), (p) => p.id);
const metrics = new JobMetrics(new Registry());

/** A logger whose lines the test reads. */
const capturingLogger = () => {
  const lines: { msg: string; level: number }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
};

/** A delivery that records how it was settled. */
const fakeDelivery = (overrides: Partial<Delivery> = {}) => {
  const settled: string[] = [];
  const delivery: Delivery = {
    deliveryCount: 1,
    correlationId: 'export-1',
    decode: () => ({ id: 'a' }),
    ack: async () => void settled.push('ack'),
    retry: async (delayMs) => void settled.push(`retry ${delayMs}`),
    deadLetter: async (reason, deliveries) => void settled.push(`dead-letter ${deliveries}: ${reason}`),
    // No earlier run ended with its process.
    begin: async () => 0,
    ...overrides,
  };
  return { delivery, settled };
};

const consumer = (handler: JobHandler<typeof JOB>, options: Partial<Consumer['options']> = {}): Consumer => ({
  contract: JOB,
  handler: handler as Consumer['handler'],
  options: { ...DEFAULT_CONSUMER_OPTIONS, ...options },
});

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

describe('deliver', () => {
  it('acks after the handler succeeds, and retries a failure with the backoff', async () => {
    const { logger } = capturingLogger();
    const ok = fakeDelivery();
    await deliver(
      ok.delivery,
      consumer(async () => undefined),
      logger,
      metrics,
      running,
    );
    expect(ok.settled).toEqual(['ack']);
    const failing = fakeDelivery({ deliveryCount: 2 });
    await deliver(
      failing.delivery,
      consumer(async () => {
        throw new Error('transient');
      }),
      logger,
      metrics,
      running,
    );
    expect(failing.settled).toEqual(['retry 2000']);
  });

  it("tells onGiveUp of an item given up for good, with its payload, whether it was refused and the refusal's name", async () => {
    const { logger } = capturingLogger();
    const gaveUp: GaveUp[] = [];
    const onGiveUp = async (item: GaveUp) => void gaveUp.push(item);
    const failing = (error: Error) =>
      consumer(
        async () => {
          throw error;
        },
        { maxDeliver: 3, onGiveUp },
      );
    // A refusal, the last of its deliveries, and one whose workers all died: each is told.
    await deliver(
      fakeDelivery().delivery,
      failing(new PermanentJobError('not a ZIP')),
      logger,
      metrics,
      running,
    );
    await deliver(
      fakeDelivery({ deliveryCount: 3 }).delivery,
      failing(new Error('disk full')),
      logger,
      metrics,
      running,
    );
    await deliver(
      fakeDelivery({ deliveryCount: 4 }).delivery,
      failing(new Error('never runs')),
      logger,
      metrics,
      running,
    );
    // A refusal with a name for it passes the name on.
    await deliver(
      fakeDelivery().delivery,
      failing(new PermanentJobError('no chat in this ZIP', 'NOT_A_WHATSAPP_EXPORT')),
      logger,
      metrics,
      running,
    );
    // A retry and a success are not.
    await deliver(fakeDelivery().delivery, failing(new Error('transient')), logger, metrics, running);
    await deliver(
      fakeDelivery().delivery,
      consumer(async () => undefined, { onGiveUp }),
      logger,
      metrics,
      running,
    );
    expect(gaveUp).toEqual([
      { payload: { id: 'a' }, reason: 'not a ZIP', refused: true, poisoned: false },
      { payload: { id: 'a' }, reason: 'disk full', refused: false, poisoned: false },
      { payload: { id: 'a' }, reason: exhaustedReason(3), refused: false, poisoned: false },
      {
        payload: { id: 'a' },
        reason: 'no chat in this ZIP',
        refused: true,
        refusalReason: 'NOT_A_WHATSAPP_EXPORT',
        poisoned: false,
      },
    ]);
  });

  it('logs a refusal without its reason, which may quote the uploader’s file names', async () => {
    const { logger, lines } = capturingLogger();
    const reason = 'The file "WhatsApp Chat with Jane Roe.txt" in this ZIP archive is damaged.';
    const { delivery, settled } = fakeDelivery();
    const refusing = consumer(async () => {
      throw new PermanentJobError(reason);
    });
    await deliver(delivery, refusing, logger, metrics, running);
    expect(settled).toEqual([`dead-letter 1: ${reason}`]);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'job refused' }));
    expect(JSON.stringify(lines)).not.toContain('Jane Roe');
  });

  it('dead-letters an item past maxDeliver without running the handler', async () => {
    const { logger } = capturingLogger();
    const handler = jest.fn(async () => undefined);
    const { delivery, settled } = fakeDelivery({ deliveryCount: 4 });
    await deliver(delivery, consumer(handler, { maxDeliver: 3 }), logger, metrics, running);
    expect(handler).not.toHaveBeenCalled();
    expect(settled).toEqual([`dead-letter 3: ${exhaustedReason(3)}`]);
  });

  it('records a run before its handler, and poisons an item whose process ended twice while running it', async () => {
    const { logger } = capturingLogger();
    const gaveUp: GaveUp[] = [];
    const events: string[] = [];
    const handler = jest.fn(async () => void events.push('handler'));
    const options = { onGiveUp: async (item: GaveUp) => void gaveUp.push(item) };
    const afterDeaths = (deaths: number) =>
      fakeDelivery({
        deliveryCount: deaths + 1,
        begin: async () => {
          events.push('begin');
          return deaths;
        },
      });
    // One death may be another job's: the item runs again, its run recorded first.
    const once = afterDeaths(1);
    await deliver(once.delivery, consumer(handler, options), logger, metrics, running);
    expect(events).toEqual(['begin', 'handler']);
    expect(once.settled).toEqual(['ack']);
    // A second is the item's own: it is dead-lettered, and its handler never runs again.
    const twice = afterDeaths(MAX_DEATHS);
    await deliver(twice.delivery, consumer(handler, options), logger, metrics, running);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(twice.settled).toEqual([`dead-letter 3: ${diedReason(MAX_DEATHS)}`]);
    expect(gaveUp).toEqual([
      { payload: { id: 'a' }, reason: diedReason(MAX_DEATHS), refused: false, poisoned: true },
    ]);
  });

  it('aborts a handler past its deadline, stops its heartbeats, and counts the delivery failed', async () => {
    const { logger } = capturingLogger();
    let signal: AbortSignal | undefined;
    let beats = 0;
    const { delivery, settled } = fakeDelivery({ heartbeat: { everyMs: 20, beat: () => (beats += 1) } });
    await deliver(
      delivery,
      consumer(
        async (_p, context) => {
          signal = context.signal;
          await new Promise(() => undefined);
        },
        { deadlineMs: 150 },
      ),
      logger,
      metrics,
      running,
    );
    expect(signal?.aborted).toBe(true);
    expect(settled).toEqual(['retry 1000']);
    const beatsAtDeadline = beats;
    expect(beatsAtDeadline).toBeGreaterThan(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(beats).toBe(beatsAtDeadline);
  });

  it('stops a handler when the queue is stopping, and hands its item back', async () => {
    const { logger } = capturingLogger();
    const stopping = new AbortController();
    let signal: AbortSignal | undefined;
    const { delivery, settled } = fakeDelivery();
    const delivered = deliver(
      delivery,
      consumer(async (_p, context) => {
        signal = context.signal;
        await new Promise(() => undefined);
      }),
      logger,
      metrics,
      stopping.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toEqual([]);
    stopping.abort(new ShuttingDownError());
    await delivered;
    expect(signal?.reason).toBeInstanceOf(ShuttingDownError);
    expect(settled).toEqual(['retry 1000']);
  });

  it('survives a dead letter the queue cannot store: logs it and hands the item back', async () => {
    const { logger, lines } = capturingLogger();
    const { delivery, settled } = fakeDelivery({
      decode: () => ({ id: 5 }),
      deadLetter: async () => {
        throw new Error('NATS connection closed');
      },
    });
    await expect(
      deliver(
        delivery,
        consumer(async () => undefined),
        logger,
        metrics,
        running,
      ),
    ).resolves.toBeUndefined();
    expect(settled).toEqual(['retry 5000']);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'could not settle the job; it will be delivered again' }),
    );
  });
});
