import path from 'node:path';
import type { Registry } from 'prom-client';
import type { PartConfig } from '../config/part-config';
import { InProcessRequestBus } from '../bus/in-process-request-bus';
import { JetStreamWorkQueue } from '../bus/jetstream-work-queue';
import { natsAccess } from '../bus/nats-access';
import { NatsRequestBus } from '../bus/nats-request-bus';
import { PgBossWorkQueue } from '../bus/pg-boss-work-queue';
import type { RequestBus } from '../bus/request-bus';
import type { WorkQueue } from '../bus/work-queue';
import type { Logger } from '../logging/logger';
import { createMetricsRegistry, JobMetrics } from '../metrics/metrics';
import { JetStreamProgressChannel } from '../progress/jetstream-progress-channel';
import { PostgresProgressChannel } from '../progress/postgres-progress-channel';
import type { ProgressChannel } from '../progress/progress-channel';
import { JetStreamRateLimitStore } from '../rate-limit/jetstream-rate-limit-store';
import { PostgresRateLimitStore } from '../rate-limit/postgres-rate-limit-store';
import type { RateLimitStore } from '../rate-limit/rate-limit-store';
import { MailTransport, OutboxMailTransport, SmtpMailTransport } from '../mail/mail-transport';
import { LocalObjectStorage } from '../storage/local-object-storage';
import type { ObjectStorage } from '../storage/object-storage';
import { S3ObjectStorage } from '../storage/s3-object-storage';

export type RunMode = 'standalone' | 'distributed';

/**
 * The adapters one process runs on, chosen by run mode before Nest starts: parts are written
 * against the abstract RequestBus, WorkQueue, ProgressChannel, RateLimitStore, ObjectStorage and
 * MailTransport only.
 */
export interface Platform {
  mode: RunMode;
  logger: Logger;
  requestBus: RequestBus;
  workQueue: WorkQueue;
  progress: ProgressChannel;
  /** The gateway's rate-limit counts, shared by its replicas; null in a part that serves no API. */
  rateLimits: RateLimitStore | null;
  storage: ObjectStorage | null;
  mail: MailTransport | null;
  databaseUrl: string | null;
  /** The process's metrics registry, served at GET /metrics. */
  metrics: Registry;
}

/** One part in its own process: NATS, JetStream, S3 and SMTP as its configuration says. */
export async function createDistributedPlatform(config: PartConfig, logger: Logger): Promise<Platform> {
  const name = `chatexhibit-${config.part}`;
  const access = natsAccess(config.nats, config.part);
  // Without a key the server is open (development, tests): nobody ran nats-setup, the part may.
  const setsUp = config.nats.nkeySeed === undefined;
  const metrics = createMetricsRegistry();
  const jobMetrics = new JobMetrics(metrics);
  let storage: S3ObjectStorage | null = null;
  if (config.storage) {
    storage = new S3ObjectStorage(config.storage);
    await storage.ensureBucket();
  }
  const workQueue = await JetStreamWorkQueue.connect(
    { url: config.nats.url, prefix: config.nats.prefix, name, metrics: jobMetrics, access, setsUp },
    logger,
  );
  jobMetrics.measureQueueDepth(workQueue, logger);
  return {
    mode: 'distributed',
    logger,
    requestBus: new NatsRequestBus(
      { url: config.nats.url, prefix: config.nats.prefix, queue: config.part, name, access },
      logger,
    ),
    workQueue,
    progress: await JetStreamProgressChannel.connect({
      url: config.nats.url,
      prefix: config.nats.prefix,
      name,
      access,
      setsUp,
    }),
    rateLimits:
      config.part === 'gateway'
        ? await JetStreamRateLimitStore.connect({
            url: config.nats.url,
            prefix: config.nats.prefix,
            name,
            access,
            setsUp,
          })
        : null,
    storage,
    mail: config.mail ? new SmtpMailTransport(config.mail.smtpUrl, config.mail.from) : null,
    databaseUrl: config.databaseUrl ?? null,
    metrics,
  };
}

/**
 * Every part in one process: in-process request bus, durable jobs in the database (pg-boss, in
 * schema `work_queue`), a data folder for files and mail (or an SMTP server when `smtpUrl` is set).
 */
export async function createStandalonePlatform(options: {
  dataDir: string;
  databaseUrl: string;
  mailFrom: string;
  smtpUrl?: string;
  logger: Logger;
}): Promise<Platform> {
  const metrics = createMetricsRegistry();
  const jobMetrics = new JobMetrics(metrics);
  const workQueue = await PgBossWorkQueue.open(
    { databaseUrl: options.databaseUrl, schema: 'work_queue', metrics: jobMetrics },
    options.logger,
  );
  jobMetrics.measureQueueDepth(workQueue, options.logger);
  return {
    mode: 'standalone',
    logger: options.logger,
    requestBus: new InProcessRequestBus(options.logger),
    workQueue,
    progress: await PostgresProgressChannel.open(options.databaseUrl),
    rateLimits: await PostgresRateLimitStore.open(options.databaseUrl),
    storage: new LocalObjectStorage(path.join(options.dataDir, 'objects')),
    mail: options.smtpUrl
      ? new SmtpMailTransport(options.smtpUrl, options.mailFrom)
      : new OutboxMailTransport(path.join(options.dataDir, 'outbox'), options.mailFrom, options.logger),
    databaseUrl: options.databaseUrl,
    metrics,
  };
}
