import { rm } from 'node:fs/promises';
import { Client } from 'pg';
import type S3rver from 's3rver';
import { cleanUpAll } from './clean-up';

/** Drops this run's database, stops the S3 server and removes the run's temporary folder. */
export default async function globalTeardown(): Promise<void> {
  const run = (
    globalThis as { __testRun?: { adminUrl: string; database: string; s3: S3rver; runDirectory: string } }
  ).__testRun;
  if (!run) return;
  await cleanUpAll(
    () => run.s3.close(),
    () => rm(run.runDirectory, { recursive: true, force: true }),
    async () => {
      const admin = new Client({ connectionString: run.adminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${run.database} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  );
}
