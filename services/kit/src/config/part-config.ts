import { accessSync, constants } from 'node:fs';
import { isIPv4 } from 'node:net';
import { fromSeed } from 'nkeys.js';
import { z } from 'zod';
import type { PartName } from '@chatexhibit/proto/health';
import {
  emptyToUndefined,
  logLevel,
  optionalPort,
  optionalString,
  optionalUrl,
  parseEnvFragments,
  port,
  requiredString,
  requiredUrl,
} from './env';
import { type TrustProxy, trustProxyEnv, trustsProxy } from './trust-proxy';
import type { UploadPace } from '@chatexhibit/proto/upload-refusals';
import { diskWatermarkEnv, uploadPaceEnv, uploadQuotaEnv, uploadsPerHourEnv } from './upload-limits';
import { placeholderIn, secretWeakness } from './secret-strength';

/** What each part needs from outside; decides which variables it requires in distributed mode. */
export const PART_DEPENDENCIES: Record<
  PartName,
  {
    database: boolean;
    storage: boolean;
    mail: boolean;
    links: boolean;
    publicUrl: boolean;
    payments: boolean;
  }
> = {
  gateway: { database: false, storage: true, mail: false, links: true, publicUrl: false, payments: false },
  ingest: { database: true, storage: true, mail: false, links: false, publicUrl: false, payments: false },
  parse: { database: true, storage: true, mail: false, links: false, publicUrl: false, payments: false },
  media: { database: true, storage: true, mail: false, links: false, publicUrl: false, payments: false },
  pdf: { database: true, storage: true, mail: false, links: false, publicUrl: true, payments: false },
  payment: { database: true, storage: false, mail: false, links: false, publicUrl: true, payments: true },
  notification: { database: true, storage: false, mail: true, links: true, publicUrl: true, payments: false },
};

export interface StorageConfig {
  endpoint: string;
  region: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

export interface MailConfig {
  smtpUrl: string;
  from: string;
  /** Where contact-form messages are delivered. */
  supportEmail: string;
}

/** Stripe's keys; absent, checkout runs on the local test checkout (never in production). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** A Price of $4.99; without one, the session carries the price inline. */
  priceId?: string;
  /** Another Stripe-compatible API (a stub in tests); Stripe's own by default. */
  apiUrl?: string;
}

/** How a part reaches NATS. */
export interface NatsConfig {
  url: string;
  prefix: string;
  /** The part's own nkey seed (secret): nats-server knows the part by its public key. */
  nkeySeed?: string;
  /** TLS, when the operator asks for it: required, with the CA to trust and a client certificate. */
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
}

/** Typed configuration of one part running as its own process (distributed mode). */
export interface PartConfig {
  part: PartName;
  logLevel: string;
  /** HTTP port: the gateway's API, or a service's liveness/readiness probes. */
  httpPort: number;
  nats: NatsConfig;
  databaseUrl?: string;
  storage?: StorageConfig;
  mail?: MailConfig;
  /** Key of the HMAC that signs download links (gateway and notification; secret). */
  linkSigningSecret?: string;
  /** Gateway and payment: the bearer token of support's routes and operations, when set. */
  supportToken?: string;
  /** Gateway only: SUPPORT_EMAIL when set, which the site shows (notification mails to it). */
  siteSupportEmail?: string;
  /** Gateway only: the proxies believed about the client's address and scheme (`TRUST_PROXY`). */
  trustProxy?: TrustProxy;
  /** Gateway only: INTERNAL_PORT, the one port of /metrics and the health endpoints (null: the API's). */
  internalPort?: number | null;
  /** Gateway only: the pace an upload's body is held to. */
  uploadPace?: UploadPace;
  /** Gateway only: the free space under which uploads are refused (bytes; 0: never). */
  minFreeDiskBytes?: number;
  /** Gateway only: the bytes of uploads one client's unbought exports may hold (0: no quota). */
  uploadQuotaBytes?: number;
  /** Gateway only: UPLOADS_PER_HOUR. */
  uploadsPerHour?: number;
  /** Where browsers reach the gateway: links in emails, Stripe's return URLs, the package's /verify link. */
  publicUrl?: string;
  /** Pdf only: where the operator publishes the source code (SOURCE_URL); null when not set. */
  sourceUrl?: string | null;
  /** Payment only: null runs the local test checkout. */
  stripe?: StripeConfig | null;
  /** Payment only: how often exports past their retention date are swept. */
  retentionSweepIntervalMs?: number;
}

/** A secret the operator sets: long, random, and no placeholder, so no example value ever opens anything. */
const strongSecret = () =>
  requiredString().pipe(
    z
      .string()
      .min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)')
      .superRefine((value, context) => {
        const weakness = secretWeakness(value);
        if (weakness) context.addIssue({ code: 'custom', message: weakness });
      }),
  );

