import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  logLevel,
  optionalPort,
  optionalString,
  optionalUrl,
  parseEnvFragments,
  port,
} from '@chatexhibit/kit/config/env';
import {
  internalPortEnv,
  linkSigningSecret,
  retentionSweepEnv,
  sourceUrlEnv,
  stripeEnv,
  supportEmail,
  supportToken,
  withoutTrailingSlash,
} from '@chatexhibit/kit/config/part-config';
import { trustProxyEnv } from '@chatexhibit/kit/config/trust-proxy';
import {
  diskWatermarkEnv,
  uploadPaceEnv,
  uploadQuotaEnv,
  uploadsPerHourEnv,
} from '@chatexhibit/kit/config/upload-limits';

export const DEFAULT_SUPPORT_EMAIL = 'support@chatexhibit.local';

/** Standalone mode runs on embedded defaults; every variable is optional. */
const standaloneEnv = z
  .object({
    PORT: port(3000),
    HOST: optionalString('127.0.0.1').pipe(
      z
        .string()
        .refine((v) => isIP(v) !== 0 || /^[A-Za-z0-9.-]+$/.test(v), 'must be an IP address or a host name'),
    ),
    DATA_DIR: optionalString('data'),
    LOG_LEVEL: logLevel(),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    EMBEDDED_POSTGRES_PORT: optionalPort(),
    MAIL_FROM: optionalString('ChatExhibit <no-reply@chatexhibit.local>'),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    SUPPORT_EMAIL: z.preprocess(
      (v) => (v === '' || v === undefined ? DEFAULT_SUPPORT_EMAIL : v),
      supportEmail(),
    ),
    LINK_SIGNING_SECRET: z.preprocess((v) => (v === '' ? undefined : v), linkSigningSecret().optional()),
    PUBLIC_URL: optionalUrl(['http', 'https']),
    SUPPORT_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), supportToken().optional()),
  })
  .transform((env) => ({
    port: env.PORT,
    /** The address it listens on: loopback unless HOST opens it to others (the image sets 0.0.0.0). */
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    /** An external PostgreSQL instead of the embedded one. */
    databaseUrl: env.DATABASE_URL,
    /** Unset: 54329 when free, else any free port, so that a second instance starts too. */
    embeddedPostgresPort: env.EMBEDDED_POSTGRES_PORT,
    mailFrom: env.MAIL_FROM,
    /** An SMTP server for mail; otherwise mails are .eml files in the data folder's outbox. */
    smtpUrl: env.SMTP_URL,
    /** Where contact-form messages go (in standalone mode, an .eml in the outbox). */
    supportEmail: env.SUPPORT_EMAIL,
    /** Otherwise made once and kept in the data folder. */
    linkSigningSecret: env.LINK_SIGNING_SECRET,
    /** Otherwise made once and kept in the data folder, where `npm run support` finds it. */
    supportToken: env.SUPPORT_TOKEN,
    /** Where browsers reach the app: links in mails, Stripe's return URLs. */
    publicUrl: withoutTrailingSlash(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
  }));

export type StandaloneConfig = z.infer<typeof standaloneEnv> & {
  stripe: z.infer<ReturnType<typeof stripeEnv>>;
  retentionSweepIntervalMs: number;
  /** The proxies believed about the client's address and scheme (`TRUST_PROXY`). */
  trustProxy: z.infer<typeof trustProxyEnv>;
  /** The one port of /metrics and the health endpoints (INTERNAL_PORT); null: the public port's. */
  internalPort: number | null;
  /** The pace an upload's body is held to. */
  uploadPace: z.infer<typeof uploadPaceEnv>;
  /** The free space of the data folder's volume under which uploads are refused (bytes; 0: never). */
  minFreeDiskBytes: number;
  /** The bytes of uploads one client's unbought exports may hold (0: no quota). */
  uploadQuotaBytes: number;
  /** UPLOADS_PER_HOUR. */
  uploadsPerHour: number;
  /** Where the operator publishes the source code (SOURCE_URL); null when not set. */
  sourceUrl: string | null;
};

export function loadStandaloneConfig(
  env: Record<string, string | undefined> = process.env,
): StandaloneConfig {
  const fragments = parseEnvFragments(
    {
      base: standaloneEnv,
      stripe: stripeEnv('standalone'),
      retentionSweepIntervalMs: retentionSweepEnv,
      trustProxy: trustProxyEnv,
      internalPort: internalPortEnv,
      uploadPace: uploadPaceEnv,
      minFreeDiskBytes: diskWatermarkEnv,
      uploadQuotaBytes: uploadQuotaEnv,
      uploadsPerHour: uploadsPerHourEnv,
      sourceUrl: sourceUrlEnv,
    },
    env,
  );
  const { base, ...rest } = fragments;
  return { ...base, ...rest };
}

/** What `npm start` says when the test checkout is reachable from other machines. */
export const TEST_CHECKOUT_OPEN_WARNING =
  'anyone who can reach this address can mark an export paid without paying; set Stripe keys before opening it to others';
