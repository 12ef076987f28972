import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/** Kernel limits (setrlimit) of a program run on uploaded data. */
export interface ChildLimits {
  /** Address space: what the program may map, its libraries included. */
  memoryBytes: number;
  /** CPU time, all threads together; SIGXCPU and then SIGKILL when used up. */
  cpuSeconds: number;
}

/**
 * Starts `command` (an absolute path) on uploaded data, with stderr piped and nothing of this
 * process's environment: the storage and database credentials stay here. Through `prlimitPath`
 * (util-linux prlimit, which sets the limits on itself and then executes the command) it also
 * gets `limits`; without prlimit only the caller's own time limit stops it.
 */
export function spawnConfined(
  command: string,
  args: readonly string[],
  prlimitPath: string | null,
  limits: ChildLimits,
): ChildProcessByStdio<null, null, Readable> {
  const [file, fileArgs] =
    prlimitPath === null
      ? [command, args]
      : [prlimitPath, [`--as=${limits.memoryBytes}`, `--cpu=${limits.cpuSeconds}`, '--', command, ...args]];
  return spawn(file, fileArgs, { stdio: ['ignore', 'ignore', 'pipe'], env: {} });
}
