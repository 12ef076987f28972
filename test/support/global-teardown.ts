import { Client } from 'pg';
import type S3rver from 's3rver';

/** Drops this run's database and stops the S3 server. */
export default async function globalTeardown(): Promise<void> {
  const run = (globalThis as { __testRun?: { adminUrl: string; database: string; s3: S3rver } }).__testRun;
  if (!run) return;
  await run.s3.close();
  const admin = new Client({ connectionString: run.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${run.database} WITH (FORCE)`);
  await admin.end();
}
