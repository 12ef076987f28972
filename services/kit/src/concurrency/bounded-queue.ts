/** The line of a BoundedQueue was full: the task was not run. */
export class QueueFullError extends Error {
  constructor() {
    super('the queue is full');
    this.name = 'QueueFullError';
  }
}

/**
 * Runs tasks at most `running` at once, in the order they came, with at most `waiting` in line
 * behind them; a task that finds the line full is refused at once (QueueFullError), so that work
 * that costs much memory each (an exhibit's drawing) is bounded however many ask for it.
 */
export class BoundedQueue {
  private active = 0;
  private readonly line: Array<() => void> = [];

  constructor(private readonly limits: { running: number; waiting: number }) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limits.running) {
      if (this.line.length >= this.limits.waiting) throw new QueueFullError();
      // The task that ends hands its place on, so the count never drops between the two.
      await new Promise<void>((turn) => this.line.push(turn));
    } else this.active++;
    try {
      return await task();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.active--;
    }
  }
}
