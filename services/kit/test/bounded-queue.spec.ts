import { BoundedQueue, QueueFullError } from '../src/concurrency/bounded-queue';

/** A task that runs until it is let go, recording when it starts. */
function heldTask(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: async () => (started.push(name), await done, name), release };
}

describe('BoundedQueue', () => {
  it('runs at most `running` at once, lets `waiting` wait in order, and refuses the next at once', async () => {
    const queue = new BoundedQueue({ running: 1, waiting: 2 });
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldTask(started, name));
    const ran = [queue.run(a!.task), queue.run(b!.task), queue.run(c!.task)];
    await expect(queue.run(async () => 'd')).rejects.toBeInstanceOf(QueueFullError);
    await Promise.resolve();
    expect(started).toEqual(['a']);
    a!.release();
    await ran[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b']);
    // A place in line is free again.
    const e = queue.run(async () => 'e');
    b!.release();
    c!.release();
    await expect(Promise.all([...ran, e])).resolves.toEqual(['a', 'b', 'c', 'e']);
  });

  it('frees its place when a task fails', async () => {
    const queue = new BoundedQueue({ running: 1, waiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
