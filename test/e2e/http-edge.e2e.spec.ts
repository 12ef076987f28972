import { randomBytes, randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NOT_FOUND_MESSAGE } from '@chatexhibit/proto/http-api';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { UPLOAD_REFUSALS, type UploadPace } from '@chatexhibit/proto/upload-refusals';
import {
  TOO_MANY_WRONG_SUPPORT_TOKENS,
  WRONG_SUPPORT_TOKEN,
} from '@chatexhibit/gateway/support/support-token.guard';
import { BODY_TIMEOUT_MS, BODY_TOO_SLOW } from '@chatexhibit/gateway/http/read-body';
import { runToEnd } from '../support/child-process';
import { eventually } from '../support/eventually';
import { askLinkCode, readProgress, uploadExport } from '../support/pipeline-client';
import { freePort } from '../support/free-port';
import { cookieHeaderFor } from '../support/browser-cookies';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

/** An answer: status, the headers in lower case, the body as text. */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request from the loopback address `from` (127.x.y.z), as a proxy in front of the app
 * would send it when `headers` carries X-Forwarded-For.
 */
function send(
  port: number,
  method: string,
  urlPath: string,
  options: { from?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? '';
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        localAddress: options.from ?? '127.0.0.1',
        headers: { 'content-length': Buffer.byteLength(body), ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const json = (answer: Answer): unknown => JSON.parse(answer.body);

/**
 * Sends `head` and `body` on a connection of its own and then nothing more, the connection held
 * open; resolves with everything the server wrote once the server closed it.
 */
async function sendAndHold(port: number, head: string, body: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  try {
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const closed = new Promise((resolve) => socket.once('end', resolve));
    socket.write(head + body);
    await closed;
    return text;
  } finally {
    socket.destroy();
  }
}

/** A contact message the form refuses (400), which counts against the limit all the same. */
const REFUSED_CONTACT = JSON.stringify({ name: 'J', email: 'j@example.com', subject: 'Hello', message: 'x' });
const postContact = (port: number, headers: Record<string, string> = {}, from?: string) =>
  send(port, 'POST', '/api/contact', {
    from,
    headers: { 'content-type': 'application/json', ...headers },
    body: REFUSED_CONTACT,
  });
const CONTACT_LIMITED = {
  code: 'RATE_LIMITED',
  message: 'Too many messages from this address. Please wait an hour and try again.',
};

/** The headers of the HTTP edge, as a row per route to compare at once. */
const edgeHeaders = (route: string, answer: Answer) => ({
  route,
  status: answer.status,
  csp: answer.headers['content-security-policy'],
  nosniff: answer.headers['x-content-type-options'],
  frame: answer.headers['x-frame-options'],
  referrer: answer.headers['referrer-policy'],
  poweredBy: answer.headers['x-powered-by'],
  hsts: answer.headers['strict-transport-security'],
  cache: answer.headers['cache-control'],
});

/** Scripts only from the app's origin, no inline script or style, embedded nowhere. */
const STRICT_POLICY = expect.stringMatching(
  /^(?!.*unsafe-)(?=.*default-src 'self';)(?=.*script-src 'self';)(?=.*script-src-attr 'none';)(?=.*object-src 'none';)(?=.*base-uri 'none';)(?=.*frame-ancestors 'none'(;|$))/,
);

const BOUNDARY = 'chatexhibit-edge-test';

/** What the gateway serves for Prometheus and the probes, not for browsers. */
const INTERNAL_PATHS = ['/metrics', '/api/health', '/api/health/live', '/api/health/ready'];

describe('the HTTP edge behind a proxy on loopback (TRUST_PROXY=loopback)', () => {
  const supportToken = randomBytes(32).toString('hex');
  const standalone = useStandalone({
    TRUST_PROXY: 'loopback',
    TEST_CHECKOUT: 'true',
    SUPPORT_TOKEN: supportToken,
  });
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-edge-'));
  });
  afterAll(() => workDir && rm(workDir, { recursive: true, force: true }));

  it('sends the security headers on every kind of answer, and no-store on every API answer', async () => {
    const { port, baseUrl } = standalone;
    const chat = await writeWhatsAppExport(workDir, { textMessages: 6, voiceNotes: 0, photos: 0 });
    const upload = await uploadExport(baseUrl, chat.zipPath);
    expect(upload.status).toBe(201);
    const exportId = upload.body.clientId!;
    const { events } = await readProgress(baseUrl, exportId);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ done: true });

    // The uploader's requests carry the cookie that binds the export to them.
    const bound = { headers: { cookie: await cookieHeaderFor(`${baseUrl}/api/`) } };
    const home = await send(port, 'GET', '/');
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(home.body)![1]!;
    const answers: [string, Answer][] = [
      ['web page', home],
      ['web page not found', await send(port, 'GET', '/no-such-page')],
      ['web app script', await send(port, 'GET', script)],
      ['API JSON', await send(port, 'GET', '/api/health')],
      ['API route not found', await send(port, 'GET', '/api/no-such-route')],
      [
        'API body too large',
        await send(port, 'POST', '/api/contact', {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: 'x'.repeat(200_000) }),
        }),
      ],
      [
        'progress events',
        await send(port, 'GET', `/api/whatsapp/process-status?clientId=${exportId}`, bound),
      ],
      ['chat data', await send(port, 'GET', `/api/whatsapp/chat/${exportId}`, bound)],
      ['evidence package', await send(port, 'GET', `/api/whatsapp/evidence-zip/${exportId}`, bound)],
      ['signed file', await send(port, 'GET', await askLinkCode(baseUrl, done.pdfUrl!), bound)],
      ['payment state', await send(port, 'GET', `/api/payment/${randomUUID()}`)],
      ['payment repair', await send(port, 'POST', `/api/payment/${randomUUID()}/repair`)],
      ['test checkout', await send(port, 'GET', '/api/test-checkout/cs_test_none')],
      ['API docs', await send(port, 'GET', '/api/docs')],
    ];
    expect(answers.map(([route, answer]) => edgeHeaders(route, answer))).toEqual(
      answers.map(([route, answer]) => ({
        route,
        status: answer.status,
        csp: STRICT_POLICY,
        nosniff: 'nosniff',
        frame: 'DENY',
        referrer: 'no-referrer',
        poweredBy: undefined,
        // Plain HTTP: a browser would ignore it, and it must not outlive a test over http.
        hsts: undefined,
        cache: route.startsWith('web') ? expect.any(String) : expect.stringContaining('no-store'),
      })),
    );
    expect(Object.fromEntries(answers.map(([route, answer]) => [route, answer.status]))).toMatchObject({
      'web page': 200,
      'web page not found': 404,
      'web app script': 200,
      'API route not found': 404,
      'API body too large': 413,
      'progress events': 200,
      'chat data': 200,
      'evidence package': 200,
      'signed file': 200,
      'payment state': 404,
      'payment repair': 404,
      'API docs': 200,
    });
    expect(answers.find(([route]) => route === 'progress events')![1].headers['content-type']).toContain(
      'text/event-stream',
    );
  }, 90_000);

  it('sends HSTS when the trusted proxy says the browser came over TLS', async () => {
    const answer = await send(standalone.port, 'GET', '/api/health', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('answers an unmatched API path with the usual sentence, never echoing its path or query', async () => {
    const { port, app } = standalone;
    const signature = randomBytes(32).toString('hex');
    const signedLink = `/api/files/${randomBytes(16).toString('hex')}/?expires=9999999999&signature=${signature}`;
    const answers = await Promise.all([
      send(port, 'GET', signedLink),
      send(port, 'POST', signedLink),
      send(port, 'GET', `/api/no-such-route?signature=${signature}`),
    ]);
    expect(answers.map((answer) => [answer.status, json(answer)])).toEqual(
      answers.map(() => [404, { code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE }]),
    );
    expect([...app.lines, app.stderr()].join('\n')).not.toContain(signature);
  });

  it('answers /metrics and the health endpoints directly, and a 404 to a request the proxy forwarded, in every spelling', async () => {
    const { port } = standalone;
    const spellings = INTERNAL_PATHS.flatMap((p) => [p, `${p}/`, p.toUpperCase(), p.replace('/api', '/API')]);
    const direct = await Promise.all(spellings.map((p) => send(port, 'GET', p)));
    expect(direct.map((answer, i) => [spellings[i], answer.status])).toEqual(spellings.map((p) => [p, 200]));
    const forwarded = await Promise.all(
      spellings.map((p) => send(port, 'GET', p, { headers: { 'x-forwarded-for': '203.0.113.30' } })),
    );
    expect(forwarded.map((answer, i) => [spellings[i], answer.status, json(answer)])).toEqual(
      spellings.map((p) => [p, 404, { code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE }]),
    );
    // The rest of the API and the web app still answer a forwarded request.
    const forwardedFor = { headers: { 'x-forwarded-for': '203.0.113.30' } };
    expect((await send(port, 'GET', '/api/docs', forwardedFor)).status).toBe(200);
    expect((await send(port, 'GET', '/', forwardedFor)).status).toBe(200);
  });

  it('counts each forwarded client address on its own, and the proxy’s word only', async () => {
    const { port } = standalone;
    for (let i = 0; i < 5; i++)
      expect((await postContact(port, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(400);
    expect(json(await postContact(port, { 'x-forwarded-for': '203.0.113.1' }))).toEqual(CONTACT_LIMITED);
    // What the client wrote in front of the address the proxy added is not believed.
    expect(json(await postContact(port, { 'x-forwarded-for': '198.18.0.1, 203.0.113.1' }))).toEqual(
      CONTACT_LIMITED,
    );
    expect((await postContact(port, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(400);
  });

  it('takes support’s token only as a Bearer token, and stops an address that keeps guessing', async () => {
    const { port } = standalone;
    const status = (authorization: string, forwardedFor: string) =>
      send(port, 'GET', '/api/support/bundles?query=nobody%40example.org', {
        headers: { authorization, 'x-forwarded-for': forwardedFor },
      });
    expect(json(await status(supportToken, '203.0.113.20'))).toEqual({
      code: 'INVALID_REQUEST',
      message: WRONG_SUPPORT_TOKEN,
    });
    expect(await status(`Bearer ${supportToken}`, '203.0.113.20')).toMatchObject({
      status: 200,
      body: JSON.stringify({ bundles: [] }),
    });
    // The bare token above was the first wrong one; these are the 2nd to the 10th.
    for (let i = 1; i < HTTP_LIMITS.supportTokenFailuresPerHour; i++)
      expect((await status(`Bearer ${randomBytes(32).toString('hex')}`, '203.0.113.20')).status).toBe(401);
    // After the 10th, the right token is refused too, so that guessing learns nothing more.
    const limited = await status(`Bearer ${supportToken}`, '203.0.113.20');
    expect(limited.status).toBe(429);
    expect(json(limited)).toEqual({ code: 'RATE_LIMITED', message: TOO_MANY_WRONG_SUPPORT_TOKENS });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await status(`Bearer ${randomBytes(32).toString('hex')}`, '203.0.113.20')).status).toBe(429);
    // Other addresses go on.
    expect((await status(`Bearer ${supportToken}`, '203.0.113.21')).status).toBe(200);
  });

  it(
    'cuts a JSON or webhook body that does not arrive in time with 408, and closes the connection',
    async () => {
      const { port } = standalone;
      /** A body that declares 1,000 bytes and brings one. */
      const held = (urlPath: string, contentType: string, forwardedFor: string) =>
        sendAndHold(
          port,
          `POST ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${forwardedFor}\r\n` +
            `Content-Type: ${contentType}\r\nContent-Length: 1000\r\n\r\n`,
          '{',
        );
      const answers = await Promise.all([
        held('/api/contact', 'application/json', '203.0.113.40'),
        held('/api/webhooks/stripe', 'application/json', '203.0.113.41'),
      ]);
      for (const answer of answers) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(answer).toMatch(/\r\nconnection: close\r\n/i);
        expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
          code: 'INVALID_REQUEST',
          message: BODY_TOO_SLOW,
        });
      }
    },
    BODY_TIMEOUT_MS + 20_000,
  );

  it('caps the uploads in flight per address, per network and per wider network (429) and in all (503), and takes uploads again once they end', async () => {
    const { port } = standalone;
    const stalled: Socket[] = [];
    /** An upload from `forwardedFor` whose body begins and then stops, the connection held open. */
    const stall = async (forwardedFor: string) => {
      const socket = connect(port, '127.0.0.1');
      stalled.push(socket);
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/whatsapp/process HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${forwardedFor}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 10485760\r\n\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="chat.zip"\r\n\r\n` +
          'PK',
      );
    };
    /** An upload that is no multipart form: 415 once admitted, at once. */
    const probe = (forwardedFor: string) =>
      send(port, 'POST', '/api/whatsapp/process', {
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: '{}',
      });
    let probes = 0;
    /** From a network no other upload came from, so the hourly upload limit and the shares stay out of it. */
    const probeFromNewNetwork = () => probe(`192.0.${++probes}.1`);
    const busy = (answer: Answer) => [answer.status, json(answer), answer.headers['retry-after']];
    let last: Answer | undefined;
    try {
      for (let i = 0; i < HTTP_LIMITS.uploadsInFlightPerAddress; i++) await stall('198.51.100.1');
      await eventually(async () => (last = await probe('198.51.100.1')).status === 429, 10_000, '429', 200);
      expect(busy(last!)).toEqual([
        429,
        { code: 'RATE_LIMITED', message: UPLOAD_REFUSALS.busyForAddress },
        String(HTTP_LIMITS.uploadsBusyRetryAfterSeconds),
      ]);

      // More addresses of the same /24 (the attack: trickles from 7 addresses took all 20 slots)
      // get the network's share and no more; another network still gets a slot.
      for (let i = HTTP_LIMITS.uploadsInFlightPerAddress; i < HTTP_LIMITS.uploadsInFlightPerNetwork; i++)
        await stall(`198.51.100.${i + 10}`);
      await eventually(async () => (last = await probe('198.51.100.99')).status === 429, 10_000, '429', 200);
      expect(busy(last!)).toEqual([
        429,
        { code: 'RATE_LIMITED', message: UPLOAD_REFUSALS.busyForNetwork },
        String(HTTP_LIMITS.uploadsBusyRetryAfterSeconds),
      ]);
      expect((await probeFromNewNetwork()).status).toBe(415);

      // The rest of the process's slots, a network's share at a time, each share from its own /24:
      // the first in the same /16, which then has its share (neighbouring /24s of one provider's
      // block, finding M6), so the others come from /16s of their own.
      const shares = HTTP_LIMITS.uploadsInFlightPerWideNetwork / HTTP_LIMITS.uploadsInFlightPerNetwork;
      for (let i = HTTP_LIMITS.uploadsInFlightPerNetwork; i < HTTP_LIMITS.uploadsInFlight; i++) {
        const network = Math.floor(i / HTTP_LIMITS.uploadsInFlightPerNetwork);
        const wideNetwork = network < shares ? 51 : 50 + network;
        await stall(`198.${wideNetwork}.${100 + network}.${(i % HTTP_LIMITS.uploadsInFlightPerNetwork) + 1}`);
        if (i + 1 === HTTP_LIMITS.uploadsInFlightPerWideNetwork) {
          await eventually(
            async () => (last = await probe('198.51.200.1')).status === 429,
            10_000,
            '429',
            200,
          );
          expect(busy(last!)).toEqual([
            429,
            { code: 'RATE_LIMITED', message: UPLOAD_REFUSALS.busyForNetwork },
            String(HTTP_LIMITS.uploadsBusyRetryAfterSeconds),
          ]);
        }
      }
      await eventually(async () => (last = await probeFromNewNetwork()).status === 503, 10_000, '503', 200);
      expect(busy(last!)).toEqual([
        503,
        { code: 'UNAVAILABLE', message: UPLOAD_REFUSALS.busy },
        String(HTTP_LIMITS.uploadsBusyRetryAfterSeconds),
      ]);
    } finally {
      for (const socket of stalled) socket.destroy();
    }
    await eventually(async () => (await probeFromNewNetwork()).status === 415, 10_000, 'admitted again', 200);
    // The stalled uploads' spool folders went with them.
    await eventually(
      async () => (await readdir(path.join(standalone.dataDir, 'tmp'))).length === 0,
      10_000,
      'an empty work folder',
    );
  }, 60_000);
});

describe('trickled uploads (a minimum rate of 64 KiB/s after a grace of 1 s, for the test)', () => {
  const pace: UploadPace = {
    idleTimeoutMs: HTTP_LIMITS.uploadIdleTimeoutMs,
    graceMs: 1000,
    minBytesPerSecond: 64 * 1024,
    maxDurationMs: HTTP_LIMITS.uploadMaxDurationMs,
  };
  const standalone = useStandalone({
    TRUST_PROXY: 'loopback',
    TEST_CHECKOUT: 'true',
    UPLOAD_MIN_BYTES_PER_SECOND: String(pace.minBytesPerSecond),
    UPLOAD_PACE_GRACE_SECONDS: String(pace.graceMs / 1000),
  });
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-edge-'));
  });
  afterAll(() => workDir && rm(workDir, { recursive: true, force: true }));

  /**
   * An upload from `forwardedFor` that declares 10 MB and sends a kilobyte every tenth of a
   * second (never a stall, far under the minimum) until the server answers; resolves with the
   * answer, or with '' when none came in 20 s.
   */
  async function trickle(forwardedFor: string): Promise<string> {
    const socket = connect(standalone.port, '127.0.0.1');
    try {
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      let closed = false;
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.once('close', () => (closed = true));
      socket.write(
        `POST /api/whatsapp/process HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${forwardedFor}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 10485760\r\n\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="chat.zip"\r\n\r\n`,
      );
      for (let i = 0; i < 200 && !closed && answer === ''; i++) {
        socket.write(Buffer.alloc(1024, 7));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The answer may arrive in pieces: whole once the server closed the connection.
      if (answer !== '') await eventually(() => Promise.resolve(closed), 10_000, 'the connection closed');
      return answer;
    } finally {
      socket.destroy();
    }
  }

  it('cuts a trickled upload with its sentence and deletes what arrived, while a normal one from another network gets a slot', async () => {
    const trickled = trickle('203.0.113.60');
    const chat = await writeWhatsAppExport(workDir, { textMessages: 6, voiceNotes: 0, photos: 0 });
    // From 127.0.0.1 itself (no X-Forwarded-For): another network than the trickle's.
    const normal = await uploadExport(standalone.baseUrl, chat.zipPath);
    expect(normal.status).toBe(201);
    const answer = await trickled;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'INVALID_REQUEST',
      message: UPLOAD_REFUSALS.tooSlow(pace),
    });
    await eventually(
      async () => (await readdir(path.join(standalone.dataDir, 'tmp'))).length === 0,
      10_000,
      'an empty work folder',
    );
  }, 60_000);
});

describe('behind a proxy named by its address (TRUST_PROXY=127.0.0.2), internal endpoints on INTERNAL_PORT', () => {
  const env: Record<string, string> = { TRUST_PROXY: '127.0.0.2', TEST_CHECKOUT: 'true' };
  beforeAll(async () => {
    env.INTERNAL_PORT = String(await freePort());
  });
  const standalone = useStandalone(env);

  it('believes X-Forwarded-For from the proxy only: any other peer counts as itself, whatever it writes', async () => {
    const { port } = standalone;
    const answers = [];
    for (let i = 1; i <= 6; i++)
      answers.push(await postContact(port, { 'x-forwarded-for': `203.0.113.${i}` }, '127.0.4.1'));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 429]);
    // Through the proxy, the client it names has a bucket of its own.
    expect((await postContact(port, { 'x-forwarded-for': '203.0.113.1' }, '127.0.0.2')).status).toBe(400);
  });

  it('answers /metrics and the health endpoints on the internal port only, and nothing else there', async () => {
    const { port } = standalone;
    const internalPort = Number(env.INTERNAL_PORT);
    // Not even to a request no proxy forwarded: a proxy that sets no X-Forwarded-For looks like one.
    const publicAnswers = await Promise.all(
      INTERNAL_PATHS.map((p) => send(port, 'GET', p, { from: '127.0.0.2' })),
    );
    expect(publicAnswers.map((answer, i) => [INTERNAL_PATHS[i], answer.status, json(answer)])).toEqual(
      INTERNAL_PATHS.map((p) => [p, 404, { code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE }]),
    );
    const internalAnswers = await Promise.all(INTERNAL_PATHS.map((p) => send(internalPort, 'GET', p)));
    expect(internalAnswers.map((answer, i) => [INTERNAL_PATHS[i], answer.status])).toEqual(
      INTERNAL_PATHS.map((p) => [p, 200]),
    );
    expect((await send(internalPort, 'GET', '/api/docs')).status).toBe(404);
    expect((await send(port, 'GET', '/api/docs')).status).toBe(200);
  });
});

describe('behind a proxy counted in hops (TRUST_PROXY=1)', () => {
  const standalone = useStandalone({ TRUST_PROXY: '1', TEST_CHECKOUT: 'true' });

  it('warns at start that a hop count believes any peer that reaches the app directly', () => {
    expect(standalone.app.lines.join('\n')).toContain(
      'TRUST_PROXY is a number of hops: X-Forwarded-For is believed from any peer that reaches this process directly',
    );
  });
});

describe('uploads on a disk short of space (UPLOAD_MIN_FREE_DISK_MB above what the disk has)', () => {
  const standalone = useStandalone({ UPLOAD_MIN_FREE_DISK_MB: '1000000000' });
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-edge-'));
  });
  afterAll(() => workDir && rm(workDir, { recursive: true, force: true }));

  it('refuses an upload with its sentence and Retry-After, and keeps nothing of it', async () => {
    const chat = await writeWhatsAppExport(workDir, { textMessages: 6, voiceNotes: 0, photos: 0 });
    const form = new FormData();
    form.set('file', await openAsBlob(chat.zipPath), 'chat.zip');
    const answer = await fetch(`${standalone.baseUrl}/api/whatsapp/process`, { method: 'POST', body: form });
    expect([answer.status, await answer.json(), answer.headers.get('retry-after')]).toEqual([
      503,
      { code: 'UNAVAILABLE', message: UPLOAD_REFUSALS.diskFull },
      String(HTTP_LIMITS.lowDiskRetryAfterSeconds),
    ]);
    expect(await readdir(path.join(standalone.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('the HTTP edge reached directly (no TRUST_PROXY)', () => {
  const standalone = useStandalone();

  it('gives a forged X-Forwarded-For no bucket of its own, and no HSTS for a forged scheme', async () => {
    const { port } = standalone;
    const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}`, 'x-forwarded-proto': 'https' });
    const answers = [];
    for (let i = 1; i <= 6; i++) answers.push(await postContact(port, forged(i), '127.0.3.1'));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(json(answers[5]!)).toEqual(CONTACT_LIMITED);
    expect(answers.map((answer) => answer.headers['strict-transport-security'])).toEqual(
      Array(6).fill(undefined),
    );
    // The peer's own address still counts on its own.
    expect((await postContact(port, forged(7), '127.0.3.2')).status).toBe(400);
  });

  it('answers /metrics and the health endpoints even with a forged X-Forwarded-For: no proxy is believed', async () => {
    const answers = await Promise.all(
      INTERNAL_PATHS.map((p) =>
        send(standalone.port, 'GET', p, { headers: { 'x-forwarded-for': '203.0.113.31' } }),
      ),
    );
    expect(answers.map((answer, i) => [INTERNAL_PATHS[i], answer.status])).toEqual(
      INTERNAL_PATHS.map((p) => [p, 200]),
    );
  });

  it('refuses to start on a TRUST_PROXY that would believe every peer', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-edge-data-'));
    try {
      const started = await runToEnd(process.execPath, ['standalone/dist/main.js'], {
        DATA_DIR: dataDir,
        TRUST_PROXY: 'true',
      });
      expect(started.code).toBe(1);
      expect(started.stderr).toContain(
        'TRUST_PROXY must be "false", a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (not "true")',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