/** The HMAC key of download links. */
export const linkSigningSecret = strongSecret;

/** Where browsers reach the product: an http(s) origin, no trailing slash kept. */
export const publicUrl = (fallback: string) =>
  z
    .preprocess((v) => (v === '' || v === undefined ? fallback : v), requiredUrl(['http', 'https']))
    .transform(withoutTrailingSlash);

export const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** Whether standalone's HOST is this machine only: 127.0.0.0/8, ::1 or localhost. */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '::1' || (isIPv4(host) && host.startsWith('127.'));

/**
 * Stripe's variables: a secret key with its webhook signing secret, or none and the local test
 * checkout, which takes payments that are not real and so runs only when asked for:
 * TEST_CHECKOUT=true. `npm start` asks by default (its quick start buys through it), except under
 * NODE_ENV=production, when HOST opens it to others, and when TRUST_PROXY says a proxy is in
 * front (anyone the proxy admits could "buy" with Pay, their requests coming from loopback); a
 * part of the distributed mode never does by default.
 */
export const stripeEnv = (mode: 'standalone' | 'distributed') =>
  z
    .object({
      NODE_ENV: optionalString('development'),
      // Standalone's listening address, as its own loader defaults it.
      HOST: optionalString('127.0.0.1'),
      TRUST_PROXY: z.string().optional(),
      TEST_CHECKOUT: z.preprocess(
        emptyToUndefined,
        z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
      ),
      STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
      STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
      STRIPE_PRICE_ID: z.preprocess(emptyToUndefined, z.string().optional()),
      STRIPE_API_URL: optionalUrl(['http', 'https']),
    })
    .superRefine((env, context) => {
      if (env.STRIPE_SECRET_KEY === undefined) {
        // Why `npm start` does not turn it on by itself here, when that is the reason.
        const exposed =
          mode !== 'standalone'
            ? null
            : !isLoopbackHost(env.HOST)
              ? `when HOST (${env.HOST}) is not loopback`
              : trustsProxy(env.TRUST_PROXY)
                ? 'behind a proxy (TRUST_PROXY is set)'
                : null;
        const testCheckout =
          env.TEST_CHECKOUT === undefined
            ? mode === 'standalone' && env.NODE_ENV !== 'production' && exposed === null
            : env.TEST_CHECKOUT === 'true';
        if (!testCheckout)
          context.addIssue({
            code: 'custom',
            path: ['STRIPE_SECRET_KEY'],
            message: `is missing: set Stripe's keys, or TEST_CHECKOUT=true for the local test checkout (payments that are not real)${
              exposed !== null && env.NODE_ENV !== 'production' && env.TEST_CHECKOUT === undefined
                ? `, which is not on by default ${exposed}`
                : ''
            }`,
          });
        return;
      }
      if (env.TEST_CHECKOUT === 'true')
        context.addIssue({
          code: 'custom',
          path: ['TEST_CHECKOUT'],
          message: 'must not be true with STRIPE_SECRET_KEY: checkout is either Stripe or the test checkout',
        });
      if (!/^(sk|rk)_(test|live)_/.test(env.STRIPE_SECRET_KEY))
        context.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: 'must start with sk_ or rk_',
        });
      if (env.STRIPE_WEBHOOK_SECRET === undefined)
        context.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRET'],
          message: 'is missing: it is required with STRIPE_SECRET_KEY',
        });
      else if (!env.STRIPE_WEBHOOK_SECRET.startsWith('whsec_'))
        context.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRET'],
          message: "must start with whsec_ (the webhook endpoint's signing secret in Stripe's dashboard)",
        });
      else {
        const placeholder = placeholderIn(env.STRIPE_WEBHOOK_SECRET.slice('whsec_'.length));
        if (placeholder)
          context.addIssue({
            code: 'custom',
            path: ['STRIPE_WEBHOOK_SECRET'],
            message: `is a placeholder (it contains "${placeholder}"): copy the endpoint's signing secret from Stripe`,
          });
      }
    })
    .transform((env): StripeConfig | null =>
      env.STRIPE_SECRET_KEY === undefined
        ? null
        : {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            ...(env.STRIPE_PRICE_ID !== undefined && { priceId: env.STRIPE_PRICE_ID }),
            ...(env.STRIPE_API_URL !== undefined && { apiUrl: env.STRIPE_API_URL }),
          },
    );

/** How often the payment service sweeps exports past their retention date (seconds; an hour by default). */
export const retentionSweepEnv = z
  .object({
    RETENTION_SWEEP_INTERVAL_SECONDS: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: 'must be a number of seconds' })
        .int('must be a whole number of seconds')
        .min(1, 'must be at least 1')
        .max(86_400, 'must be at most 86400 (a day)')
        .default(3600),
    ),
  })
  .transform((env) => env.RETENTION_SWEEP_INTERVAL_SECONDS * 1000);

