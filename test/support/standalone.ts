import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { type RunningProcess, startProcess } from './child-process';
import { cleanUpAll } from './clean-up';
import { DATA_FOLDER_SECRETS } from '../../standalone/src/data-folder-secret';
import { embeddedDatabaseUrl } from '../../standalone/src/embedded-postgres';
import { freePort } from './free-port';

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

/**
 * A new data folder for standalone, inside this run's folder, which global teardown removes and
 * the next run sweeps when this one was killed. Without the global setup (a unit config, or
 * `--runTestsByPath` under it) there is no such folder: refused, so nothing lands in /tmp itself.
 */
export async function makeDataFolder(): Promise<string> {
  const run = process.env.TEST_RUN_DIRECTORY;
  if (run === undefined) {
    throw new Error('standalone tests need the default jest config: its global setup makes the run folder');
  }
  const dataDir = await mkdtemp(path.join(run, 'chatexhibit-data-'));
  // As root, embedded PostgreSQL's own user must be able to reach the folder.
  await chmod(dataDir, 0o755);
  return dataDir;
}

/** `npm start` as a test file runs it: its own data folder and ports, for the whole file. */
export interface StandaloneApp {
  dataDir: string;
  port: number;
  baseUrl: string;
  /** The embedded PostgreSQL's (known once it started), for tests that must look into (or age) what the app stored. */
  databaseUrl: string;
  app: RunningProcess;
  /** Starts the app again on the same data folder and ports (after a test stopped or killed it). */
  restart(): Promise<void>;
}

/**
 * Starts standalone once for the calling test file (beforeAll) and removes everything it made
 * afterwards (afterAll): the process, a PostgreSQL a killed run left behind, the data folder.
 */
export function useStandalone(env: Record<string, string> = {}): StandaloneApp {
  const fixture = {} as StandaloneApp;
  let environment: Record<string, string>;
  beforeAll(async () => {
    fixture.dataDir = await makeDataFolder();
    fixture.port = await freePort();
    fixture.baseUrl = `http://127.0.0.1:${fixture.port}`;
    const databasePort = await freePort();
    environment = {
      DATA_DIR: fixture.dataDir,
      PORT: String(fixture.port),
      EMBEDDED_POSTGRES_PORT: String(databasePort),
      LOG_LEVEL: 'warn',
      ...env,
    };
    fixture.restart = async () => {
      fixture.app = await startStandalone(environment);
    };
    await fixture.restart();
    // The superuser's password is made at the first start, in the data folder.
    const password = await readFile(path.join(fixture.dataDir, DATA_FOLDER_SECRETS.postgres), 'utf8');
    fixture.databaseUrl = embeddedDatabaseUrl(databasePort, password.trim());
  }, 90_000);
  afterAll(
    () =>
      cleanUpAll(
        () => fixture.app?.stop('SIGTERM'),
        () => fixture.dataDir && stopLeftoverPostgres(fixture.dataDir),
        () => fixture.dataDir && rm(fixture.dataDir, { recursive: true, force: true }),
      ),
    60_000,
  );
  return fixture;
}
