import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { runWithConcurrency } from '../src/concurrency/run-with-concurrency';

/** A worker that records how many calls overlap. */
function overlapCounter() {
  let inFlight = 0;
  const counter = {
    maxInFlight: 0,
    worker: async (item: number): Promise<number> => {
      inFlight++;
      counter.maxInFlight = Math.max(counter.maxInFlight, inFlight);
      await sleep(5);
      inFlight--;
      return item * 10;
    },
  };
  return counter;
}

describe('runWithConcurrency', () => {
  it('returns results in input order even when later items finish first', async () => {
    const results = await runWithConcurrency([30, 20, 10, 0], 4, async (delay) => {
      await sleep(delay);
      return `waited ${delay}`;
    });
    expect(results).toEqual([
      { status: 'fulfilled', value: 'waited 30' },
      { status: 'fulfilled', value: 'waited 20' },
      { status: 'fulfilled', value: 'waited 10' },
      { status: 'fulfilled', value: 'waited 0' },
    ]);
  });

  it('never runs more than the limit at once, and does reach it', async () => {
    const counter = overlapCounter();
    const results = await runWithConcurrency([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3, counter.worker);
    expect(counter.maxInFlight).toBe(3);
    expect(results.map((result) => result.status === 'fulfilled' && result.value)).toEqual([
      10, 20, 30, 40, 50, 60, 70, 80, 90, 100,
    ]);
  });

  it('defaults the limit to the available parallelism', async () => {
    const counter = overlapCounter();
    const parallelism = availableParallelism();
    const items = Array.from({ length: parallelism * 2 + 1 }, (_, index) => index);
    await runWithConcurrency(items, undefined, counter.worker);
    expect(counter.maxInFlight).toBe(parallelism);
  });

  it('isolates failures, including a worker that throws before returning a promise', async () => {
    const visited: number[] = [];
    const results = await runWithConcurrency([0, 1, 2, 3], 2, (item, index) => {
      visited.push(index);
      if (item === 1) return Promise.reject(new Error('rejected one'));
      if (item === 2) throw new Error('threw two');
      return Promise.resolve(item);
    });
    expect(visited.sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 0 },
      { status: 'rejected', reason: new Error('rejected one') },
      { status: 'rejected', reason: new Error('threw two') },
      { status: 'fulfilled', value: 3 },
    ]);
  });

  it('handles no items and refuses a limit below 1 or fractional', async () => {
    await expect(runWithConcurrency([], 2, async () => 1)).resolves.toEqual([]);
    await expect(runWithConcurrency([1], 0, async () => 1)).rejects.toThrow(RangeError);
    await expect(runWithConcurrency([1], 1.5, async () => 1)).rejects.toThrow(
      'The concurrency limit must be a whole number of at least 1, got 1.5.',
    );
  });
});
