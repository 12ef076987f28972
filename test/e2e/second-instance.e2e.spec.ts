import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PREFERRED_POSTGRES_PORT } from '../../standalone/src/embedded-postgres';
import { type RunningProcess, startProcessCommand } from '../support/child-process';
import { cleanUpAll } from '../support/clean-up';
import { freePort } from '../support/free-port';
import { stopLeftoverPostgres } from '../support/standalone';

/** Holds `port` on loopback, so that nothing else can listen there; null when something already does. */
function hold(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** The command lines of the processes that name `dataDir` (its PostgreSQL), or ''. */
function processesOf(dataDir: string): string {
  try {
    return execFileSync('pgrep', ['-af', dataDir]).toString();
  } catch {
    return '';
  }
}

/**
 * `npm start` as a person (or a process manager) runs it, twice beside another instance: the
 * embedded PostgreSQL's usual port is taken, and each start finds a free one; SIGTERM and SIGINT
 * to the npm process stop the app and its PostgreSQL cleanly; the second start does not bundle the
 * web app again; a port set and taken gives its cause, not ": undefined".
 */
/**
 * `npm start` with a data folder and port of its own, as the describe calling this starts it; every
 * app it started is killed, and its PostgreSQL and folder removed, after that describe.
 */
function useNpmStart(): (env?: Record<string, string>) => Promise<{
  app: RunningProcess;
  dataDir: string;
  port: number;
}> {
  const dataDirs: string[] = [];
  const started: RunningProcess[] = [];
  afterAll(
    () =>
      cleanUpAll(
        ...started.map((app) => () => app.stop('SIGKILL')),
        ...dataDirs.map((dir) => () => stopLeftoverPostgres(dir)),
        ...dataDirs.map((dir) => () => rm(dir, { recursive: true, force: true })),
      ),
    60_000,
  );
  return async (env = {}) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-second-'));
    await chmod(dataDir, 0o755);
    dataDirs.push(dataDir);
    const port = await freePort();
    const app = startProcessCommand('npm', ['start'], { DATA_DIR: dataDir, PORT: String(port), ...env });
    started.push(app);
    return { app, dataDir, port };
  };
}

describe('a second instance on one machine (npm start)', () => {
  let usualPort: Server | null;
  beforeAll(async () => {
    // Taken, by us or by an instance already running here.
    usualPort = await hold(PREFERRED_POSTGRES_PORT);
  });
  afterAll(() => new Promise<void>((resolve) => (usualPort ? usualPort.close(() => resolve()) : resolve())));
  const npmStart = useNpmStart();

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'starts while the usual PostgreSQL port is taken, answers, and stops cleanly on %s to npm',
    async (signal) => {
      const { app, dataDir, port } = await npmStart();
      await app.waitForLine((line) => line.includes('ChatExhibit is running at'), 120_000);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(processesOf(dataDir)).toContain('postgres');

      expect(await app.stop(signal)).toBe(0);
      expect(app.lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
      // PostgreSQL stopped with the app: nothing serves the data folder any more.
      expect(processesOf(dataDir)).toBe('');
      // The build ran and found the web app unchanged (the test run built it): no new bundle.
      expect(app.stderr()).toContain('web app unchanged since its last build');
      expect(app.lines.join('\n')).not.toMatch(/"error"|vite v/);
    },
    180_000,
  );

  it('names the cause when the port it is told to use is taken', async () => {
    const { app } = await npmStart({ EMBEDDED_POSTGRES_PORT: String(PREFERRED_POSTGRES_PORT) });
    expect(await app.exited).not.toBe(0);
    const output = `${app.lines.join('\n')}\n${app.stderr()}`;
    expect(output).toContain(`embedded PostgreSQL could not listen on port ${PREFERRED_POSTGRES_PORT}`);
    expect(output).not.toContain(': undefined');
  }, 180_000);
});

/**
 * Two instances started at the same moment (a process manager starting both, say): each finds the
 * usual PostgreSQL port free, and the one that does not get it takes another instead of dying.
 */
describe('two instances started at the same moment (npm start)', () => {
  const npmStart = useNpmStart();

  it('both start and answer', async () => {
    const apps = await Promise.all([npmStart(), npmStart()]);
    const running = await Promise.all(
      apps.map(({ app }) =>
        Promise.race([
          app
            .waitForLine((line) => line.includes('ChatExhibit is running at'), 150_000)
            .then(() => 'running'),
          app.exited.then(() => `exited: ${app.stderr()}`),
        ]),
      ),
    );
    expect(running).toEqual(['running', 'running']);
    for (const { port } of apps)
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    for (const { app } of apps) expect(await app.stop('SIGTERM')).toBe(0);
  }, 240_000);
});
