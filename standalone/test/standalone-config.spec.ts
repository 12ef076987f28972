import { ConfigError } from '@chatexhibit/kit/config/env';
import { loadStandaloneConfig } from '../src/standalone-config';

const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    loadStandaloneConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('standalone configuration', () => {
  it('refuses placeholder and guessable secrets, all problems at once', () => {
    expect(
      problemsOf({
        SUPPORT_TOKEN: 'REPLACE_ME_WITH_64_HEX_CHARACTERS_FROM_OPENSSL_RAND_HEX_32',
        LINK_SIGNING_SECRET: 'abcabcabcabcabcabcabcabcabcabcabcabc',
      }),
    ).toEqual([
      'LINK_SIGNING_SECRET is too easy to guess (about 3 bits of randomness, at least 128 needed): set a random value, e.g. `openssl rand -hex 32`',
      'SUPPORT_TOKEN is a placeholder (it contains "replace"): set a random value, e.g. `openssl rand -hex 32`',
    ]);
  });

  it('reads SOURCE_URL with the rest, null when unset', () => {
    expect(loadStandaloneConfig({}).sourceUrl).toBeNull();
    expect(loadStandaloneConfig({ SOURCE_URL: 'https://code.example.org/x' }).sourceUrl).toBe(
      'https://code.example.org/x',
    );
    expect(problemsOf({ SOURCE_URL: 'ftp://code.example.org/x' })).toEqual([
      'SOURCE_URL must be a URL starting with http:// or https://',
    ]);
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadStandaloneConfig({}).host).toBe('127.0.0.1');
    expect(loadStandaloneConfig({ HOST: '0.0.0.0', TEST_CHECKOUT: 'true' }).host).toBe('0.0.0.0');
    expect(problemsOf({ HOST: 'not a host', TEST_CHECKOUT: 'true' })).toEqual([
      'HOST must be an IP address or a host name',
    ]);
  });

  it('runs the test checkout by default for npm start, never by default under NODE_ENV=production', () => {
    expect(loadStandaloneConfig({}).stripe).toBeNull();
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      "STRIPE_SECRET_KEY is missing: set Stripe's keys, or TEST_CHECKOUT=true for the local test checkout (payments that are not real)",
    ]);
    expect(loadStandaloneConfig({ NODE_ENV: 'production', TEST_CHECKOUT: 'true' }).stripe).toBeNull();
    expect(problemsOf({ TEST_CHECKOUT: 'false' })).toHaveLength(1);
  });

  it('runs the test checkout by default only on loopback: off it, only when TEST_CHECKOUT=true asks', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost'])
      expect(loadStandaloneConfig({ HOST: host }).stripe).toBeNull();
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'chatexhibit.example.org'])
      expect(problemsOf({ HOST: host })).toEqual([
        `STRIPE_SECRET_KEY is missing: set Stripe's keys, or TEST_CHECKOUT=true for the local test checkout (payments that are not real), which is not on by default when HOST (${host}) is not loopback`,
      ]);
    expect(loadStandaloneConfig({ HOST: '0.0.0.0', TEST_CHECKOUT: 'true' }).stripe).toBeNull();
  });

  // Behind the shipped nginx (TRUST_PROXY=loopback) every visitor's request comes from loopback:
  // a default test checkout would sell anyone a free "paid" export.
  it('runs the test checkout by default only without a proxy: behind one, only when TEST_CHECKOUT=true asks', () => {
    for (const trustProxy of ['', 'false', 'FALSE'])
      expect(loadStandaloneConfig({ TRUST_PROXY: trustProxy }).stripe).toBeNull();
    for (const trustProxy of ['loopback', '127.0.0.1', '10.0.0.0/8,loopback', '1'])
      expect(problemsOf({ TRUST_PROXY: trustProxy })).toEqual([
        "STRIPE_SECRET_KEY is missing: set Stripe's keys, or TEST_CHECKOUT=true for the local test checkout (payments that are not real), which is not on by default behind a proxy (TRUST_PROXY is set)",
      ]);
    expect(loadStandaloneConfig({ TRUST_PROXY: 'loopback', TEST_CHECKOUT: 'true' }).stripe).toBeNull();
  });
});