/** Support's bearer token. */
export const supportToken = strongSecret;

/** The support mailbox contact-form messages go to. */
export const supportEmail = () => requiredString().pipe(z.email('must be an email address'));

/** A user nkey's seed, as `nsc` and nats-auth write it (SU…). */
const nkeySeed = () =>
  requiredString().refine(
    (value) => {
      try {
        return value.startsWith('SU') && fromSeed(new TextEncoder().encode(value)).getPublicKey() !== '';
      } catch {
        return false;
      }
    },
    { message: 'must be a user nkey seed (56 characters starting with SU, as npm run nats-auth writes it)' },
  );

/** A file the part reads at start (a certificate or key): refused at once when it cannot be read. */
const readableFile = () =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (file) => {
          try {
            accessSync(file, constants.R_OK);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'is not a readable file' },
      )
      .optional(),
  );

const commonEnv = z
  .object({
    NODE_ENV: optionalString('development'),
    NATS_URL: requiredUrl(['nats', 'tls']),
    NATS_PREFIX: optionalString('chatexhibit').pipe(
      z.string().regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, "_" and "-"'),
    ),
    NATS_NKEY_SEED: z.preprocess(emptyToUndefined, nkeySeed().optional()),
    NATS_TLS_CA_FILE: readableFile(),
    NATS_TLS_CERT_FILE: readableFile(),
    NATS_TLS_KEY_FILE: readableFile(),
    LOG_LEVEL: logLevel(),
  })
  .superRefine((env, context) => {
    if (env.NATS_NKEY_SEED === undefined && env.NODE_ENV === 'production')
      context.addIssue({
        code: 'custom',
        path: ['NATS_NKEY_SEED'],
        message:
          'is missing: in production each part connects to NATS with its own nkey, allowed only its own subjects (npm run nats-auth writes them; docs/deployment.md)',
      });
    if ((env.NATS_TLS_CERT_FILE === undefined) !== (env.NATS_TLS_KEY_FILE === undefined))
      context.addIssue({
        code: 'custom',
        path: [env.NATS_TLS_CERT_FILE === undefined ? 'NATS_TLS_CERT_FILE' : 'NATS_TLS_KEY_FILE'],
        message: 'is missing: a client certificate needs both NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE',
      });
  })
  .transform((env) => {
    const tlsFiles = {
      ...(env.NATS_TLS_CA_FILE !== undefined && { caFile: env.NATS_TLS_CA_FILE }),
      ...(env.NATS_TLS_CERT_FILE !== undefined && { certFile: env.NATS_TLS_CERT_FILE }),
      ...(env.NATS_TLS_KEY_FILE !== undefined && { keyFile: env.NATS_TLS_KEY_FILE }),
    };
    const tls = env.NATS_URL.startsWith('tls:') || Object.keys(tlsFiles).length > 0;
    return {
      logLevel: env.LOG_LEVEL,
      nats: {
        url: env.NATS_URL,
        prefix: env.NATS_PREFIX,
        ...(env.NATS_NKEY_SEED !== undefined && { nkeySeed: env.NATS_NKEY_SEED }),
        ...(tls && { tls: tlsFiles }),
      } satisfies NatsConfig,
    };
  });

const gatewayPortEnv = z.object({ PORT: port(3000) }).transform((env) => env.PORT);

/**
 * INTERNAL_PORT (gateway and standalone): when set, /metrics and the health endpoints answer on
 * this port alone and the public port answers them 404; unset, they answer on the public port
 * to requests no trusted proxy forwarded.
 */
export const internalPortEnv = z
  .object({ INTERNAL_PORT: optionalPort() })
  .transform((env) => env.INTERNAL_PORT ?? null);
const servicePortEnv = z.object({ HEALTH_PORT: port(8080) }).transform((env) => env.HEALTH_PORT);

const databaseEnv = z
  .object({ DATABASE_URL: requiredUrl(['postgres', 'postgresql']) })
  .transform((env) => env.DATABASE_URL);

const storageEnv = z
  .object({
    S3_ENDPOINT: requiredUrl(['http', 'https']),
    S3_REGION: optionalString('us-east-1'),
    S3_ACCESS_KEY: requiredString(),
    S3_SECRET_KEY: requiredString(),
    S3_BUCKET: requiredString().pipe(
      z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name'),
    ),
  })
  .transform((env): StorageConfig => ({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    bucket: env.S3_BUCKET,
  }));

const linksEnv = z
  .object({ LINK_SIGNING_SECRET: linkSigningSecret() })
  .transform((env) => env.LINK_SIGNING_SECRET);

