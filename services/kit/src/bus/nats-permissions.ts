import { createUser } from 'nkeys.js';
import { PART_NAMES, type PartName } from '@chatexhibit/proto/health';
import { type SubjectUse, SUBJECT_USES } from '@chatexhibit/proto/subjects';
import { consumingPart } from '../metrics/metrics';
import { catalogueJobs } from './jetstream-setup';
import {
  deadLetterStream,
  deadLetterSubject,
  durableName,
  jobRunsBucket,
  jobStream,
  progressStream,
  rateLimitBucket,
  sharedDeadLetterStream,
} from './nats-names';

/** What one NATS user may publish and subscribe to (nats-server's `permissions` block). */
export interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
  /** May answer each request it receives, once, on the request's reply subject. */
  allow_responses?: true;
}

/**
 * The NATS user of `nats-setup`, which makes the streams, consumers and buckets and brings their
 * settings up to date (jetstream-setup.ts). It is no part: its key is used by that one step,
 * before the parts start, so a part's key cannot change how anything is stored or delivered.
 */
export const SETUP_USER = 'setup';

/** Whoever connects to NATS: a part, or the setup. */
export type NatsUser = PartName | typeof SETUP_USER;
export const NATS_USERS: readonly NatsUser[] = [...PART_NAMES, SETUP_USER];

/** Where a user's replies arrive: its own inbox subjects, which no other user may subscribe to. */
export const natsInboxPrefix = (prefix: string, user: NatsUser): string => `_INBOX.${prefix}.${user}`;

const JS = '$JS.API';

/**
 * Each user's NATS permissions under deployment prefix `prefix`: a part's are generated from
 * proto's table of who uses each subject (SUBJECT_USES) and the JetStream API calls the kit's
 * adapters make for what the part does there, nothing else; the setup's are those of making
 * what the parts use.
 */
export function natsPermissions(prefix: string): Record<NatsUser, NatsPermissions> {
  return {
    ...(Object.fromEntries(PART_NAMES.map((part) => [part, permissionsOf(part, prefix)])) as Record<
      PartName,
      NatsPermissions
    >),
    [SETUP_USER]: setupPermissions(prefix),
  };
}

/**
 * A part's JetStream API is that of using what the setup made: pulling from, acknowledging and
 * asking about its own consumers, its own records and dead letters, and progress by subject. It
 * may create, change, delete or list nothing, nor read a stream by sequence but its dead letters.
 */
function permissionsOf(part: PartName, prefix: string): NatsPermissions {
  const publish = new Set<string>([`${JS}.INFO`]);
  const subscribe = new Set<string>([`${natsInboxPrefix(prefix, part)}.>`]);
  let answers = false;
  const subject = (name: string) => `${prefix}.${name}`;
  const jobs = jobStream(prefix);
  const progress = progressStream(prefix);
  const jobRuns = jobRunsBucket(prefix);

  for (const use of SUBJECT_USES) {
    switch (use.contract.kind) {
      case 'request': {
        const { answeredBy, askedBy } = use as Extract<SubjectUse, { answeredBy: unknown }>;
        if (answeredBy === part) {
          subscribe.add(subject(use.contract.subject));
          answers = true;
        }
        if (askedBy.includes(part)) publish.add(subject(use.contract.subject));
        break;
      }
      case 'job': {
        const { consumedBy, enqueuedBy } = use as Extract<SubjectUse, { consumedBy: unknown }>;
        if (consumedBy === part) {
          const durable = durableName(use.contract);
          publish.add(`${JS}.CONSUMER.INFO.${jobs}.${durable}`);
          publish.add(`${JS}.CONSUMER.MSG.NEXT.${jobs}.${durable}`);
          publish.add(`$JS.ACK.${jobs}.${durable}.>`);
          // The records of its own jobs' runs, keyed by its consumer: no other part's.
          publish.add(`$KV.${jobRuns}.${durable}.>`);
          publish.add(`${JS}.DIRECT.GET.KV_${jobRuns}.$KV.${jobRuns}.${durable}.>`);
          publish.add(deadLetterSubject(prefix, use.contract));
          // Forgetting an export or a contact message searches its own dead letters for its payloads.
          const deadLetters = deadLetterStream(prefix, consumingPart(use.contract.subject));
          publish.add(`${JS}.STREAM.INFO.${deadLetters}`);
          publish.add(`${JS}.STREAM.MSG.GET.${deadLetters}`);
          publish.add(`${JS}.STREAM.MSG.DELETE.${deadLetters}`);
        }
        if (enqueuedBy.includes(part)) publish.add(subject(use.contract.subject));
        break;
      }
      case 'event': {
        const { publishedBy, readBy } = use as Extract<SubjectUse, { publishedBy: unknown }>;
        const family = subject(use.contract.wildcard);
        // A publisher reads the stored event of the one subject it names (to never go backwards);
        // a direct get by subject cannot page through the stream as a get by sequence could.
        const latest = `${JS}.DIRECT.GET.${progress}.${family}`;
        if (publishedBy.includes(part)) publish.add(family).add(latest);
        if (readBy.includes(part)) {
          subscribe.add(family);
          publish.add(latest);
        }
        break;
      }
    }
  }

  if (part === 'gateway') {
    // The gateway's rate-limit counts: a key-value bucket of its own (its health check asks about it).
    const bucket = rateLimitBucket(prefix);
    publish.add(`${JS}.STREAM.INFO.KV_${bucket}`);
    publish.add(`$KV.${bucket}.>`);
    publish.add(`${JS}.DIRECT.GET.KV_${bucket}.$KV.${bucket}.>`);
  }

  return {
    publish: { allow: [...publish].sort() },
    subscribe: { allow: [...subscribe].sort() },
    ...(answers && { allow_responses: true as const }),
  };
}

