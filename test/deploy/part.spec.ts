// The image's entry point and health probe (deploy/docker/part.cjs), run as the image runs it,
// against a throwaway HTTP server on loopback. The image itself is built and run by
// `npm run test:containers`.
import { spawn } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PART_NAMES } from '@chatexhibit/proto/health';
import { repoPath } from './support';

const SCRIPT = repoPath('deploy', 'docker', 'part.cjs');

interface Result {
  code: number | null;
  stderr: string;
}

function run(command: string, env: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, command], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

let server: http.Server;
let port: number;
let answer: (url: string, res: http.ServerResponse) => void;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    answer(req.url ?? '', res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
beforeEach(() => {
  seen.length = 0;
  answer = (_url, res) => void res.writeHead(200).end('ok');
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('part.cjs health', () => {
  it.each(['standalone', 'gateway'])('probes %s on PORT at /api/health/ready', async (part) => {
    const r = await run('health', { CHATEXHIBIT_PART: part, PORT: String(port) });
    expect(r).toEqual({ code: 0, stderr: '' });
    expect(seen).toEqual(['/api/health/ready']);
  });

  it('probes standalone when CHATEXHIBIT_PART is unset', async () => {
    expect((await run('health', { PORT: String(port) })).code).toBe(0);
    expect(seen).toEqual(['/api/health/ready']);
  });

  it.each(PART_NAMES.filter((part) => part !== 'gateway'))(
    'probes %s on HEALTH_PORT at /health/ready',
    async (part) => {
      const r = await run('health', { CHATEXHIBIT_PART: part, HEALTH_PORT: String(port), PORT: '1' });
      expect(r).toEqual({ code: 0, stderr: '' });
      expect(seen).toEqual(['/health/ready']);
    },
  );

  it('exits 1 and names the status on a non-2xx answer', async () => {
    answer = (_url, res) => void res.writeHead(503).end('not ready');
    const r = await run('health', { CHATEXHIBIT_PART: 'media', HEALTH_PORT: String(port) });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`health /health/ready on port ${port}: HTTP 503\n`);
  });

  it('exits 1 when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await run('health', { PORT: String(freePort) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ECONNREFUSED/);
  });

  it('exits 1 when the part does not answer in time', async () => {
    answer = () => undefined; // never answers
    const started = Date.now();
    const r = await run('health', { PORT: String(port), HEALTHCHECK_TIMEOUT_MS: '300' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('exits 1 on a port variable that is not a port', async () => {
    const r = await run('health', { CHATEXHIBIT_PART: 'gateway', PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/PORT is not a TCP port/);
  });
});

describe('part.cjs start', () => {
  it('refuses a part that does not exist, naming every part there is', async () => {
    const r = await run('start', { CHATEXHIBIT_PART: 'mail' });
    expect(r.code).toBe(1);
    const named = /use one of: (.*)$/m.exec(r.stderr)?.[1]?.split(', ');
    expect(named?.sort()).toEqual(['standalone', ...PART_NAMES].sort());
  });

  it('answers an unknown command with its usage', async () => {
    const r = await run('serve', {});
    expect(r).toEqual({ code: 1, stderr: 'usage: node part.cjs start|health\n' });
  });
});
