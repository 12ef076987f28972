import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import S3rver from 's3rver';
import { SERVICE_NAMES } from '@chatexhibit/proto/health';
import { type RunningProcess, startProcess } from '../../test/support/child-process';
import { eventually } from '../../test/support/eventually';
import { freePort } from '../../test/support/free-port';
import { startSmtpSink } from '../../test/support/smtp-sink';
import { stopProcess, type Teardown } from './teardown';

export type RunMode = 'distributed' | 'standalone';

/** ChatExhibit running in one mode, ready for uploads. */
export interface RunningStack {
  mode: RunMode;
  baseUrl: string;
  /** Every process of the stack by part name (one, `standalone`, in standalone mode). */
  processes: ReadonlyMap<string, RunningProcess>;
}

export interface Infrastructure {
  /** A PostgreSQL database URL of a user that may create and drop databases. */
  postgresAdminUrl: string;
  natsUrl: string;
}

/** `info`: each step logs a line when it finishes, which the benchmark's profile shows. */
const LOG_LEVEL = 'info';
const STARTUP_TIMEOUT_MS = 90_000;
const uniqueSuffix = () => `${process.pid}_${Date.now().toString(36)}`;

/**
 * The gateway and the six services as separate processes (the built entry points) on the local
 * PostgreSQL (a database of their own) and NATS (a prefix of their own), an s3rver and an SMTP
 * sink. Everything it creates is registered with `teardown`.
 */
export async function startDistributedStack(
  infrastructure: Infrastructure,
  teardown: Teardown,
): Promise<RunningStack> {
  const database = `chatexhibit_bench_${uniqueSuffix()}`;
  const admin = new Client({ connectionString: infrastructure.postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  teardown.add(`drop the database ${database}`, async () => {
    const dropper = new Client({ connectionString: infrastructure.postgresAdminUrl });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  });
  const databaseUrl = new URL(infrastructure.postgresAdminUrl);
  databaseUrl.pathname = `/${database}`;

  const s3Directory = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-bench-s3-'));
  teardown.add(`remove ${s3Directory}`, () => rm(s3Directory, { recursive: true, force: true }));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory });
  const { port: s3Port } = await s3.run();
  teardown.add('stop the S3 server', () => s3.close());

  const smtp = await startSmtpSink();
  teardown.add('stop the SMTP sink', () => smtp.close());

  const prefix = `bench_${uniqueSuffix()}`;
  teardown.add(`delete the NATS streams of ${prefix}`, async () => {
    const nats = await connect({ servers: infrastructure.natsUrl });
    try {
      const streams = await nats.jetstreamManager();
      for (const stream of [
        `${prefix}_jobs`,
        `${prefix}_dead_letters`,
        `${prefix}_progress`,
        `KV_${prefix}_job_runs`,
      ]) {
        await streams.streams.delete(stream).catch(() => undefined);
      }
    } finally {
      await nats.close();
    }
  });

  const common = {
    NATS_URL: infrastructure.natsUrl,
    NATS_PREFIX: prefix,
    LOG_LEVEL,
    DATABASE_URL: databaseUrl.toString(),
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: prefix.toLowerCase().replace(/_/g, '-'),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'ChatExhibit <no-reply@example.com>',
    SUPPORT_EMAIL: 'support@example.com',
    LINK_SIGNING_SECRET: randomBytes(32).toString('hex'),
    // No Stripe keys: payment takes the local test checkout, which a distributed part runs only when asked.
    TEST_CHECKOUT: 'true',
  };
  const processes = new Map<string, RunningProcess>();
  const launch = (name: string, script: string, env: Record<string, string>) => {
    const running = startProcess(script, env);
    processes.set(name, running);
    teardown.add(`stop ${name}`, () => stopProcess(running));
  };
  const gatewayPort = await freePort();
  launch('gateway', 'gateway/dist/main.js', { ...common, PORT: String(gatewayPort) });
  for (const service of SERVICE_NAMES) {
    launch(service, `services/${service}/dist/main.js`, {
      ...common,
      HEALTH_PORT: String(await freePort()),
    });
  }

  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  await eventually(
    async () => (await fetch(`${baseUrl}/api/health`).catch(() => undefined))?.status === 200,
    STARTUP_TIMEOUT_MS,
    'all seven parts up',
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${processOutput(processes)}`);
  });
  return { mode: 'distributed', baseUrl, processes };
}

/** `node standalone/dist/main.js` (what `npm start` runs) with a data folder and ports of its own. */
export async function startStandaloneStack(teardown: Teardown): Promise<RunningStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-bench-data-'));
  teardown.add(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  // The embedded PostgreSQL runs as another user when started as root and must reach its folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const standalone = startProcess('standalone/dist/main.js', {
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    LOG_LEVEL,
  });
  teardown.add('stop standalone', () => stopProcess(standalone));
  const processes = new Map([['standalone', standalone]]);
  await standalone
    .waitForLine((line) => line.includes('ChatExhibit is running at'), STARTUP_TIMEOUT_MS)
    .catch((error: Error) => {
      throw new Error(`standalone did not start: ${error.message}`);
    });
  return { mode: 'standalone', baseUrl: `http://127.0.0.1:${port}`, processes };
}

function processOutput(processes: ReadonlyMap<string, RunningProcess>): string {
  return [...processes]
    .map(([name, running]) => `--- ${name}\n${running.stderr()}${running.lines.slice(-5).join('\n')}`)
    .join('\n');
}
