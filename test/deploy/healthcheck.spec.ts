// The container health probe (deploy/docker/healthcheck.cjs) that the Dockerfile HEALTHCHECKs
// and the compose healthchecks run, exercised against a throwaway HTTP server on loopback.
import { spawn } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { repoPath } from './support';

const SCRIPT = repoPath('deploy', 'docker', 'healthcheck.cjs');

interface Result {
  code: number | null;
  stderr: string;
}

function probe(args: string[], env: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], {
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
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/ready') return void res.writeHead(200).end('ok');
    if (req.url === '/hang') return; // never answers
    res.writeHead(503).end('not ready');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('deploy/docker/healthcheck.cjs', () => {
  it('exits 0 on a 2xx answer, reading the port from the named variable', async () => {
    const r = await probe(['/ready', 'HEALTH_PORT', '1'], { HEALTH_PORT: String(port) });
    expect(r).toEqual({ code: 0, stderr: '' });
    expect(seen).toContain('/ready');
  });

  it('falls back to the default port when the variable is unset', async () => {
    const r = await probe(['/ready', 'HEALTH_PORT', String(port)], {});
    expect(r.code).toBe(0);
  });

  it('exits 1 and names the status on a non-2xx answer', async () => {
    const r = await probe(['/not-ready', 'PORT', '1'], { PORT: String(port) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 503');
  });

  it('exits 1 when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await probe(['/ready', 'PORT', String(freePort)], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ECONNREFUSED/);
  });

  it('exits 1 when the server does not answer in time', async () => {
    const started = Date.now();
    const r = await probe(['/hang', 'PORT', '1'], { PORT: String(port), HEALTHCHECK_TIMEOUT_MS: '300' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('exits 1 on a malformed port variable', async () => {
    const r = await probe(['/ready', 'PORT', '3000'], { PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/PORT is not a TCP port/);
  });
});
