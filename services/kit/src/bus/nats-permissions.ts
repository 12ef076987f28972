import { createUser } from 'nkeys.js';
import { PART_NAMES, type PartName } from '@chatexhibit/proto/health';
import { type SubjectUse, SUBJECT_USES } from '@chatexhibit/proto/subjects';
import {
  deadLetterStream,
  durableName,
  jobRunsBucket,
  jobStream,
  progressStream,
  rateLimitBucket,
} from './nats-names';

/** What one NATS user may publish and subscribe to (nats-server's `permissions` block). */
export interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
  /** May answer each request it receives, once, on the request's reply subject. */
  allow_responses?: true;
}

/**
 * The part that brings the streams' settings up to date at start; the others only create a
 * stream that is missing. A part allowed to change a stream's subjects could make the stream
 * capture other parts' replies and read them back, so only one part may.
 */
export const STREAM_KEEPER: PartName = 'gateway';

/** Where a part's replies arrive: its own inbox subjects, which no other part may subscribe to. */
export const natsInboxPrefix = (prefix: string, part: PartName): string => `_INBOX.${prefix}.${part}`;

const JS = '$JS.API';

/**
 * Each part's NATS permissions under deployment prefix `prefix`, generated from proto's table of
 * who uses each subject (SUBJECT_USES) and the JetStream API calls the kit's adapters make for
 * what the part does there: nothing else is allowed.
 */
export function natsPermissions(prefix: string): Record<PartName, NatsPermissions> {
  return Object.fromEntries(PART_NAMES.map((part) => [part, permissionsOf(part, prefix)])) as Record<
    PartName,
    NatsPermissions
  >;
}

function permissionsOf(part: PartName, prefix: string): NatsPermissions {
  const publish = new Set<string>([`${JS}.INFO`]);
  const subscribe = new Set<string>([`${natsInboxPrefix(prefix, part)}.>`]);
  let answers = false;
  const subject = (name: string) => `${prefix}.${name}`;

  /** Every part opens the work queue and the progress channel, which create a missing stream. */
  const manageStream = (stream: string) => {
    publish.add(`${JS}.STREAM.INFO.${stream}`);
    publish.add(`${JS}.STREAM.CREATE.${stream}`);
    if (part === STREAM_KEEPER) publish.add(`${JS}.STREAM.UPDATE.${stream}`);
  };
  const jobs = jobStream(prefix);
  const deadLetters = deadLetterStream(prefix);
  const progress = progressStream(prefix);
  const jobRuns = jobRunsBucket(prefix);
  for (const stream of [jobs, deadLetters, progress, `KV_${jobRuns}`]) manageStream(stream);

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
          const filter = subject(use.contract.subject);
          publish.add(`${JS}.CONSUMER.INFO.${jobs}.${durable}`);
          // The filter is part of the API subject, so the part cannot point its consumer elsewhere.
          publish.add(`${JS}.CONSUMER.CREATE.${jobs}.${durable}.${filter}`);
          publish.add(`${JS}.CONSUMER.MSG.NEXT.${jobs}.${durable}`);
          publish.add(`$JS.ACK.${jobs}.${durable}.>`);
          // The records of its own jobs' runs, keyed by its consumer: no other part's.
          publish.add(`$KV.${jobRuns}.${durable}.>`);
          publish.add(`${JS}.DIRECT.GET.KV_${jobRuns}.$KV.${jobRuns}.${durable}.>`);
          publish.add(subject(`dead-letter.${use.contract.subject}`));
          // Forgetting an export or a contact message searches the dead letters for its payloads.
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
    // The gateway's rate-limit counts: a key-value bucket of its own.
    const bucket = rateLimitBucket(prefix);
    manageStream(`KV_${bucket}`);
    publish.add(`$KV.${bucket}.>`);
    publish.add(`${JS}.DIRECT.GET.KV_${bucket}.$KV.${bucket}.>`);
  }

  return {
    publish: { allow: [...publish].sort() },
    subscribe: { allow: [...subscribe].sort() },
    ...(answers && { allow_responses: true as const }),
  };
}

/** nats-server's configuration of who may connect: one user per part. */
export interface NatsAuthorization {
  authorization: { users: { nkey: string; permissions: NatsPermissions }[] };
}

/**
 * A new nkey for every part and nats-server's `authorization` block that knows each part by its
 * public key, with that part's permissions. Anything else (a client without credentials, or with
 * a key not listed) is refused at connect. The block is JSON, which nats-server's configuration
 * format reads as it is; the seeds are secrets, one per part (NATS_NKEY_SEED).
 */
export function newNatsCredentials(prefix: string): {
  seeds: Record<PartName, string>;
  authorization: NatsAuthorization;
} {
  const permissions = natsPermissions(prefix);
  const seeds = {} as Record<PartName, string>;
  const users = PART_NAMES.map((part) => {
    const user = createUser();
    seeds[part] = new TextDecoder().decode(user.getSeed());
    return { nkey: user.getPublicKey(), permissions: permissions[part] };
  });
  return { seeds, authorization: { authorization: { users } } };
}
