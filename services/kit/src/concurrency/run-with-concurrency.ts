import { availableParallelism } from 'node:os';

/**
 * Runs `worker` over `items` with at most `limit` calls in flight. Every item is attempted: a
 * failure is recorded in its slot, not thrown. Results are in input order.
 */
export async function runWithConcurrency<Item, Result>(
  items: readonly Item[],
  limit: number = availableParallelism(),
  worker: (item: Item, index: number) => Promise<Result>,
): Promise<PromiseSettledResult<Result>[]> {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`The concurrency limit must be a whole number of at least 1, got ${limit}.`);
  }
  const results = new Array<PromiseSettledResult<Result>>(items.length);
  let nextIndex = 0;
  const drain = async (): Promise<void> => {
    while (nextIndex < items.length) {
      const index = nextIndex++;
      try {
        results[index] = { status: 'fulfilled', value: await worker(items[index], index) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, drain));
  return results;
}
