import { z } from 'zod';
import { requestContract } from '@chatexhibit/proto/contract';
import { createLogger } from '../src/logging/logger';
import { BusError } from '../src/bus/bus-error';
import { InProcessRequestBus } from '../src/bus/in-process-request-bus';

const ECHO = requestContract(
  'test.echo',
  z.object({ text: z.string().min(1) }),
  z.object({ echoed: z.string() }),
);
const logger = createLogger({ part: 'test', level: 'silent' });

describe('InProcessRequestBus', () => {
  let bus: InProcessRequestBus;
  beforeEach(() => {
    bus = new InProcessRequestBus(logger);
  });

  it('answers through the registered handler', async () => {
    bus.handle(ECHO, async ({ text }) => ({ echoed: text.toUpperCase() }));
    await expect(bus.request(ECHO, { text: 'hi' })).resolves.toEqual({ echoed: 'HI' });
  });

  it('rejects an invalid request before it reaches the handler', async () => {
    const handler = jest.fn(async () => ({ echoed: 'x' }));
    bus.handle(ECHO, handler);
    await expect(bus.request(ECHO, { text: '' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a reply that breaks the contract', async () => {
    bus.handle(ECHO, async () => ({ wrong: true }) as never);
    await expect(bus.request(ECHO, { text: 'a' })).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('carries the handler error code to the caller', async () => {
    bus.handle(ECHO, async () => {
      throw new BusError('NOT_FOUND', 'no such export');
    });
    await expect(bus.request(ECHO, { text: 'a' })).rejects.toEqual(
      new BusError('NOT_FOUND', 'no such export'),
    );
  });

  it("carries a module's reason beside the code", async () => {
    const REASONS = { REFUNDED: { code: 'CONFLICT', message: 'refunded' } } as const;
    bus.handle(ECHO, async () => {
      throw BusError.of(REASONS, 'REFUNDED');
    });
    const refused = await bus.request(ECHO, { text: 'a' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'CONFLICT', reason: 'REFUNDED', message: 'refunded' });
    expect((refused as BusError).toJSON()).toEqual({
      code: 'CONFLICT',
      reason: 'REFUNDED',
      message: 'refunded',
    });
    expect(BusError.from({ code: 'CONFLICT', reason: 'REFUNDED', message: 'refunded' })).toMatchObject({
      reason: 'REFUNDED',
    });
  });

  it('says UNAVAILABLE when nobody answers or the answer is late', async () => {
    await expect(bus.request(ECHO, { text: 'a' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    bus.handle(ECHO, () => new Promise(() => undefined));
    await expect(bus.request(ECHO, { text: 'a' }, { timeoutMs: 20 })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'no reply on test.echo within 20 ms',
    });
  });
});
