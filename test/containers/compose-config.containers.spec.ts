import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { foreignSecrets, PARTS, requiredEnv } from '../deploy/required-env';
import { composeRunner, composeSecrets } from './compose';

type Environment = Record<string, string | null>;

/** docker-compose.yml as docker-compose renders it (`config`: variables filled in, merges applied). */
describe('the compose file, rendered', () => {
  let workDir: string;
  let environments: Record<string, Environment>;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-compose-config-'));
    // An operator's shell may export NODE_ENV: it must not reach the file. The secrets are what
    // scripts/compose-env.sh writes into .env; compose stops without them.
    const compose = await composeRunner('chatexhibit-config', workDir, () => ({
      NODE_ENV: 'development',
      ...composeSecrets(),
    }));
    const config = parseYaml(await compose(['config'])) as {
      services: Record<string, { environment: Environment }>;
    };
    environments = Object.fromEntries(
      Object.entries(config.services).map(([name, service]) => [name, service.environment ?? {}]),
    );
  });
  afterAll(() => workDir && rm(workDir, { recursive: true, force: true }));

  it.each(PARTS)('runs %s as its part, with every required variable usable and no foreign secret', (part) => {
    const environment = environments[part]!;
    expect(environment.CHATEXHIBIT_PART).toBe(part);
    const unusable = requiredEnv(part).filter((variable) => {
      const value = environment[variable.name] ?? '';
      return value === '' || !(variable.scheme?.test(value) ?? true);
    });
    expect(unusable.map((variable) => variable.name)).toEqual([]);
    const foreign = foreignSecrets(part).filter((variable) => variable.name in environment);
    expect(foreign.map((variable) => variable.name)).toEqual([]);
  });

  it('runs payment without the test checkout unless asked, whatever NODE_ENV the shell has', () => {
    expect(environments.payment!.TEST_CHECKOUT).toBe('false');
    for (const part of PARTS) {
      expect({ part, nodeEnv: environments[part]!.NODE_ENV }).toEqual({ part, nodeEnv: undefined });
    }
  });
});
