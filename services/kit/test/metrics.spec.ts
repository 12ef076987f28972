import { Registry } from 'prom-client';
import { z } from 'zod';
import { jobContract } from '@chatexhibit/proto/contract';
import { SERVICE_NAMES } from '@chatexhibit/proto/health';
import { JOBS } from '@chatexhibit/proto/subjects';
import {
  type Consumer,
  DEFAULT_CONSUMER_OPTIONS,
  deliver,
  type Delivery,
  PermanentJobError,
} from '../src/bus/work-queue';
import { createLogger } from '../src/logging/logger';
import { consumingPart, JobMetrics } from '../src/metrics/metrics';
import { sampleValue } from '../../../test/support/metrics';

/** The queue is not stopping in these tests. */
const running = new AbortController().signal;

const JOB = jobContract('jobs.ingest', z.object({ id: z.string() }), (p) => p.id);
const logger = createLogger({ part: 'test', level: 'silent' });

const delivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  deliveryCount: 1,
  correlationId: 'export-1',
  decode: () => ({ id: 'a' }),
  ack: async () => undefined,
  retry: async () => undefined,
  deadLetter: async () => undefined,
  begin: async () => 0,
  ...overrides,
});

const consumer = (handler: () => Promise<void>): Consumer => ({
  contract: JOB,
  handler,
  options: DEFAULT_CONSUMER_OPTIONS,
});

/** The value of the sample `name{labels}` the registry exposes now, or undefined. */
const sample = async (registry: Registry, name: string, labels: Record<string, string>) =>
  sampleValue(await registry.metrics(), name, labels);

describe('job metrics', () => {
  it('names the service consuming each job of the catalogue', () => {
    for (const job of JOBS) expect(SERVICE_NAMES).toContain(consumingPart(job.subject));
  });

  it('counts each delivery by how deliver settled it, and dead letters apart', async () => {
    const registry = new Registry();
    const metrics = new JobMetrics(registry);
    const deliveries: [Delivery, () => Promise<void>][] = [
      [delivery(), async () => undefined],
      [
        delivery(),
        async () => {
          throw new Error('transient');
        },
      ],
      [
        delivery(),
        async () => {
          throw new PermanentJobError('not a ZIP');
        },
      ],
      [delivery({ decode: () => ({ id: 5 }) }), async () => undefined],
    ];
    for (const [item, handler] of deliveries)
      await deliver(item, consumer(handler), logger, metrics, running);
    const handled = (outcome: string) =>
      sample(registry, 'chatexhibit_job_duration_seconds_count', {
        part: 'ingest',
        subject: 'jobs.ingest',
        outcome,
      });
    expect(await handled('ok')).toBe(1);
    expect(await handled('retry')).toBe(1);
    // The file nobody can process is refused; only the broken payload is a dead letter.
    expect(await handled('refused')).toBe(1);
    expect(await handled('dead_letter')).toBe(1);
    expect(
      await sample(registry, 'chatexhibit_dead_letters_total', { part: 'ingest', subject: 'jobs.ingest' }),
    ).toBe(1);
  });

  it('reads the queue depth on each scrape, and leaves it out when the queue cannot answer', async () => {
    const registry = new Registry();
    let depth: number | Error = 3;
    new JobMetrics(registry).measureQueueDepth(
      {
        depths: async () => {
          if (depth instanceof Error) throw depth;
          return [{ subject: 'jobs.parse', depth }];
        },
      },
      logger,
    );
    const depthOfParse = () =>
      sample(registry, 'chatexhibit_queue_depth', { part: 'parse', subject: 'jobs.parse' });
    expect(await depthOfParse()).toBe(3);
    depth = 7;
    expect(await depthOfParse()).toBe(7);
    depth = new Error('NATS connection closed');
    expect(await depthOfParse()).toBeUndefined();
  });
});
