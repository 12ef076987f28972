import { RATE_LIMIT_MAX_PERIOD_MS, type RateLimitStore } from '@chatexhibit/kit/rate-limit/rate-limit-store';
import { eventually } from '../support/eventually';

/** What the contract needs from one driver, against a fresh bucket or schema per test. */
export interface RateLimitStoreFixture {
  /** Before each test: a new place (KV bucket, schema) that no other test uses. */
  setUp(): void;
  /** After each test, also a failed one: closes every store `open` returned and removes the place. */
  cleanUp(): Promise<void>;
  /** A store on the test's place, as one gateway replica opens it; `cleanUp` closes it. */
  open(): Promise<RateLimitStore>;
}

const MINUTE_MS = 60_000;

/**
 * The semantics every RateLimitStore driver promises (rate-limit-store.ts), as one set of cases;
 * each driver's medium spec runs them against its own server.
 */
export function describeRateLimitStoreContract(driver: RateLimitStoreFixture): void {
  describe('keeps the rate-limit store contract', () => {
    beforeEach(() => driver.setUp());
    afterEach(() => driver.cleanUp());

    it('counts hits per key in their window and blocks the hit past the limit for the block', async () => {
      const store = await driver.open();
      const hits = [];
      for (let i = 0; i < 4; i++) hits.push(await store.increment('client-a', MINUTE_MS, 3, 2 * MINUTE_MS));
      expect(hits.map((hit) => [hit.totalHits, hit.isBlocked])).toEqual([
        [1, false],
        [2, false],
        [3, false],
        [4, true],
      ]);
      for (const hit of hits) expect(hit.timeToExpire).toBeGreaterThan(55);
      for (const hit of hits) expect(hit.timeToExpire).toBeLessThanOrEqual(60);
      expect(hits[2]!.timeToBlockExpire).toBe(0);
      expect(hits[3]!.timeToBlockExpire).toBeGreaterThan(115);
      expect(hits[3]!.timeToBlockExpire).toBeLessThanOrEqual(120);
      // A blocked key stays blocked, its hits no longer counted; another key counts on its own.
      expect(await store.increment('client-a', MINUTE_MS, 3, 2 * MINUTE_MS)).toMatchObject({
        totalHits: 4,
        isBlocked: true,
      });
      expect(await store.blockedFor('client-a')).toBeGreaterThan(115);
      expect(await store.blockedFor('client-b')).toBe(0);
      expect(await store.increment('client-b', MINUTE_MS, 3, 2 * MINUTE_MS)).toMatchObject({
        totalHits: 1,
        isBlocked: false,
      });
    });

    // Callers name their counts freely ("download-code:<hash>", an address with colons).
    it('takes any key, colons, spaces and all, and keeps keys that differ apart', async () => {
      const store = await driver.open();
      const keys = ['download-code:9f39', 'upload 2001:db8::1', 'download-code_9f39'];
      for (const key of keys) expect((await store.increment(key, MINUTE_MS, 2, MINUTE_MS)).totalHits).toBe(1);
      expect((await store.increment(keys[0]!, MINUTE_MS, 2, MINUTE_MS)).totalHits).toBe(2);
    });

    it('shares the count between stores on the same place, as replicas do', async () => {
      const [first, second] = [await driver.open(), await driver.open()];
      await first.increment('shared', MINUTE_MS, 2, MINUTE_MS);
      expect((await second.increment('shared', MINUTE_MS, 2, MINUTE_MS)).totalHits).toBe(2);
      expect(await first.increment('shared', MINUTE_MS, 2, MINUTE_MS)).toMatchObject({
        totalHits: 3,
        isBlocked: true,
      });
      expect(await second.blockedFor('shared')).toBeGreaterThan(0);
    });

    it('counts every one of many hits that replicas make at once, each exactly once', async () => {
      const stores = [await driver.open(), await driver.open()];
      const hits = await Promise.all(
        Array.from({ length: 30 }, (_, i) => stores[i % 2]!.increment('crowd', MINUTE_MS, 100, MINUTE_MS)),
      );
      expect(hits.map((hit) => hit.totalHits).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
    });

    it('starts a new window once the block and the window have ended', async () => {
      const store = await driver.open();
      expect((await store.increment('brief', 1000, 1, 1000)).isBlocked).toBe(false);
      expect((await store.increment('brief', 1000, 1, 1000)).isBlocked).toBe(true);
      await eventually(async () => (await store.blockedFor('brief')) === 0, 5000, 'the block to end');
      // blockedFor rounds up to whole seconds: past it, the block's last milliseconds are over too.
      expect(await store.increment('brief', 1000, 1, 1000)).toEqual({
        totalHits: 1,
        timeToExpire: 1,
        isBlocked: false,
        timeToBlockExpire: 0,
      });
    });

    it('refuses a period longer than the store keeps counts', async () => {
      const store = await driver.open();
      await expect(store.increment('long', RATE_LIMIT_MAX_PERIOD_MS + 1, 1, 1000)).rejects.toThrow(
        'longer than',
      );
    });
  });
}
