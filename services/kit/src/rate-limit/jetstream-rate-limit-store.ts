import { createHash } from 'node:crypto';
import { connect, JSONCodec, type KV, type NatsConnection } from 'nats';
import { bindBucket, ensureRateLimitBucket } from '../bus/jetstream-setup';
import type { NatsAccess } from '../bus/nats-access';
import { rateLimitBucket } from '../bus/nats-names';
import { errorMessage } from '../health/checks';
import { type RateLimitCount, RateLimitStore, type StoredCount } from './rate-limit-store';

const codec = JSONCodec<RateLimitCount>();

/**
 * A count's key as the bucket can hold it: KV keys take only letters, digits and `-/_=.`, while
 * callers name counts freely ("download-code:…", an IPv6 address), so each is stored by its hash.
 */
const bucketKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** JetStream's answer to a write whose expected revision is no longer the key's last. */
const WRONG_LAST_SEQUENCE = 10071;

/**
 * Distributed mode's rate-limit counts: a JetStream KV bucket (`<prefix>_rate_limits`) that every
 * gateway replica shares. A write names the revision it read (expected last subject sequence);
 * the bucket's TTL drops counts nobody has touched for the longest period a limit may have.
 */
export class JetStreamRateLimitStore extends RateLimitStore {
  private constructor(
    private readonly connection: NatsConnection,
    private readonly kv: KV,
  ) {
    super();
  }

  static async connect(options: {
    url: string;
    prefix: string;
    name: string;
    /** The gateway's credentials, reply inbox and TLS (natsAccess); none on an open server. */
    access?: NatsAccess;
    /** Whether it makes its bucket itself, as nats-setup would (an open server only); false by default. */
    setsUp?: boolean;
  }): Promise<JetStreamRateLimitStore> {
    const connection = await connect({
      servers: options.url,
      name: `${options.name}-rate-limits`,
      maxReconnectAttempts: -1,
      waitOnFirstConnect: true,
      ...options.access,
    });
    try {
      const jetstream = connection.jetstream();
      const kv = options.setsUp
        ? await ensureRateLimitBucket(jetstream, options.prefix)
        : await bindBucket(jetstream, JetStreamRateLimitStore.bucket(options.prefix));
      return new JetStreamRateLimitStore(connection, kv);
    } catch (error) {
      await connection.close();
      throw error;
    }
  }

  /** The bucket of an installation with NATS prefix `prefix` (its stream is `KV_<bucket>`). */
  static bucket(prefix: string): string {
    return rateLimitBucket(prefix);
  }

  protected async load(key: string): Promise<StoredCount> {
    const entry = await this.kv.get(bucketKey(key));
    if (!entry || entry.operation !== 'PUT') return { count: null, revision: entry?.revision ?? 0 };
    return { count: codec.decode(entry.value), revision: entry.revision };
  }

  protected async save(key: string, count: RateLimitCount, revision: number): Promise<boolean> {
    try {
      await this.kv.put(bucketKey(key), codec.encode(count), { previousSeq: revision });
      return true;
    } catch (error) {
      if ((error as { api_error?: { err_code?: number } }).api_error?.err_code === WRONG_LAST_SEQUENCE)
        return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  async check(): Promise<void> {
    if (this.connection.isClosed()) throw new Error('NATS connection closed');
    await this.kv.status().catch((error: unknown) => {
      throw new Error(`rate-limit bucket: ${errorMessage(error)}`);
    });
  }
}
