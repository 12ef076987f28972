import type { ThrottlerStorage } from '@nestjs/throttler';

/** What @nestjs/throttler reads back from a hit (its own type is not exported); times in seconds. */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One key's count as stored: hits in the current window and how long a block lasts (ms since the epoch). */
export interface RateLimitCount {
  hits: number;
  windowEndsAt: number;
  /** 0 when the key is not blocked. */
  blockedUntil: number;
}

/** A stored count with the revision a compare-and-set must name; revision 0: nothing stored. */
export interface StoredCount {
  count: RateLimitCount | null;
  revision: number;
}

/**
 * The longest a count is kept: every window and block must fit in it (the NATS KV bucket's TTL,
 * the PostgreSQL sweep's horizon).
 */
export const RATE_LIMIT_MAX_PERIOD_MS = 24 * 60 * 60 * 1000;

/** Compare-and-set attempts before a hit counts as refused: only a flood on one key gets this far. */
const SAVE_ATTEMPTS = 20;
/** The longest pause after a lost compare-and-set, times the attempt. */
const CONFLICT_PAUSE_MS = 5;

/**
 * The count after one more hit at `now`: a fixed window of `ttlMs` from its first hit; the hit
 * past `limit` blocks the key for `blockDurationMs`, and hits while blocked are not counted.
 */
export function countHit(
  current: RateLimitCount | null,
  now: number,
  ttlMs: number,
  limit: number,
  blockDurationMs: number,
): RateLimitCount {
  if (current && current.blockedUntil > now) return current;
  const hits = current && current.windowEndsAt > now ? current.hits + 1 : 1;
  return {
    hits,
    windowEndsAt: hits === 1 ? now + ttlMs : current!.windowEndsAt,
    blockedUntil: hits > limit ? now + blockDurationMs : 0,
  };
}

const secondsUntil = (at: number, now: number): number => Math.max(0, Math.ceil((at - now) / 1000));

/**
 * Rate-limit counts shared by every gateway replica (@nestjs/throttler's storage): NATS JetStream
 * KV in distributed mode, PostgreSQL in standalone mode. Drivers store counts; the counting is
 * done here once, written back with compare-and-set, so two replicas counting the same key at
 * once never lose a hit.
 */
export abstract class RateLimitStore implements ThrottlerStorage {
  /** The key's count and its revision. */
  protected abstract load(key: string): Promise<StoredCount>;
  /** Stores `count` if the key is still at `revision` (0: still absent); false if it moved on. */
  protected abstract save(key: string, count: RateLimitCount, revision: number): Promise<boolean>;
  abstract close(): Promise<void>;
  abstract check(): Promise<void>;

  /** Counts one hit on `key` (@nestjs/throttler's `ThrottlerStorage.increment`; times in ms). */
  async increment(
    key: string,
    ttlMs: number,
    limit: number,
    blockDurationMs: number,
  ): Promise<ThrottlerStorageRecord> {
    if (Math.max(ttlMs, blockDurationMs) > RATE_LIMIT_MAX_PERIOD_MS)
      throw new Error(`a rate limit's period is longer than ${RATE_LIMIT_MAX_PERIOD_MS} ms`);
    for (let attempt = 1; attempt <= SAVE_ATTEMPTS; attempt++) {
      const { count, revision } = await this.load(key);
      const now = Date.now();
      const next = countHit(count, now, ttlMs, limit, blockDurationMs);
      if (next === count || (await this.save(key, next, revision))) return record(next, now);
      // Another replica counted first: read again after a random pause, so the racers spread out.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * CONFLICT_PAUSE_MS * attempt));
    }
    // Other replicas kept counting this key meanwhile: a flood, answered as one.
    return { totalHits: limit + 1, timeToExpire: 1, isBlocked: true, timeToBlockExpire: 1 };
  }

  /** Seconds left of the key's block; 0 when it is not blocked. */
  async blockedFor(key: string): Promise<number> {
    const { count } = await this.load(key);
    return count ? secondsUntil(count.blockedUntil, Date.now()) : 0;
  }
}

const record = (count: RateLimitCount, now: number): ThrottlerStorageRecord => {
  const isBlocked = count.blockedUntil > now;
  return {
    totalHits: count.hits,
    timeToExpire: secondsUntil(count.windowEndsAt, now),
    isBlocked,
    timeToBlockExpire: isBlocked ? secondsUntil(count.blockedUntil, now) : 0,
  };
};
