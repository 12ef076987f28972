import { mkdir, readdir, rm } from 'node:fs/promises';
import { connect as connectTcp } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import S3rver from 's3rver';

/**
 * Brings up what the medium and e2e tests talk to: the machine's PostgreSQL (a database of
 * this run's own) and NATS with JetStream on their standard ports, which scripts/test.sh
 * starts when they are not running, and an S3 server (s3rver) on a free loopback port.
 */
export default async function globalSetup(): Promise<void> {
  const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const natsUrl = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
  await assertReachable(natsUrl, 'NATS (start it, or set TEST_NATS_URL)');

  const database = `chatexhibit_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect().catch((error: unknown) => {
    throw new Error(
      `PostgreSQL at ${adminUrl} is not reachable (start it, or set TEST_POSTGRES_ADMIN_URL): ${String(error)}`,
    );
  });
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;

  // Every temporary file of the run (this process's, the workers', the servers and browsers they
  // start) goes into one folder that teardown removes; a run that was killed before its teardown
  // leaves its folder, which the next run removes.
  await removeAbandonedRuns(os.tmpdir());
  const runDirectory = path.join(os.tmpdir(), `${RUN_FOLDER_PREFIX}${process.pid}`);
  await rm(runDirectory, { recursive: true, force: true });
  // Others may pass through, not list: as root, embedded PostgreSQL runs as its own user below it.
  await mkdir(runDirectory, { mode: 0o711 });
  process.env.TMPDIR = runDirectory;
  const s3Directory = path.join(runDirectory, 's3');
  await mkdir(s3Directory);
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory });
  const { port } = await s3.run();

  Object.assign(process.env, {
    TEST_DATABASE_URL: databaseUrl.toString(),
    TEST_NATS_URL: natsUrl,
    TEST_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    TEST_RUN_DIRECTORY: runDirectory,
  });
  Object.assign(globalThis, { __testRun: { adminUrl, database, s3, runDirectory } });
}

function assertReachable(url: string, what: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connectTcp({ host: hostname, port: Number(port) }, () => {
      socket.end();
      resolve();
    });
    socket.on('error', () => reject(new Error(`${what}: nothing answers at ${url}`)));
  });
}

const RUN_FOLDER_PREFIX = 'chatexhibit-test-run-';

/** Removes the run folders of test runs whose process is gone (killed before their teardown). */
async function removeAbandonedRuns(folder: string): Promise<void> {
  for (const name of await readdir(folder)) {
    if (!name.startsWith(RUN_FOLDER_PREFIX)) continue;
    const pid = Number(name.slice(RUN_FOLDER_PREFIX.length));
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) {
      await rm(path.join(folder, name), { recursive: true, force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
