import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorMessage } from '../health/checks';
import type { Logger } from '../logging/logger';

/** Every metric of ours starts with this; prom-client's process metrics keep their standard names. */
export const METRIC_PREFIX = 'chatexhibit_';

/**
 * The one registry of a process, scraped at GET /metrics: prom-client's default process
 * metrics (CPU, memory, event loop lag, handles, GC) plus whatever the parts register on it.
 * Standalone mode runs every part in one process, so all seven share it.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * How one delivery of a work item ended: acknowledged, handed back to come again, refused (a
 * PermanentJobError: the uploader's file cannot be processed, which no retry mends and no
 * operator needs to look at) or given up on (dead letter: ours to look at).
 */
export type JobOutcome = 'ok' | 'retry' | 'refused' | 'dead_letter';

/**
 * The service that consumes a job subject: subjects are named `jobs.<service>[.<what>]`
 * (proto/src/subjects.ts), which a unit test checks for every job of the catalogue.
 */
export const consumingPart = (subject: string): string => subject.split('.')[1] ?? subject;

/** Handling times from a few milliseconds up to the 10-minute deadline of a delivery. */
const JOB_DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** One queue subject's items that wait or are in hand, as a driver counts them on a scrape. */
export interface QueueDepth {
  subject: string;
  depth: number;
}

/**
 * Work-queue metrics. `deliver` records every delivery for both drivers alike; the queue depth
 * is read from the queue when Prometheus scrapes, so it costs nothing between scrapes.
 */
export class JobMetrics {
  private readonly duration: Histogram<'part' | 'subject' | 'outcome'>;
  private readonly deadLetters: Counter<'part' | 'subject'>;

  constructor(private readonly registry: Registry) {
    this.duration = new Histogram({
      name: `${METRIC_PREFIX}job_duration_seconds`,
      help: 'Time from a work item being delivered to being settled, by subject and outcome',
      labelNames: ['part', 'subject', 'outcome'],
      buckets: JOB_DURATION_BUCKETS,
      registers: [registry],
    });
    this.deadLetters = new Counter({
      name: `${METRIC_PREFIX}dead_letters_total`,
      help: 'Work items given up on and stored as dead letters',
      labelNames: ['part', 'subject'],
      registers: [registry],
    });
  }

  /** Starts timing one delivery; the returned function records how it ended. */
  startDelivery(subject: string): (outcome: JobOutcome) => void {
    const part = consumingPart(subject);
    const stop = this.duration.startTimer({ part, subject });
    return (outcome) => {
      stop({ outcome });
      if (outcome === 'dead_letter') this.deadLetters.inc({ part, subject });
    };
  }

  /**
   * Reports the depth of each subject the queue consumes, read on every scrape. A queue that cannot be
   * asked (NATS or the database unreachable) leaves the gauge empty rather than stale, and the
   * rest of the scrape still answers.
   */
  measureQueueDepth(queue: { depths(): Promise<QueueDepth[]> }, logger: Logger): void {
    new Gauge({
      name: `${METRIC_PREFIX}queue_depth`,
      help: 'Work items waiting or in hand, per subject this process consumes',
      labelNames: ['part', 'subject'],
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          for (const { subject, depth } of await queue.depths())
            this.set({ part: consumingPart(subject), subject }, depth);
        } catch (error) {
          logger.warn({ err: errorMessage(error) }, 'could not read the queue depth');
        }
      },
    });
  }
}
