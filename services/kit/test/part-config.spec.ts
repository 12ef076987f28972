import { createUser } from 'nkeys.js';
import { ConfigError } from '../src/config/env';
import { loadPartConfig } from '../src/config/part-config';

const complete = {
  NATS_URL: 'nats://127.0.0.1:4222',
  DATABASE_URL: 'postgres://u:p@db:5432/app',
  S3_ENDPOINT: 'http://minio:9000',
  S3_ACCESS_KEY: 'key',
  S3_SECRET_KEY: 'secret',
  S3_BUCKET: 'chatexhibit',
  SMTP_URL: 'smtp://mail:1025',
  MAIL_FROM: 'ChatExhibit <no-reply@example.com>',
  SUPPORT_EMAIL: 'support@example.com',
  // `openssl rand -hex 32`
  LINK_SIGNING_SECRET: '3f9c1a7e5b20d84c6e1f0a9b7d3c25e84a6f1b0c9d2e7a35f8b4c1d6e0a9f273',
  TEST_CHECKOUT: 'true',
};

const problemsOf = (run: () => unknown): readonly string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadPartConfig', () => {
  it('reads what the ingest service needs, with defaults for the rest', () => {
    expect(loadPartConfig('ingest', complete)).toEqual({
      part: 'ingest',
      logLevel: 'info',
      httpPort: 8080,
      nats: { url: 'nats://127.0.0.1:4222', prefix: 'chatexhibit' },
      databaseUrl: 'postgres://u:p@db:5432/app',
      storage: {
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        accessKey: 'key',
        secretKey: 'secret',
        bucket: 'chatexhibit',
      },
    });
  });

  it('gives the gateway no database and reads PORT', () => {
    const config = loadPartConfig('gateway', { ...complete, PORT: '4000' });
    expect(config.httpPort).toBe(4000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mail).toBeUndefined();
    expect(config.linkSigningSecret).toBe(complete.LINK_SIGNING_SECRET);
    expect(loadPartConfig('ingest', complete).linkSigningSecret).toBeUndefined();
    expect(() => loadPartConfig('gateway', { ...complete, LINK_SIGNING_SECRET: 'short' })).toThrow(
      'LINK_SIGNING_SECRET must be at least 32 characters',
    );
  });

  it('requires SMTP only where mail is sent', () => {
    expect(loadPartConfig('notification', complete).mail).toEqual({
      smtpUrl: 'smtp://mail:1025',
      from: complete.MAIL_FROM,
      supportEmail: 'support@example.com',
    });
    const { SMTP_URL: _smtp, MAIL_FROM: _from, SUPPORT_EMAIL: _support, ...withoutMail } = complete;
    expect(() => loadPartConfig('payment', withoutMail)).not.toThrow();
    expect(problemsOf(() => loadPartConfig('notification', withoutMail))).toEqual([
      'SMTP_URL is missing',
      'MAIL_FROM is missing',
      'SUPPORT_EMAIL is missing',
    ]);
    expect(
      problemsOf(() => loadPartConfig('notification', { ...complete, SUPPORT_EMAIL: 'support' })),
    ).toEqual(['SUPPORT_EMAIL must be an email address']);
  });

  it('runs payment on the local test checkout only when TEST_CHECKOUT asks for it', () => {
    const payment = loadPartConfig('payment', complete);
    expect(payment).toMatchObject({
      stripe: null,
      publicUrl: 'http://localhost:3000',
      retentionSweepIntervalMs: 3_600_000,
    });
    const { TEST_CHECKOUT: _asked, ...notAsked } = complete;
    for (const env of [
      notAsked,
      { ...complete, TEST_CHECKOUT: 'false' },
      { ...notAsked, NODE_ENV: 'development' },
    ])
      expect(problemsOf(() => loadPartConfig('payment', env))).toEqual([
        "STRIPE_SECRET_KEY is missing: set Stripe's keys, or TEST_CHECKOUT=true for the local test checkout (payments that are not real)",
      ]);
    expect(problemsOf(() => loadPartConfig('payment', { ...complete, TEST_CHECKOUT: 'yes' }))).toEqual([
      'TEST_CHECKOUT must be true or false',
    ]);
    expect(
      problemsOf(() =>
        loadPartConfig('payment', {
          ...complete,
          STRIPE_SECRET_KEY: 'sk_live_abc',
          STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        }),
      ),
    ).toEqual([
      'TEST_CHECKOUT must not be true with STRIPE_SECRET_KEY: checkout is either Stripe or the test checkout',
    ]);
    expect(
      problemsOf(() => loadPartConfig('payment', { ...notAsked, STRIPE_SECRET_KEY: 'sk_live_abc' })),
    ).toEqual(['STRIPE_WEBHOOK_SECRET is missing: it is required with STRIPE_SECRET_KEY']);
    expect(
      problemsOf(() =>
        loadPartConfig('payment', {
          ...notAsked,
          STRIPE_SECRET_KEY: 'pk_live_abc',
          STRIPE_WEBHOOK_SECRET: 'w',
        }),
      ),
    ).toEqual([
      'STRIPE_SECRET_KEY must start with sk_ or rk_',
      "STRIPE_WEBHOOK_SECRET must start with whsec_ (the webhook endpoint's signing secret in Stripe's dashboard)",
    ]);
    expect(
      problemsOf(() =>
        loadPartConfig('payment', {
          ...notAsked,
          STRIPE_SECRET_KEY: 'sk_live_abc',
          STRIPE_WEBHOOK_SECRET: 'whsec_REPLACE_ME',
        }),
      ),
    ).toEqual([
      'STRIPE_WEBHOOK_SECRET is a placeholder (it contains "replace"): copy the endpoint\'s signing secret from Stripe',
    ]);
    expect(
      loadPartConfig('payment', {
        ...notAsked,
        NODE_ENV: 'production',
        NATS_NKEY_SEED: new TextDecoder().decode(createUser().getSeed()),
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        PUBLIC_URL: 'https://chatexhibit.example.com/',
        RETENTION_SWEEP_INTERVAL_SECONDS: '60',
      }),
    ).toMatchObject({
      stripe: { secretKey: 'sk_live_abc', webhookSecret: 'whsec_abc' },
      publicUrl: 'https://chatexhibit.example.com',
      retentionSweepIntervalMs: 60_000,
    });
    expect(problemsOf(() => loadPartConfig('payment', { ...complete, PUBLIC_URL: 'ftp://x' }))).toEqual([
      'PUBLIC_URL must be a URL starting with http:// or https://',
    ]);
  });

  it('gives pdf the SOURCE_URL its packages name, null when unset, and refuses one that is not http(s)', () => {
    expect(loadPartConfig('pdf', complete).sourceUrl).toBeNull();
    expect(
      loadPartConfig('pdf', { ...complete, SOURCE_URL: 'https://code.example.org/chatexhibit' }).sourceUrl,
    ).toBe('https://code.example.org/chatexhibit');
    expect(problemsOf(() => loadPartConfig('pdf', { ...complete, SOURCE_URL: 'git@example.org:x' }))).toEqual(
      ['SOURCE_URL must be a URL starting with http:// or https://'],
    );
    expect(loadPartConfig('gateway', { ...complete, SOURCE_URL: 'not read here' })).not.toHaveProperty(
      'sourceUrl',
    );
  });

  it('gives notification the link key and public URL it signs mailed links with', () => {
    expect(loadPartConfig('notification', complete)).toMatchObject({
      linkSigningSecret: complete.LINK_SIGNING_SECRET,
      publicUrl: 'http://localhost:3000',
    });
    const { LINK_SIGNING_SECRET: _secret, ...withoutSecret } = complete;
    expect(problemsOf(() => loadPartConfig('notification', withoutSecret))).toEqual([
      'LINK_SIGNING_SECRET is missing',
    ]);
  });

  it('names every missing or malformed variable at once', () => {
    const problems = problemsOf(() =>
      loadPartConfig('ingest', {
        DATABASE_URL: 'mysql://db',
        S3_ENDPOINT: '',
        HEALTH_PORT: 'eighty',
        S3_BUCKET: 'Bad_Bucket',
      }),
    );
    expect(problems).toEqual([
      'NATS_URL is missing',
      'HEALTH_PORT must be a port number',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://',
      'S3_ENDPOINT is missing',
      'S3_ACCESS_KEY is missing',
      'S3_SECRET_KEY is missing',
      'S3_BUCKET must be a valid S3 bucket name',
    ]);
  });

  it('rejects a NATS prefix that would break subject and stream names', () => {
    expect(problemsOf(() => loadPartConfig('payment', { ...complete, NATS_PREFIX: 'a.b' }))).toEqual([
      'NATS_PREFIX must contain only letters, digits, "_" and "-"',
    ]);
  });

  it("refuses to start in production without the part's own NATS key, and reads it and TLS when given", () => {
    expect(problemsOf(() => loadPartConfig('media', { ...complete, NODE_ENV: 'production' }))).toEqual([
      'NATS_NKEY_SEED is missing: in production each part connects to NATS with its own nkey, allowed only its own subjects (npm run nats-auth writes them; docs/deployment.md)',
    ]);
    const seed = new TextDecoder().decode(createUser().getSeed());
    expect(
      loadPartConfig('media', {
        ...complete,
        NODE_ENV: 'production',
        NATS_URL: 'tls://nats:4222',
        NATS_NKEY_SEED: seed,
        NATS_TLS_CA_FILE: __filename,
      }).nats,
    ).toEqual({ url: 'tls://nats:4222', prefix: 'chatexhibit', nkeySeed: seed, tls: { caFile: __filename } });
    // A tls:// URL alone asks for TLS: the part refuses a server that does not offer it.
    expect(loadPartConfig('media', { ...complete, NATS_URL: 'tls://nats:4222' }).nats.tls).toEqual({});
    expect(loadPartConfig('media', complete).nats.tls).toBeUndefined();
  });

  it('names a NATS key that is no user seed and TLS files that cannot be used, without the key', () => {
    const account = 'SAAGNWQHLKVKDQGCDIHHZMAKNDTBXPEHKHMMUPW3TYPRMSF5ZR2S4YHUAE';
    const problems = problemsOf(() =>
      loadPartConfig('media', {
        ...complete,
        NATS_NKEY_SEED: account,
        NATS_TLS_CA_FILE: '/nonexistent/ca.pem',
        NATS_TLS_CERT_FILE: __filename,
      }),
    );
    expect(problems).toEqual([
      'NATS_NKEY_SEED must be a user nkey seed (56 characters starting with SU, as npm run nats-auth writes it)',
      'NATS_TLS_CA_FILE is not a readable file',
      'NATS_TLS_KEY_FILE is missing: a client certificate needs both NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE',
    ]);
    expect(problems.join('\n')).not.toContain(account);
  });

  it('never puts a secret into the error message', () => {
    const problems = problemsOf(() =>
      loadPartConfig('ingest', { ...complete, NATS_URL: 'http://x', S3_SECRET_KEY: 'hunter2' }),
    );
    expect(problems.join('\n')).not.toContain('hunter2');
  });
});
