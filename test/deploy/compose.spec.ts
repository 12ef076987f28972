// docker-compose.yml as compose reads it (YAML merges, then ${…} interpolation) with an operator's
// environment: no secret has a default, every port is on loopback unless asked, and payment takes
// no test-checkout payments unless asked. No Docker engine is needed.
import { randomBytes } from 'node:crypto';
import { PART_NAMES } from '@chatexhibit/proto/health';
import { NATS_USERS, newNatsCredentials } from '../../services/kit/src/bus/nats-permissions';
import { seedVariable } from '../../services/kit/src/cli/nats-auth-cli';
import { ConfigError } from '../../services/kit/src/config/env';
import { loadPartConfig } from '../../services/kit/src/config/part-config';
import {
  type Doc,
  interpolateCompose,
  MissingComposeVariable,
  readRepoFile,
  readYamlWithMerges,
} from './support';

/** What npm run nats-auth -- --env writes into .env (through scripts/compose-env.sh). */
const NATS = newNatsCredentials('chatexhibit');
const NATS_ENV: Record<string, string> = {
  ...Object.fromEntries(NATS_USERS.map((user) => [seedVariable(user), NATS.seeds[user]])),
  NATS_AUTHORIZATION: JSON.stringify(NATS.authorization),
};
const RANDOM = ['LINK_SIGNING_SECRET', 'POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD'];
const DEMANDED = [...RANDOM, ...Object.keys(NATS_ENV)];
/** What scripts/compose-env.sh writes into .env. */
const OPERATOR_ENV: Record<string, string> = {
  ...Object.fromEntries([...RANDOM, 'SUPPORT_TOKEN'].map((name) => [name, randomBytes(32).toString('hex')])),
  ...NATS_ENV,
};

/** Every string in `value` interpolated with `env`, as compose does after applying merges. */
function interpolateAll(value: unknown, env: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolateCompose(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, env));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env)]));
  return value;
}

const render = (env: Record<string, string>) =>
  interpolateAll(readYamlWithMerges('docker-compose.yml'), env) as {
    services: Record<
      string,
      {
        environment?: Record<string, string>;
        ports?: string[];
        command?: string[];
        depends_on?: Record<string, { condition: string }>;
      }
    >;
  };
const environmentOf = (service: string, env: Record<string, string> = OPERATOR_ENV) =>
  render(env).services[service]!.environment ?? {};

describe('docker-compose.yml', () => {
  it.each(DEMANDED)('stops without %s instead of using a default', (name) => {
    let missing: string | undefined;
    try {
      render({ ...OPERATOR_ENV, [name]: '' });
    } catch (error) {
      if (!(error instanceof MissingComposeVariable)) throw error;
      missing = error.variable;
    }
    expect(missing).toBe(name);
  });

  it('gives no secret a default value', () => {
    const text = readRepoFile('docker-compose.yml');
    const defaulted = [...text.matchAll(/\$\{(\w*(?:SECRET|PASSWORD|TOKEN|KEY)\w*):?-([^}]+)\}/g)].map(
      (match) => `${match[1]}=${match[2]}`,
    );
    expect(defaulted).toEqual([]);
    expect(text).not.toContain('change-me');
    // the secrets reach the parts as the operator set them
    expect(environmentOf('gateway').LINK_SIGNING_SECRET).toBe(OPERATOR_ENV.LINK_SIGNING_SECRET);
    expect(environmentOf('notification').LINK_SIGNING_SECRET).toBe(OPERATOR_ENV.LINK_SIGNING_SECRET);
  });

  it('publishes every port on 127.0.0.1 unless CHATEXHIBIT_BIND opens the app', () => {
    const published = (env: Record<string, string>) =>
      Object.entries(render(env).services).flatMap(([name, service]) =>
        (service.ports ?? []).map((port) => `${name} ${port}`),
      );
    const ports = published(OPERATOR_ENV);
    expect(ports.length).toBeGreaterThanOrEqual(4);
    expect(ports.filter((port) => !/^\S+ 127\.0\.0\.1:\d+:\d+$/.test(port))).toEqual([]);
    expect(published({ ...OPERATOR_ENV, CHATEXHIBIT_BIND: '0.0.0.0' })).toContain(
      'gateway 0.0.0.0:3000:3000',
    );
  });

  it("runs payment without the test checkout unless TEST_CHECKOUT asks, whatever the shell's NODE_ENV", () => {
    const payment = environmentOf('payment', { ...OPERATOR_ENV, NODE_ENV: 'development' });
    expect(payment.NODE_ENV).toBeUndefined();
    expect(payment.TEST_CHECKOUT).toBe('false');
    // As the part reads it in the image (NODE_ENV=production): it refuses to start, naming why.
    let problems: readonly string[] = [];
    try {
      loadPartConfig('payment', { ...payment, NODE_ENV: 'production' } as Record<string, string>);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    expect(problems).toEqual([
      "STRIPE_SECRET_KEY is missing: set Stripe's keys, or TEST_CHECKOUT=true for the local test checkout (payments that are not real)",
    ]);
    const asked = environmentOf('payment', { ...OPERATOR_ENV, TEST_CHECKOUT: 'true' });
    expect(
      loadPartConfig('payment', { ...asked, NODE_ENV: 'production' } as Record<string, string>).stripe,
    ).toBeNull();
  });

  it('admits to NATS only the parts, each with its own key, and starts each part as the image does', () => {
    const nats = render(OPERATOR_ENV).services.nats!;
    expect(nats.environment!.NATS_AUTHORIZATION).toBe(OPERATOR_ENV.NATS_AUTHORIZATION);
    // The server starts on the file the authorization is written to.
    const script = nats.command!.at(-1)!;
    expect(script).toMatch(/^printf '%s' "\$NATS_AUTHORIZATION" > (\S+) && exec nats-server .* -c \1$/);
    for (const part of PART_NAMES) {
      const env = environmentOf(part);
      expect({ part, seed: env.NATS_NKEY_SEED }).toEqual({ part, seed: NATS.seeds[part] });
      // The image runs with NODE_ENV=production, where a part without its key refuses to start.
      const config = loadPartConfig(part, {
        ...env,
        TEST_CHECKOUT: 'true',
        NODE_ENV: 'production',
      } as Record<string, string>);
      expect(config.nats.nkeySeed).toBe(NATS.seeds[part]);
    }
  });

  it("sets up JetStream with the setup's key before any part starts, and no part has that key", () => {
    const { services } = render(OPERATOR_ENV);
    const setup = services['nats-setup']!;
    expect(setup.command).toEqual(['node', 'services/kit/dist/cli/nats-setup-cli.js']);
    expect(setup.environment!.NATS_NKEY_SEED).toBe(NATS.seeds.setup);
    expect(setup.depends_on).toEqual({ nats: { condition: 'service_healthy' } });
    for (const part of PART_NAMES) {
      expect([part, services[part]!.depends_on!['nats-setup']]).toEqual([
        part,
        { condition: 'service_completed_successfully' },
      ]);
      expect(Object.values(environmentOf(part))).not.toContain(NATS.seeds.setup);
    }
  });

  it('believes no X-Forwarded-For by default: browsers reach the gateway directly', () => {
    const gateway: Doc = environmentOf('gateway');
    expect(gateway.TRUST_PROXY).toBe('false');
    expect(environmentOf('gateway', { ...OPERATOR_ENV, TRUST_PROXY: '1' }).TRUST_PROXY).toBe('1');
  });
});
