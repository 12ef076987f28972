import type { RunningProcess } from '../../test/support/child-process';
import { descendantsOf } from './process-memory';

/**
 * What a benchmark set up, undone last-first exactly once: after the runs, when one fails, or on
 * Ctrl-C. A step that fails is reported and the others still run.
 */
export class Teardown {
  private readonly steps: { what: string; undo: () => Promise<unknown> }[] = [];
  private running: Promise<void> | undefined;

  /** Registers an undo step; once the teardown has begun (Ctrl-C during setup), it runs at once. */
  add(what: string, undo: () => Promise<unknown>): void {
    this.steps.push({ what, undo });
    if (this.running) this.running = this.running.then(() => this.undoAll());
  }

  /** Undoes everything registered so far; the same promise for every caller. */
  run(): Promise<void> {
    this.running ??= this.undoAll();
    return this.running;
  }

  private async undoAll(): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      await step
        .undo()
        .catch((error: unknown) => console.error(`bench: could not ${step!.what}: ${String(error)}`));
    }
  }
}

/**
 * Stops a process with SIGTERM, the way an operator does, so it closes what it opened (the
 * standalone process stops its embedded PostgreSQL). One still running after `graceMs` is killed
 * together with everything it started, which would otherwise outlive it.
 */
export async function stopProcess(running: RunningProcess, graceMs = 30_000): Promise<void> {
  const pid = running.child.pid;
  if (pid === undefined || running.child.exitCode !== null || running.child.signalCode !== null) return;
  const killer = setTimeout(() => {
    void descendantsOf(pid).then((descendants) => {
      for (const victim of [pid, ...descendants]) {
        try {
          process.kill(victim, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    });
  }, graceMs);
  await running.stop('SIGTERM');
  clearTimeout(killer);
}
