import { mkdir } from 'node:fs/promises';
import { connect as connectTcp } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import S3rver from 's3rver';
import { openRunFolder } from './run-folder';

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

  const runDirectory = await openRunFolder();
  const s3Directory = path.join(runDirectory, 's3');
  await mkdir(s3Directory);
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory });
  const { port } = await s3.run();

  Object.assign(process.env, {
    TEST_DATABASE_URL: databaseUrl.toString(),
    TEST_NATS_URL: natsUrl,
    TEST_S3_ENDPOINT: `http://127.0.0.1:${port}`,
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