const supportTokenEnv = z
  .object({ SUPPORT_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), supportToken().optional()) })
  .transform((env) => env.SUPPORT_TOKEN);

const siteSupportEmailEnv = z
  .object({ SUPPORT_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), supportEmail().optional()) })
  .transform((env) => env.SUPPORT_EMAIL);

const publicUrlEnv = z
  .object({ PUBLIC_URL: publicUrl('http://localhost:3000') })
  .transform((env) => env.PUBLIC_URL);

/** SOURCE_URL: where the operator publishes the source code, which each package's processing record and README.txt name. */
export const sourceUrlEnv = z
  .object({ SOURCE_URL: optionalUrl(['http', 'https']) })
  .transform((env) => env.SOURCE_URL ?? null);

const mailEnv = z
  .object({
    SMTP_URL: requiredUrl(['smtp', 'smtps']),
    MAIL_FROM: requiredString(),
    SUPPORT_EMAIL: supportEmail(),
  })
  .transform((env): MailConfig => ({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
  }));

/** A group of variables this part does not use: nothing is read. */
const notUsed = z.any().transform((): undefined => undefined);

/** Reads how to reach NATS alone (nats-setup); throws ConfigError naming each problem. */
export const loadNatsConfig = (env: Record<string, string | undefined> = process.env): NatsConfig =>
  parseEnvFragments({ common: commonEnv }, env).common.nats;

/** Reads the variables `part` needs; throws ConfigError naming each missing or malformed one. */
export function loadPartConfig(
  part: PartName,
  env: Record<string, string | undefined> = process.env,
): PartConfig {
  const needs = PART_DEPENDENCIES[part];
  const values = parseEnvFragments(
    {
      common: commonEnv,
      httpPort: part === 'gateway' ? gatewayPortEnv : servicePortEnv,
      databaseUrl: needs.database ? databaseEnv : notUsed,
      storage: needs.storage ? storageEnv : notUsed,
      mail: needs.mail ? mailEnv : notUsed,
      linkSigningSecret: needs.links ? linksEnv : notUsed,
      publicUrl: needs.publicUrl ? publicUrlEnv : notUsed,
      sourceUrl: part === 'pdf' ? sourceUrlEnv : notUsed,
      supportToken: part === 'gateway' || part === 'payment' ? supportTokenEnv : notUsed,
      siteSupportEmail: part === 'gateway' ? siteSupportEmailEnv : notUsed,
      trustProxy: part === 'gateway' ? trustProxyEnv : notUsed,
      internalPort: part === 'gateway' ? internalPortEnv : notUsed,
      uploadPace: part === 'gateway' ? uploadPaceEnv : notUsed,
      minFreeDiskBytes: part === 'gateway' ? diskWatermarkEnv : notUsed,
      uploadQuotaBytes: part === 'gateway' ? uploadQuotaEnv : notUsed,
      uploadsPerHour: part === 'gateway' ? uploadsPerHourEnv : notUsed,
      stripe: needs.payments ? stripeEnv('distributed') : notUsed,
      retentionSweepIntervalMs: needs.payments ? retentionSweepEnv : notUsed,
    },
    env,
  );
  return {
    part,
    ...values.common,
    httpPort: values.httpPort,
    ...(values.databaseUrl !== undefined && { databaseUrl: values.databaseUrl }),
    ...(values.storage !== undefined && { storage: values.storage }),
    ...(values.mail !== undefined && { mail: values.mail }),
    ...(values.linkSigningSecret !== undefined && { linkSigningSecret: values.linkSigningSecret }),
    ...(values.publicUrl !== undefined && { publicUrl: values.publicUrl }),
    ...(values.sourceUrl !== undefined && { sourceUrl: values.sourceUrl }),
    ...(values.supportToken !== undefined && { supportToken: values.supportToken }),
    ...(values.siteSupportEmail !== undefined && { siteSupportEmail: values.siteSupportEmail }),
    ...(values.trustProxy !== undefined && { trustProxy: values.trustProxy }),
    ...(values.internalPort !== undefined && { internalPort: values.internalPort }),
    ...(values.uploadPace !== undefined && { uploadPace: values.uploadPace }),
    ...(values.minFreeDiskBytes !== undefined && { minFreeDiskBytes: values.minFreeDiskBytes }),
    ...(values.uploadQuotaBytes !== undefined && { uploadQuotaBytes: values.uploadQuotaBytes }),
    ...(values.uploadsPerHour !== undefined && { uploadsPerHour: values.uploadsPerHour }),
    ...(needs.payments && {
      stripe: values.stripe,
      retentionSweepIntervalMs: values.retentionSweepIntervalMs,
    }),
  };
}
