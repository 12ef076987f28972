import { z } from 'zod';
import { requestContract } from '@chatexhibit/proto/contract';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import { NatsRequestBus } from '@chatexhibit/kit/bus/nats-request-bus';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { testServers, uniqueName } from '../support/servers';

const ECHO = requestContract(
  'test.echo',
  z.object({ text: z.string().min(1) }),
  z.object({ echoed: z.string(), by: z.string() }),
);
const logger = createLogger({ part: 'test', level: 'silent' });

describe('NatsRequestBus on the local NATS', () => {
  const prefix = uniqueName('reqbus');
  const buses: NatsRequestBus[] = [];
  const bus = (queue: string) => {
    const created = new NatsRequestBus(
      { url: testServers().natsUrl, prefix, queue, name: `test-${queue}` },
      logger,
    );
    buses.push(created);
    return created;
  };
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
  });

  it('carries requests, replies and error codes between two processes-worth of buses', async () => {
    const replica1 = bus('echo');
    const replica2 = bus('echo');
    for (const [replica, name] of [
      [replica1, 'one'],
      [replica2, 'two'],
    ] as const) {
      replica.handle(ECHO, async ({ text }) => {
        if (text === 'missing') throw new BusError('NOT_FOUND', 'no such thing');
        if (text === 'refunded') throw BusError.of(PAYMENT_ERRORS, 'REFUNDED');
        return { echoed: text, by: name };
      });
      await replica.start();
    }
    const caller = bus('caller');
    await caller.start();
    await caller.check();

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => caller.request(ECHO, { text: `m${i}` })),
    );
    expect(answers.map((a) => a.echoed)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    // One queue group: each request is answered by exactly one replica, and both take a share.
    expect(new Set(answers.map((a) => a.by)).size).toBe(2);

    await expect(caller.request(ECHO, { text: 'missing' })).rejects.toEqual(
      new BusError('NOT_FOUND', 'no such thing'),
    );
    // A module's reason crosses the bus beside its code: refunded and already paid are both CONFLICT.
    await expect(caller.request(ECHO, { text: 'refunded' })).rejects.toMatchObject({
      code: 'CONFLICT',
      reason: 'REFUNDED',
      message: PAYMENT_ERRORS.REFUNDED.message,
    });
    await expect(caller.request(ECHO, { text: '' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('rejects a malformed message at the receiving side with a reason, and times out when nobody answers', async () => {
    const server = bus('strict');
    const handler = jest.fn(async ({ text }: { text: string }) => ({ echoed: text, by: 'strict' }));
    server.handle(ECHO, handler);
    await server.start();
    const raw = bus('raw');
    await raw.start();
    // Bypass the caller-side check with a contract whose request schema accepts anything.
    const loose = requestContract('test.echo', z.any(), z.any());
    await expect(raw.request(loose, { text: 42 })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    expect(handler).not.toHaveBeenCalled();

    const nobody = requestContract('test.nobody', z.object({}), z.object({}));
    await expect(raw.request(nobody, {}, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
