import {
  AckPolicy,
  DiscardPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type KV,
  nanos,
  type NatsConnection,
  RetentionPolicy,
  type StoredMsg,
  type StreamConfig,
  StorageType,
} from 'nats';
import type { JobContract } from '@chatexhibit/proto/contract';
import { PROGRESS_EVENT, SUBJECT_USES } from '@chatexhibit/proto/subjects';
import { errorMessage } from '../health/checks';
import { consumingPart } from '../metrics/metrics';
import { RATE_LIMIT_MAX_PERIOD_MS } from '../rate-limit/rate-limit-store';
import {
  deadLetterStream,
  durableName,
  jobRunsBucket,
  jobStream,
  progressStream,
  rateLimitBucket,
  sharedDeadLetterStream,
} from './nats-names';
import { DEFAULT_CONSUMER_OPTIONS } from './work-queue';

/**
 * The JetStream streams, consumers and key-value buckets of a deployment, made and kept up to
 * date by one role: `nats-setup` (the NATS user `setup`) before the parts start, or a part
 * itself on an open server (no keys: development and tests). The parts' own keys may not create,
 * change or delete any of them: a part that could re-create its consumer could change how its
 * jobs are delivered, and one that could change a stream's subjects could make it capture other
 * parts' messages.
 */

const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
const DEAD_LETTER_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A run's record outlives any item's deliveries (a record of an item gone is never read again). */
const RUN_RECORD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** How long an export's last progress is kept: as long as its download link lives. */
const PROGRESS_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

const isNotFound = (error: unknown, what: 'stream' | 'consumer'): boolean =>
  new RegExp(`${what} not found`, 'i').test(errorMessage(error));

/** Creates the stream, or brings an existing one's settings up to date. */
async function ensureStream(manager: JetStreamManager, config: Partial<StreamConfig> & { name: string }) {
  try {
    await manager.streams.info(config.name);
    await manager.streams.update(config.name, config);
  } catch (error) {
    if (!isNotFound(error, 'stream')) throw error;
    await manager.streams.add(config);
  }
}

/** The work-queue stream of every job subject. */
export const ensureJobStream = (manager: JetStreamManager, prefix: string): Promise<void> =>
  ensureStream(manager, {
    name: jobStream(prefix),
    subjects: [`${prefix}.jobs.>`],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  });

/** The dead letters of one service's jobs (`jobs.<service>[.<what>]`). */
export const ensureDeadLetterStream = (manager: JetStreamManager, prefix: string, service: string) =>
  ensureStream(manager, {
    name: deadLetterStream(prefix, service),
    subjects: [`${prefix}.dead-letter.jobs.${service}`, `${prefix}.dead-letter.jobs.${service}.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(DEAD_LETTER_MAX_AGE_MS),
  });

/**
 * The durable pull consumer of a job subject, shared by every replica that consumes it. Its
 * max_deliver is unlimited: the worker counts deliveries itself (see JetStreamWorkQueue).
 */
export async function ensureJobConsumer(
  manager: JetStreamManager,
  prefix: string,
  contract: JobContract,
  ackWaitMs: number,
): Promise<void> {
  const stream = jobStream(prefix);
  const durable = durableName(contract);
  const config = {
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
    max_ack_pending: 1000,
  };
  try {
    await manager.consumers.info(stream, durable);
    await manager.consumers.update(stream, durable, config);
  } catch (error) {
    if (!isNotFound(error, 'consumer')) throw error;
    await manager.consumers.add(stream, {
      ...config,
      durable_name: durable,
      filter_subject: `${prefix}.${contract.subject}`,
    });
  }
}

/** The last progress event of each export: one message per subject, read by subject. */
export const ensureProgressStream = (manager: JetStreamManager, prefix: string): Promise<void> =>
  ensureStream(manager, {
    name: progressStream(prefix),
    subjects: [`${prefix}.${PROGRESS_EVENT.wildcard}`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_msgs_per_subject: 1,
    discard: DiscardPolicy.Old,
    max_age: nanos(PROGRESS_MAX_AGE_MS),
    allow_direct: true,
  });

/** Opens a key-value bucket, creating it when missing. */
const ensureBucket = (jetstream: JetStreamClient, bucket: string, ttlMs: number): Promise<KV> =>
  jetstream.views.kv(bucket, { history: 1, ttl: ttlMs, storage: StorageType.File });

export const ensureJobRunsBucket = (jetstream: JetStreamClient, prefix: string): Promise<KV> =>
  ensureBucket(jetstream, jobRunsBucket(prefix), RUN_RECORD_MAX_AGE_MS);

export const ensureRateLimitBucket = (jetstream: JetStreamClient, prefix: string): Promise<KV> =>
  ensureBucket(jetstream, rateLimitBucket(prefix), RATE_LIMIT_MAX_PERIOD_MS);

/**
 * A bucket made by the setup, opened without asking the server for its stream (which a part may
 * not read); its values are read with direct gets of their keys.
 */
export const bindBucket = (jetstream: JetStreamClient, bucket: string): Promise<KV> =>
  jetstream.views.kv(bucket, { bindOnly: true, allow_direct: true });

/** Empties the one dead-letter stream of earlier releases, whose subjects the services' streams take over. */
async function takeSharedDeadLetters(manager: JetStreamManager, prefix: string): Promise<StoredMsg[]> {
  const shared = sharedDeadLetterStream(prefix);
  let state;
  try {
    ({ state } = await manager.streams.info(shared));
  } catch (error) {
    if (isNotFound(error, 'stream')) return [];
    throw error;
  }
  const letters: StoredMsg[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++)
    await manager.streams.getMessage(shared, { seq }).then(
      (letter) => letters.push(letter),
      (error: unknown) => {
        if (!/no message found/i.test(errorMessage(error))) throw error;
      },
    );
  await manager.streams.delete(shared);
  return letters;
}

/** Every job of the catalogue (proto's SUBJECT_USES), each consumed by one service. */
export const catalogueJobs = (): JobContract[] =>
  SUBJECT_USES.flatMap((use) => ('consumedBy' in use ? [use.contract] : []));

/**
 * Everything the parts use under deployment prefix `prefix`, made or brought up to date: what
 * `nats-setup` does before the parts start and after each upgrade. Dead letters of the shared
 * stream of earlier releases move to their services' streams.
 */
export async function setUpJetStream(connection: NatsConnection, prefix: string): Promise<void> {
  const manager = await connection.jetstreamManager();
  const jetstream = connection.jetstream();
  const jobs = catalogueJobs();
  const letters = await takeSharedDeadLetters(manager, prefix);
  await ensureJobStream(manager, prefix);
  for (const service of new Set(jobs.map((job) => consumingPart(job.subject))))
    await ensureDeadLetterStream(manager, prefix, service);
  for (const job of jobs) await ensureJobConsumer(manager, prefix, job, DEFAULT_CONSUMER_OPTIONS.ackWaitMs);
  await ensureProgressStream(manager, prefix);
  await ensureJobRunsBucket(jetstream, prefix);
  await ensureRateLimitBucket(jetstream, prefix);
  for (const letter of letters)
    await jetstream.publish(letter.subject, letter.data, { headers: letter.header });
}