/** The setup's: making and updating every stream, consumer and bucket of the deployment. */
function setupPermissions(prefix: string): NatsPermissions {
  const jobs = jobStream(prefix);
  const catalogue = catalogueJobs();
  const services = new Set(catalogue.map((job) => consumingPart(job.subject)));
  const publish = new Set<string>([`${JS}.INFO`]);
  for (const stream of [
    jobs,
    ...[...services].map((service) => deadLetterStream(prefix, service)),
    progressStream(prefix),
    `KV_${jobRunsBucket(prefix)}`,
    `KV_${rateLimitBucket(prefix)}`,
  ])
    for (const action of ['INFO', 'CREATE', 'UPDATE']) publish.add(`${JS}.STREAM.${action}.${stream}`);
  for (const job of catalogue) {
    const durable = durableName(job);
    publish.add(`${JS}.CONSUMER.INFO.${jobs}.${durable}`);
    // The filter is part of the API subject: each consumer is made on its own job subject only.
    publish.add(`${JS}.CONSUMER.CREATE.${jobs}.${durable}.${prefix}.${job.subject}`);
  }
  // The shared dead-letter stream of earlier releases: its letters move to their services' streams.
  const shared = sharedDeadLetterStream(prefix);
  for (const action of ['INFO', 'MSG.GET', 'DELETE']) publish.add(`${JS}.STREAM.${action}.${shared}`);
  for (const job of catalogue) publish.add(deadLetterSubject(prefix, job));
  return {
    publish: { allow: [...publish].sort() },
    subscribe: { allow: [`${natsInboxPrefix(prefix, SETUP_USER)}.>`] },
  };
}

/** nats-server's configuration of who may connect: one user per part, and the setup. */
export interface NatsAuthorization {
  authorization: { users: { nkey: string; permissions: NatsPermissions }[] };
}

/**
 * A new nkey for every part and the setup, and nats-server's `authorization` block that knows
 * each by its public key, with its permissions. Anything else (a client without credentials, or
 * with a key not listed) is refused at connect. The block is JSON, which nats-server's
 * configuration format reads as it is; the seeds are secrets, one per user (NATS_NKEY_SEED).
 */
export function newNatsCredentials(prefix: string): {
  seeds: Record<NatsUser, string>;
  authorization: NatsAuthorization;
} {
  const permissions = natsPermissions(prefix);
  const seeds = {} as Record<NatsUser, string>;
  const users = NATS_USERS.map((name) => {
    const user = createUser();
    seeds[name] = new TextDecoder().decode(user.getSeed());
    return { nkey: user.getPublicKey(), permissions: permissions[name] };
  });
  return { seeds, authorization: { authorization: { users } } };
}
