import { createHash, randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { DEFAULT_PROCESSING_OPTIONS } from '@chatexhibit/proto/processing-options';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import { CHAT_DATA_REQUEST, PARSE_JOB } from '@chatexhibit/proto/subjects';
import { JetStreamWorkQueue } from '@chatexhibit/kit/bus/jetstream-work-queue';
import { NatsRequestBus } from '@chatexhibit/kit/bus/nats-request-bus';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { S3ObjectStorage } from '@chatexhibit/kit/storage/s3-object-storage';
import { SERVICE_NAMES, type SystemHealth } from '@chatexhibit/proto/health';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { type RunningProcess, startProcess } from '../support/child-process';
import { testServers, uniqueName } from '../support/servers';
import { startSmtpSink } from '../support/smtp-sink';

const getHealth = async (port: number): Promise<{ status: number; body: SystemHealth }> => {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  return { status: response.status, body: (await response.json()) as SystemHealth };
};

/**
 * Distributed mode as an operator runs it: the gateway and six services as separate processes
 * (the built entry points) on the local PostgreSQL and NATS, the test S3 server and an SMTP sink.
 */
describe('distributed mode', () => {
  const prefix = uniqueName('dist');
  const processes = new Map<string, RunningProcess>();
  const healthPorts = new Map<string, number>();
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let gatewayPort: number;
  const bucket = uniqueName('dist').toLowerCase().replace(/_/g, '-');

  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await Promise.all([...processes.values()].map((p) => p.stop('SIGKILL')));
    await smtp.close();
    const nc = await connect({ servers: testServers().natsUrl });
    const jsm = await nc.jetstreamManager();
    for (const stream of [`${prefix}_jobs`, `${prefix}_dead_letters`])
      await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
  });

  it('serves /api/health with all seven parts up, each in its own process', async () => {
    const { databaseUrl, natsUrl, s3 } = testServers();
    const common = {
      NATS_URL: natsUrl,
      NATS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: bucket,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ChatExhibit <no-reply@example.com>',
    };
    gatewayPort = await freePort();
    processes.set('gateway', startProcess('gateway/dist/main.js', { ...common, PORT: String(gatewayPort) }));
    for (const service of SERVICE_NAMES) {
      const healthPort = await freePort();
      processes.set(
        service,
        startProcess(`services/${service}/dist/main.js`, { ...common, HEALTH_PORT: String(healthPort) }),
      );
      healthPorts.set(service, healthPort);
    }

    let last: { status: number; body: SystemHealth } | undefined;
    await eventually(
      async () => {
        last = await getHealth(gatewayPort).catch(() => undefined);
        return last?.status === 200;
      },
      60_000,
      'all seven parts up',
    ).catch((error: Error) => {
      const logs = [...processes]
        .map(([name, p]) => `--- ${name}\n${p.stderr()}${p.lines.slice(-5).join('\n')}`)
        .join('\n');
      throw new Error(`${error.message}\nlast health: ${JSON.stringify(last?.body)}\n${logs}`);
    });
    expect(last!.body.mode).toBe('distributed');
    expect(Object.keys(last!.body.parts).sort()).toEqual(['gateway', ...SERVICE_NAMES].sort());
    expect(last!.body.parts.notification.checks).toEqual({
      database: { status: 'up' },
      bus: { status: 'up' },
      mail: { status: 'up' },
    });
    expect(last!.body.parts.ingest.checks).toEqual({
      database: { status: 'up' },
      bus: { status: 'up' },
      storage: { status: 'up' },
    });

    // Each service's own readiness probe answers on its HEALTH_PORT.
    const parsePort = healthPorts.get('parse')!;
    expect((await fetch(`http://127.0.0.1:${parsePort}/health/ready`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${parsePort}/health/live`)).status).toBe(200);
  }, 90_000);

  it('runs the parse step in the parse process and answers chat data over NATS', async () => {
    const { natsUrl, s3 } = testServers();
    const storage = new S3ObjectStorage({ ...s3, bucket });
    const exportId = randomUUID();
    const keys = exportKeys(exportId);
    const chatText = Buffer.from(
      '[07/09/2023, 08:01:12] Hannah: Morning\n[07/09/2023, 08:02:40] Omar: <attached: 00000012-PHOTO-2023-09-07-08-02-40.jpg>\nOn my way\n',
    );
    const photo = Buffer.from('jpeg bytes');
    const entries = [
      { path: '_chat.txt', bytes: chatText },
      { path: '00000012-PHOTO-2023-09-07-08-02-40.jpg', bytes: photo },
    ].map(({ path, bytes }) => ({
      path,
      key: keys.entry(path),
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes,
    }));
    for (const entry of entries) await storage.put(entry.key, entry.bytes);
    await storage.put(
      keys.entryManifest,
      Buffer.from(JSON.stringify({ entries: entries.map(({ bytes: _bytes, ...entry }) => entry) })),
    );

    const logger = createLogger({ part: 'test', level: 'silent' });
    const queue = await JetStreamWorkQueue.connect({ url: natsUrl, prefix, name: 'test-producer' }, logger);
    const bus = new NatsRequestBus(
      { url: natsUrl, prefix, queue: 'test-caller', name: 'test-caller' },
      logger,
    );
    await bus.start();
    try {
      await queue.enqueue(PARSE_JOB, {
        exportId,
        originalFilename: 'WhatsApp Chat - Hannah.zip',
        fileHash: 'e'.repeat(64),
        options: {},
      });
      let chat: Awaited<ReturnType<typeof bus.request<typeof CHAT_DATA_REQUEST>>> | undefined;
      await eventually(
        async () => {
          chat = await bus.request(CHAT_DATA_REQUEST, { chatExportId: exportId }).catch(() => undefined);
          return chat !== undefined;
        },
        20_000,
        'chat data of the parsed export',
      );
      expect(chat).toEqual({
        id: exportId,
        originalFilename: 'WhatsApp Chat - Hannah.zip',
        fileHash: 'e'.repeat(64),
        participants: ['Hannah', 'Omar'],
        processingOptions: DEFAULT_PROCESSING_OPTIONS,
        totalMessages: 2,
        messages: [
          {
            index: 1,
            timestamp: '2023-09-07T08:01:12',
            sender: 'Hannah',
            content: 'Morning',
            type: 'text',
            attachment: null,
          },
          {
            index: 2,
            timestamp: '2023-09-07T08:02:40',
            sender: 'Omar',
            content: '00000012-PHOTO-2023-09-07-08-02-40.jpg\nOn my way',
            type: 'text',
            attachment: '00000012-PHOTO-2023-09-07-08-02-40.jpg',
          },
        ],
      });
      // The parse process handed the export on to the media step.
      const nc = await connect({ servers: natsUrl });
      const handedOn = await (
        await nc.jetstreamManager()
      ).streams.getMessage(`${prefix}_jobs`, {
        last_by_subj: `${prefix}.jobs.media`,
      });
      expect(JSON.parse(handedOn.string())).toEqual({ exportId, messageCount: 2 });
      await nc.close();
    } finally {
      await bus.close();
      await queue.close();
    }
  }, 60_000);

  it('reports a stopped service as down (503), and the stopped process exits cleanly', async () => {
    const media = processes.get('media')!;
    expect(await media.stop('SIGTERM')).toBe(0);
    const { status, body } = await getHealth(gatewayPort);
    expect(status).toBe(503);
    expect(body.parts.media).toEqual({
      status: 'down',
      checks: { reachable: { status: 'down', error: 'nobody answers health.media' } },
    });
    expect(body.parts.parse.status).toBe('up');
  }, 30_000);

  it('exits 1 naming every missing or malformed variable', async () => {
    const ingest = startProcess('services/ingest/dist/main.js', {
      DATABASE_URL: 'mysql://db/x',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'do-not-print-me',
      HEALTH_PORT: '70000',
    });
    expect(await ingest.exited).toBe(1);
    const stderr = ingest.stderr();
    expect(stderr).toContain('chatexhibit ingest: Invalid configuration:');
    for (const expected of [
      'NATS_URL is missing',
      'HEALTH_PORT must be a port number (1-65535)',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://',
      'S3_BUCKET is missing',
    ]) {
      expect(stderr).toContain(expected);
    }
    expect(stderr).not.toContain('do-not-print-me');
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
