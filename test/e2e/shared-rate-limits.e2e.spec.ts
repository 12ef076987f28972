import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { type RunningProcess, startProcess } from '../support/child-process';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { deletePrefixStreams, testServers, uniqueName } from '../support/servers';

/** POSTs a contact message the form refuses (400; it counts against the limit all the same). */
function postRefusedContact(port: number): Promise<number> {
  const body = JSON.stringify({ name: 'J', email: 'j@example.com', subject: 'Hello', message: 'x' });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/contact',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Two gateway replicas of one installation (distributed mode): one NATS, one S3 bucket. */
describe('gateway replicas', () => {
  const prefix = uniqueName('edge');
  const gateways: RunningProcess[] = [];
  afterAll(() =>
    cleanUpAll(
      () => Promise.all(gateways.map((gateway) => gateway.stop('SIGKILL'))),
      () => deletePrefixStreams(prefix),
    ),
  );

  it('share one count per client address: what one replica counted, the other refuses past', async () => {
    const { natsUrl, s3 } = testServers();
    const ports = [await freePort(), await freePort()];
    for (const port of ports)
      gateways.push(
        startProcess('gateway/dist/main.js', {
          NATS_URL: natsUrl,
          NATS_PREFIX: prefix,
          LOG_LEVEL: 'warn',
          PORT: String(port),
          S3_ENDPOINT: s3.endpoint,
          S3_ACCESS_KEY: s3.accessKey,
          S3_SECRET_KEY: s3.secretKey,
          S3_BUCKET: prefix.toLowerCase().replace(/_/g, '-'),
          LINK_SIGNING_SECRET: randomBytes(32).toString('hex'),
        }),
      );
    for (const port of ports)
      await eventually(
        async () => (await fetch(`http://127.0.0.1:${port}/api/health/live`).catch(() => null))?.ok === true,
        30_000,
        `the gateway on ${port} to answer`,
        200,
      );
    const [first, second] = ports as [number, number];
    // 5 contact messages per address an hour, whichever replica the balancer picks.
    const statuses = [];
    for (const port of [first, second, first, second, first]) statuses.push(await postRefusedContact(port));
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect(await postRefusedContact(second)).toBe(429);
    expect(await postRefusedContact(first)).toBe(429);
  }, 60_000);
});
