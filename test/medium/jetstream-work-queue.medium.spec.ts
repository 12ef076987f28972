import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { AckPolicy, connect, headers as natsHeaders, type NatsConnection, nanos } from 'nats';
import pino from 'pino';
import { JetStreamWorkQueue } from '@chatexhibit/kit/bus/jetstream-work-queue';
import { deadLetterStream } from '@chatexhibit/kit/bus/nats-names';
import { exhaustedReason } from '@chatexhibit/kit/bus/work-queue';
import { createLogger, withCorrelationId } from '@chatexhibit/kit/logging/logger';
import { type RunningProcess, startProcessCommand } from '../support/child-process';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { testServers, uniqueName } from '../support/servers';
import { unscrapedJobMetrics } from '../support/job-metrics';
import {
  describeOnFixture,
  describeWorkQueueContract,
  JOB,
  type WorkQueueFixture,
} from './work-queue-contract';

const logger = createLogger({ part: 'test', level: 'silent' });

/** Removing a stream the test never got as far as creating is no failure. */
const unlessNotFound = (error: unknown) => {
  if (!/stream not found/i.test(String(error))) throw error;
};

describe('JetStreamWorkQueue on the local NATS', () => {
  let prefix: string;
  let queues: JetStreamWorkQueue[];
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: testServers().natsUrl });
  });
  afterAll(async () => {
    await nc.close();
  });

  const open = async () => {
    const queue = await JetStreamWorkQueue.connect(
      { url: testServers().natsUrl, prefix, name: 'test', metrics: unscrapedJobMetrics(), setsUp: true },
      logger,
    );
    queues.push(queue);
    return queue;
  };

  const driver: WorkQueueFixture = {
    setUp: () => {
      prefix = uniqueName('wq');
      queues = [];
    },
    cleanUp: async () => {
      const jsm = await nc.jetstreamManager();
      await cleanUpAll(
        ...queues.map((queue) => () => queue.close()),
        ...[`${prefix}_jobs`, deadLetterStream(prefix, 'test'), `KV_${prefix}_job_runs`].map(
          (stream) => () => jsm.streams.delete(stream).catch(unlessNotFound),
        ),
      );
    },
    open,
    deadLetters: async () => {
      const jsm = await nc.jetstreamManager();
      // Made when a queue first starts consuming: none before.
      const info = await jsm.streams.info(deadLetterStream(prefix, 'test')).catch((error: unknown) => {
        unlessNotFound(error);
        return null;
      });
      if (info === null) return [];
      const letters = [];
      for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
        const message = await jsm.streams.getMessage(deadLetterStream(prefix, 'test'), { seq });
        letters.push({
          subject: message.subject,
          payload: JSON.parse(message.string()) as unknown,
          reason: message.header.get('reason'),
          deliveries: Number(message.header.get('deliveries')),
          correlationId: message.header.get('correlation-id'),
        });
      }
      return letters;
    },
    deadLetterSubject: (subject) => `${prefix}.dead-letter.${subject}`,
    publishUnchecked: async (subject, payload, correlationId) => {
      const headers = natsHeaders();
      headers.set('correlation-id', correlationId);
      await nc.jetstream().publish(`${prefix}.${subject}`, JSON.stringify(payload), { headers });
    },
    dyingWorkerEnv: () => ({ DRIVER: 'jetstream', NATS_URL: testServers().natsUrl, NATS_PREFIX: prefix }),
  };

  describeWorkQueueContract(driver);

  describeOnFixture('beyond the contract', driver, () => {
    it('dead-letters, on the next start, an item whose last delivery died while no other worker ran', async () => {
      const producer = await open();
      await withCorrelationId('export-3', () => producer.enqueue(JOB, { id: 'cursed', n: 1 }));
      // A worker takes the item and dies: its delivery is never acknowledged.
      const jsm = await nc.jetstreamManager();
      await jsm.consumers.add(`${prefix}_jobs`, {
        durable_name: 'jobs-test',
        filter_subject: `${prefix}.jobs.test`,
        ack_policy: AckPolicy.Explicit,
        ack_wait: nanos(500),
      });
      const taken = await (await nc.jetstream().consumers.get(`${prefix}_jobs`, 'jobs-test')).next();
      expect(taken?.info.redeliveryCount).toBe(1);
      await new Promise((r) => setTimeout(r, 600));

      const queue = await open();
      const handler = jest.fn(async () => undefined);
      queue.consume(JOB, handler, { maxDeliver: 1, ackWaitMs: 500 });
      await queue.start();
      await eventually(async () => (await driver.deadLetters()).length === 1, 10_000);
      expect(handler).not.toHaveBeenCalled();
      expect(await driver.deadLetters()).toEqual([
        {
          subject: driver.deadLetterSubject('jobs.test'),
          payload: { id: 'cursed', n: 1 },
          reason: exhaustedReason(1),
          deliveries: 1,
          correlationId: 'export-3',
        },
      ]);
      await eventually(async () => (await jsm.streams.info(`${prefix}_jobs`)).state.messages === 0, 5000);
    });
  });
});

describe('JetStreamWorkQueue.connect on a NATS server it cannot use', () => {
  let server: RunningProcess | undefined;
  let storeDir: string | undefined;
  afterEach(async () => {
    const [stopping, removing] = [server, storeDir];
    server = undefined;
    storeDir = undefined;
    await cleanUpAll(
      () => stopping?.stop(),
      () => removing && rm(removing, { recursive: true, force: true }),
    );
  });

  const logLines = () => {
    const lines: { msg: string; url?: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    return { logger: pino({ level: 'warn' }, sink), lines };
  };

  const startNatsServer = (port: number, args: string[] = []) =>
    startProcessCommand('nats-server', ['-a', '127.0.0.1', '-p', String(port), ...args]);

  it('says it is waiting, and where, until NATS comes up', async () => {
    const port = await freePort();
    const url = `nats://127.0.0.1:${port}`;
    const { logger, lines } = logLines();
    const connecting = JetStreamWorkQueue.connect(
      { url, prefix: uniqueName('wait'), name: 'test', metrics: unscrapedJobMetrics() },
      logger,
    );
    await eventually(() => lines.some((l) => l.msg === 'waiting for NATS'), 5000);
    expect(lines[0]).toMatchObject({ msg: 'waiting for NATS', url });
    storeDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-nats-'));
    server = startNatsServer(port, ['-js', '-sd', storeDir]);
    const queue = await connecting;
    await queue.close();
  }, 20_000);

  it('fails with a plain reason when the server runs without JetStream', async () => {
    const port = await freePort();
    const url = `nats://127.0.0.1:${port}`;
    server = startNatsServer(port);
    const { logger } = logLines();
    await eventually(async () => {
      const probe = await connect({ servers: url }).catch(() => undefined);
      await probe?.close();
      return probe !== undefined;
    }, 5000);
    await expect(
      JetStreamWorkQueue.connect(
        { url, prefix: uniqueName('nojs'), name: 'test', metrics: unscrapedJobMetrics() },
        logger,
      ),
    ).rejects.toThrow(`JetStream is not enabled on the NATS server at ${url}`);
  }, 20_000);
});
