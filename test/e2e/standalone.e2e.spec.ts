import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SystemHealth } from '@chatexhibit/proto/health';
import { launchChromium } from '../support/browser';
import { REPO_ROOT } from '../support/child-process';
import { cleanUpAll } from '../support/clean-up';
import { makeDataFolder, startStandalone, stopLeftoverPostgres } from '../support/standalone';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';

/** `npm start` as a new user runs it: one process, embedded PostgreSQL, data in DATA_DIR. */
describe('standalone mode', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    // Like ./data in a clone.
    dataDir = await makeDataFolder();
    env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
    };
  });

  afterAll(() =>
    cleanUpAll(
      () => dataDir && stopLeftoverPostgres(dataDir),
      () => dataDir && rm(dataDir, { recursive: true, force: true }),
    ),
  );

  const start = async () => {
    const app = await startStandalone(env);
    expect(app.lines).toContain(`ChatExhibit is running at http://localhost:${env.PORT}`);
    return app;
  };

  const health = async () => {
    const response = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
    return { status: response.status, body: (await response.json()) as SystemHealth };
  };

  it('starts, reports all seven parts up, serves the web app, and stops cleanly on Ctrl-C', async () => {
    const app = await start();
    try {
      let last: Awaited<ReturnType<typeof health>> | undefined;
      await eventually(async () => (last = await health()).status === 200, 60_000, 'health 200');
      expect(last!.body.mode).toBe('standalone');
      expect(
        Object.entries(last!.body.parts)
          .map(([name, part]) => [name, part.status])
          .sort(),
      ).toEqual([
        ['gateway', 'up'],
        ['ingest', 'up'],
        ['media', 'up'],
        ['notification', 'up'],
        ['parse', 'up'],
        ['payment', 'up'],
        ['pdf', 'up'],
      ]);

      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(`http://localhost:${env.PORT}/`);
        await page.getByRole('heading', { name: 'ChatExhibit' }).waitFor();
        expect(await page.title()).toBe('ChatExhibit — Court-Ready Evidence');
        const artifacts = path.join(REPO_ROOT, '.test-artifacts');
        await mkdir(artifacts, { recursive: true });
        await page.screenshot({ path: path.join(artifacts, 'standalone-home.png') });
      } finally {
        await browser.close();
      }
    } finally {
      expect(await app.stop('SIGINT')).toBe(0);
    }
    expect(app.lines.some((line) => line.includes('creating the embedded PostgreSQL database'))).toBe(true);
  }, 120_000);

  it('starts again on the same data folder without creating it anew', async () => {
    const app = await start();
    try {
      await eventually(async () => (await health()).status === 200, 60_000, 'health 200 on restart');
      expect(app.lines.some((line) => line.includes('creating the embedded PostgreSQL database'))).toBe(
        false,
      );
    } finally {
      expect(await app.stop('SIGTERM')).toBe(0);
    }
  }, 120_000);
});
