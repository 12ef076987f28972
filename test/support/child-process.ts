import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** A child process whose stdout lines and stderr text are collected for assertions. */
export interface RunningProcess {
  child: ChildProcess;
  lines: string[];
  stderr: () => string;
  exited: Promise<number | null>;
  /** Resolves with the first stdout line matching `predicate`. */
  waitForLine(predicate: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A Node.js script of the repository as a child process. */
export function startProcess(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): RunningProcess {
  return startProcessCommand(process.execPath, [script, ...args], env);
}

/** Any program as a child process (a server the test needs to start and stop itself). */
export function startProcessCommand(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): RunningProcess {
  const script = [command, ...args].join(' ');
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  let pending = '';
  const waiters = new Set<() => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop()!;
    lines.push(...parts);
    for (const wake of waiters) wake();
  });
  child.stdout!.on('end', () => {
    // A last line without a line break.
    if (pending === '') return;
    lines.push(pending);
    pending = '';
    for (const wake of waiters) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // 'close' comes once stdout is read to its end, which 'exit' may precede.
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    waitForLine(predicate, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        // A promise settles once: whichever of the line, the timeout or the end comes first wins.
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        const fail = (reason: string) =>
          finish(() =>
            reject(new Error(`${reason} from ${script}; stdout:\n${lines.join('\n')}\nstderr:\n${stderr}`)),
          );
        const check = () => {
          const found = lines.find(predicate);
          if (found === undefined) return false;
          finish(() => resolve(found));
          return true;
        };
        const timer = setTimeout(() => fail(`no matching line within ${timeoutMs} ms`), timeoutMs);
        timer.unref();
        if (!check()) waiters.add(check);
        // A process that has ended prints nothing more: say so at once rather than at the timeout.
        void closed.then((code) => {
          if (!check()) fail(`no matching line before the process exited (code ${code})`);
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A command that has run to its end. */
export interface FinishedProcess {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command in the repository to its end as a user's shell would: with only PATH, HOME and
 * `env`, so nothing of the test run (npm_config_* of `npm test`, say) changes what it does. One
 * still running after `timeoutMs` is killed, and its end says so on stderr.
 */
export function runToEnd(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 10 * 60_000,
): Promise<FinishedProcess> {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => {
    stderr += `\n${command} was killed after ${timeoutMs} ms`;
    child.kill('SIGKILL');
  }, timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
