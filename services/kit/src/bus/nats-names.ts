import type { JobContract } from '@chatexhibit/proto/contract';

/**
 * The JetStream streams, consumers and buckets of a deployment with NATS prefix `prefix`, named
 * once for the adapters that use them and the permissions that allow them.
 */

/** The work-queue stream of every job subject. */
export const jobStream = (prefix: string): string => `${prefix}_jobs`;

/**
 * What one service's jobs gave up on, kept 30 days: a stream per service, so that a service
 * reads and forgets only its own dead letters (those of mail jobs hold buyers' addresses).
 */
export const deadLetterStream = (prefix: string, service: string): string =>
  `${prefix}_dead_letters_${service}`;

/** The one dead-letter stream of every service before each had its own (moved by nats-setup). */
export const sharedDeadLetterStream = (prefix: string): string => `${prefix}_dead_letters`;

/** Where a job subject's dead letters are published. */
export const deadLetterSubject = (prefix: string, contract: JobContract): string =>
  `${prefix}.dead-letter.${contract.subject}`;

/** The last progress event of each export. */
export const progressStream = (prefix: string): string => `${prefix}_progress`;

/**
 * The runs of jobs begun and not settled, by `<durable>.<stream sequence>` (a key-value bucket;
 * its stream is `KV_<bucket>`): how a delivery tells that its process died before.
 */
export const jobRunsBucket = (prefix: string): string => `${prefix}_job_runs`;

/** The gateway's rate-limit counts (a key-value bucket; its stream is `KV_<bucket>`). */
export const rateLimitBucket = (prefix: string): string => `${prefix}_rate_limits`;

/** The durable consumer of a job subject, shared by every replica that consumes it. */
export const durableName = (contract: JobContract): string => contract.subject.replace(/\./g, '-');
