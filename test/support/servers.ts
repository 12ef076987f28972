import { connect } from 'nats';

/**
 * Where the real servers of the test run are. global-setup.ts decides and exports them as
 * environment variables, which every test worker inherits.
 */
export const testServers = () => ({
  databaseUrl: required('TEST_DATABASE_URL'),
  natsUrl: required('TEST_NATS_URL'),
  s3: {
    endpoint: required('TEST_S3_ENDPOINT'),
    region: 'us-east-1',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
  },
});

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the tests through jest.config.js (its global setup starts the servers)`,
    );
  return value;
}

/** A fresh name for whatever a test must not share with others (NATS prefix, bucket, schema). */
export const uniqueName = (stem: string): string =>
  `${stem}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

/**
 * Deletes the JetStream streams a deployment with NATS prefix `prefix` creates (none may be
 * left), the gateway's rate-limit KV bucket and the work queue's record of runs among them.
 */
export async function deletePrefixStreams(prefix: string): Promise<void> {
  const nc = await connect({ servers: testServers().natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    const streams = [
      `${prefix}_jobs`,
      `${prefix}_dead_letters`,
      `${prefix}_progress`,
      `KV_${prefix}_rate_limits`,
      `KV_${prefix}_job_runs`,
    ];
    for (const stream of streams) await jsm.streams.delete(stream).catch(() => undefined);
  } finally {
    await nc.close();
  }
}
