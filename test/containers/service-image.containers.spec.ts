import { randomUUID } from 'node:crypto';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { deletePrefixStreams, testServers, uniqueName } from '../support/servers';
import { CHATEXHIBIT_IMAGE, healthcheckPasses, logsOf, podman } from './podman';

/**
 * The image as one part, the way an operator runs it next to existing servers: the payment service
 * (CHATEXHIBIT_PART=payment) on the host network against this machine's PostgreSQL and NATS
 * (JetStream), to ready and healthy.
 */
describe('the image as one service (payment) on the host network', () => {
  const container = `chatexhibit-ct-payment-${randomUUID().slice(0, 8)}`;
  const prefix = uniqueName('ct');
  let healthPort: number;
  beforeAll(async () => {
    const { databaseUrl, natsUrl } = testServers();
    healthPort = await freePort();
    const env = {
      CHATEXHIBIT_PART: 'payment',
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      NATS_PREFIX: prefix,
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
      () => deletePrefixStreams(prefix),
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
