import { randomUUID } from 'node:crypto';
import { type AuthorizedNats, startAuthorizedNats } from '../support/authorized-nats';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { testServers, uniqueName } from '../support/servers';
import { CHATEXHIBIT_IMAGE, healthcheckPasses, logsOf, podman } from './podman';

/**
 * The image as one part, the way an operator runs it next to existing servers: the payment service
 * (CHATEXHIBIT_PART=payment) on the host network against this machine's PostgreSQL and a NATS
 * server with the parts' authorization (JetStream), with its own key, to ready and healthy.
 */
describe('the image as one service (payment) on the host network', () => {
  const container = `chatexhibit-ct-payment-${randomUUID().slice(0, 8)}`;
  const prefix = uniqueName('ct');
  let healthPort: number;
  let nats: AuthorizedNats;
  beforeAll(async () => {
    const { databaseUrl } = testServers();
    nats = await startAuthorizedNats(prefix);
    healthPort = await freePort();
    const env = {
      CHATEXHIBIT_PART: 'payment',
      DATABASE_URL: databaseUrl,
      NATS_URL: nats.url,
      NATS_PREFIX: prefix,
      // The image runs under NODE_ENV=production, where a part without its own key refuses to start.
      NATS_NKEY_SEED: nats.seeds.payment,
      HEALTH_PORT: String(healthPort),
      LOG_LEVEL: 'warn',
      // No Stripe keys: the local test checkout, which a part of the distributed mode runs only when asked.
      TEST_CHECKOUT: 'true',
    };
    await podman(
      'run',
      '--detach',
      '--name',
      container,
      '--network',
      'host',
      ...Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
      CHATEXHIBIT_IMAGE,
    );
  }, 60_000);
  afterAll(() =>
    cleanUpAll(
      () => podman('rm', '--force', container),
      () => nats?.stop(),
    ),
  );

  it('answers its readiness probe and passes its HEALTHCHECK', async () => {
    await eventually(
      async () =>
        (await fetch(`http://127.0.0.1:${healthPort}/health/ready`).catch(() => null))?.status === 200,
      60_000,
      'the payment container is ready',
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await logsOf(container)}`);
    });
    expect(await healthcheckPasses(container)).toBe(true);
    expect(await podman('exec', container, 'id', '-u')).toBe('10001');
  }, 90_000);
});
