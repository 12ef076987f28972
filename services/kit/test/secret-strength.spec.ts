import { randomBytes } from 'node:crypto';
import { ConfigError } from '../src/config/env';
import { loadPartConfig } from '../src/config/part-config';
import { estimatedSecretBits, MIN_SECRET_BITS } from '../src/config/secret-strength';

const gatewayEnv = {
  NATS_URL: 'nats://127.0.0.1:4222',
  S3_ENDPOINT: 'http://minio:9000',
  S3_ACCESS_KEY: 'key',
  S3_SECRET_KEY: 'secret',
  S3_BUCKET: 'chatexhibit',
  LINK_SIGNING_SECRET: randomBytes(32).toString('hex'),
};

const problemsWith = (name: 'LINK_SIGNING_SECRET' | 'SUPPORT_TOKEN', value: string): readonly string[] => {
  try {
    loadPartConfig('gateway', { ...gatewayEnv, [name]: value });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('secrets an operator sets', () => {
  it.each([
    // deploy/k8s/base/secret.example.yaml and the old docker-compose.yml default
    'REPLACE_ME_WITH_64_HEX_CHARACTERS_FROM_OPENSSL_RAND_HEX_32',
    'chatexhibit-dev-link-signing-secret-change-me',
    'a-test-signing-secret-of-at-least-32-characters',
    'my-example-value-9f86d081884c7d659a2feaa0c55ad015',
    'default_9f86d081884c7d659a2feaa0c55ad015a3bf4f1b',
    'Password1-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b',
    'TODO-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b8',
    'xxx-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822',
  ])('refuses the placeholder %s with a sentence naming the variable', (value) => {
    for (const name of ['LINK_SIGNING_SECRET', 'SUPPORT_TOKEN'] as const) {
      const problems = problemsWith(name, value);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        new RegExp(
          `^${name} is a placeholder \\(it contains "[a-z]+"\\): set a random value, e\\.g\\. \`openssl rand -hex 32\`$`,
        ),
      );
    }
  });

  it.each([
    'a'.repeat(64),
    'abc'.repeat(22),
    '0123456789abcdef0123456789abcdef',
    'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    'correct-horse-battery-staple-extra-long-passphrase',
    'qwertyuiopasdfghjklzxcvbnm-qwertyuiopasdfghjklzxcvbnm',
    // 16 random bytes in hex: below the 128 bits the estimate is sure of
    randomBytes(16).toString('hex'),
  ])('refuses the guessable %s with a sentence naming the variable', (value) => {
    for (const name of ['LINK_SIGNING_SECRET', 'SUPPORT_TOKEN'] as const) {
      const problems = problemsWith(name, value);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        new RegExp(
          `^${name} is too easy to guess \\(about \\d+ bits of randomness, at least 128 needed\\): set a random value`,
        ),
      );
    }
  });

  it('accepts what `openssl rand -hex 32` and `openssl rand -base64 32` print', () => {
    const values = [
      // base64 draws that hold a short placeholder's letters between `+` and `/`, or in mixed case
      'sLuw2SbTphuiBkEgfsQfF+Xxx+sd/OEeREJ4Wt41Lps=',
      'q3J9vT0cW8/test+Lr6NfZkP2eYh1uXbA4dGm7sQiCoE=',
      'Hk2pQw9-Todo_Zr4LmVx8cNbT1yUeGa6sDfJ0oPiW3tKq',
      ...Array.from({ length: 500 }, (_, i) => randomBytes(32).toString(i % 2 === 0 ? 'hex' : 'base64')),
    ];
    for (const value of values) {
      expect({ value, problems: problemsWith('LINK_SIGNING_SECRET', value) }).toEqual({
        value,
        problems: [],
      });
      expect({ value, problems: problemsWith('SUPPORT_TOKEN', value) }).toEqual({ value, problems: [] });
    }
  });

  it('estimates bits from the characters a value really uses, counting a repetition once', () => {
    expect(estimatedSecretBits('ab'.repeat(40))).toBeLessThanOrEqual(2);
    expect(estimatedSecretBits(randomBytes(32).toString('hex'))).toBeGreaterThan(MIN_SECRET_BITS);
    expect(estimatedSecretBits('x')).toBe(0);
  });
});
