import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import type { ExportProgress } from '@chatexhibit/proto/progress';
import { JetStreamProgressChannel } from '@chatexhibit/kit/progress/jetstream-progress-channel';
import { PostgresProgressChannel } from '@chatexhibit/kit/progress/postgres-progress-channel';
import { DELETED_PROGRESS, type ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { eventually } from '../support/eventually';
import { testServers, uniqueName } from '../support/servers';

const step = (progress: number, extra: Partial<ExportProgress> = {}): ExportProgress => ({
  step: Math.min(3, Math.floor(progress / 25)),
  progress,
  ...extra,
});

/** Both progress channels keep the latest state, move only forward, and tell live listeners. */
describe.each([
  [
    'JetStreamProgressChannel',
    async () => {
      const prefix = uniqueName('progress');
      const channel = await JetStreamProgressChannel.connect({
        url: testServers().natsUrl,
        prefix,
        name: 'test',
        setsUp: true,
      });
      return {
        channel,
        cleanUp: async () => {
          const nc: NatsConnection = await connect({ servers: testServers().natsUrl });
          await (await nc.jetstreamManager()).streams.delete(`${prefix}_progress`).catch(() => undefined);
          await nc.close();
        },
      };
    },
  ],
  [
    'PostgresProgressChannel',
    async () => {
      const schema = uniqueName('progress').toLowerCase();
      return {
        channel: await PostgresProgressChannel.open(testServers().databaseUrl, schema),
        cleanUp: async () => {
          const client = new Client({ connectionString: testServers().databaseUrl });
          await client.connect();
          await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
          await client.end();
        },
      };
    },
  ],
])('%s', (_name, open) => {
  let opened: Awaited<ReturnType<typeof open>>;
  let channel: ProgressChannel;
  beforeAll(async () => {
    opened = await open();
    channel = opened.channel;
  });
  afterAll(async () => {
    await channel?.close();
    await opened?.cleanUp();
  });

  it('keeps the latest state of each export, and nothing for an unknown one', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    expect(await channel.latest(a)).toBeNull();
    await channel.publish(a, step(5));
    await channel.publish(a, step(30));
    await channel.publish(b, step(50));
    expect(await channel.latest(a)).toEqual(step(30));
    expect(await channel.latest(b)).toEqual(step(50));
  });

  it('never moves backwards, and the first final event stays final', async () => {
    const id = randomUUID();
    await channel.publish(id, step(60));
    await channel.publish(id, step(20)); // a redelivered earlier step
    expect(await channel.latest(id)).toEqual(step(60));
    const done = step(100, { done: true });
    await channel.publish(id, done);
    await channel.publish(id, step(100, { error: 'late failure of a redelivery' }));
    expect(await channel.latest(id)).toEqual(done);
  });

  it('erases an export: its final event, done or not, becomes the deleted one, which nothing later replaces', async () => {
    const [finished, running] = [randomUUID(), randomUUID()];
    await channel.publish(finished, step(100, { done: true, messageCount: 5 }));
    await channel.publish(running, step(40));
    const heard: unknown[] = [];
    const unsubscribe = await channel.subscribe(running, (event) => heard.push(event));
    for (const id of [finished, running]) await channel.erase(id);
    // A step still running when its export was deleted publishes again.
    await channel.publish(running, step(80));
    await channel.publish(running, step(100, { done: true }));
    for (const id of [finished, running]) expect(await channel.latest(id)).toEqual(DELETED_PROGRESS);
    await eventually(() => heard.length > 0, 5000, 'the listener hears it');
    unsubscribe();
    expect(heard).toEqual([DELETED_PROGRESS]);
  });

  it('keeps the furthest state when many steps publish at once, also the very first ones', async () => {
    // Twenty exports each get their first seven events at once, the furthest sent first: the
    // race to create an export's first row is the one a row lock cannot settle.
    const ids = Array.from({ length: 20 }, () => randomUUID());
    await Promise.all(
      ids.flatMap((id) => [70, 10, 40, 25, 55, 5, 65].map((p) => channel.publish(id, step(p)))),
    );
    for (const id of ids) expect(await channel.latest(id)).toEqual(step(70));
  });

  it('tells a listener every event published after it subscribed, until it unsubscribes', async () => {
    const id = randomUUID();
    const heard: number[] = [];
    const unsubscribe = await channel.subscribe(id, (event) => heard.push(event.progress));
    await channel.publish(id, step(10));
    await channel.publish(id, step(20));
    await eventually(() => heard.length === 2, 5000, 'two events heard');
    unsubscribe();
    await channel.publish(id, step(30));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([10, 20]);
  });
});
