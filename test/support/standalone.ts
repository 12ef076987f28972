import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type RunningProcess, startProcess } from './child-process';

/**
 * `node standalone/dist/main.js` with `env`, resolved once it says where it runs; a start that
 * fails or times out is stopped, so it never outlives the test.
 */
export async function startStandalone(env: Record<string, string>): Promise<RunningProcess> {
  const app = startProcess('standalone/dist/main.js', env);
  try {
    await app.waitForLine((line) => line.includes('ChatExhibit is running at'), 60_000);
    return app;
  } catch (error) {
    await app.stop('SIGKILL');
    throw error;
  }
}

/** A PostgreSQL that a killed run left behind in `dataDir`, stopped so that nothing outlives the test. */
export async function stopLeftoverPostgres(dataDir: string): Promise<void> {
  const pidFile = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number(pidFile?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let waited = 0; waited < 10_000; waited += 100) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
