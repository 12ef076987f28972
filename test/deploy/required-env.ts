// The one place the deployment tests learn which part needs which environment variable.
// It mirrors the configuration table the parts validate at start (docs/deployment.md lists the
// same table for operators). When a part gains or loses a variable, change it here and the
// compose, Kubernetes and docs tests follow.
import { createRequire } from 'node:module';

export const SERVICES = ['ingest', 'parse', 'media', 'pdf', 'payment', 'notification'] as const;
export const PARTS = ['gateway', ...SERVICES] as const;
export type Service = (typeof SERVICES)[number];
export type Part = (typeof PARTS)[number];

/** Services scaled by a HorizontalPodAutoscaler (they share work through JetStream / queue groups). */
export const AUTOSCALED: readonly Part[] = ['ingest', 'parse', 'media', 'pdf', 'payment', 'notification'];

export interface EnvVar {
  name: string;
  parts: readonly Part[];
  /** Must be set in distributed mode (the part exits 1 naming it otherwise). */
  required: boolean;
  /** Credentials: come from a Secret in Kubernetes, never from the ConfigMap. */
  secret: boolean;
  /** Leading text a valid value has, when there is one. */
  scheme?: RegExp;
  /**
   * The Secret and key a part's value comes from in Kubernetes, when each part has its own (its
   * NATS key, in npm run nats-auth's Secret); otherwise the key of its name in chatexhibit-secrets.
   */
  secretRef?: (part: Part) => { name: string; key: string };
}

/** The Secret npm run nats-auth -- --kubernetes makes: each part's NATS key. */
export const NATS_SEEDS_SECRET = 'chatexhibit-nats-seeds';

const S3_PARTS: readonly Part[] = ['gateway', 'ingest', 'parse', 'media', 'pdf'];

export const ENV: readonly EnvVar[] = [
  { name: 'NATS_URL', parts: PARTS, required: true, secret: false, scheme: /^nats:\/\/[^\s/]+:\d+$/ },
  { name: 'NATS_PREFIX', parts: PARTS, required: false, secret: false },
  // Required where the parts run, in the image: NODE_ENV=production refuses to start without it.
  {
    name: 'NATS_NKEY_SEED',
    parts: PARTS,
    required: true,
    secret: true,
    secretRef: (part) => ({ name: NATS_SEEDS_SECRET, key: `NATS_NKEY_SEED_${part.toUpperCase()}` }),
  },
  { name: 'NATS_TLS_CA_FILE', parts: PARTS, required: false, secret: false },
  { name: 'NATS_TLS_CERT_FILE', parts: PARTS, required: false, secret: false },
  { name: 'NATS_TLS_KEY_FILE', parts: PARTS, required: false, secret: false },
  { name: 'DATABASE_URL', parts: SERVICES, required: true, secret: true, scheme: /^postgres(ql)?:\/\// },
  { name: 'S3_ENDPOINT', parts: S3_PARTS, required: true, secret: false, scheme: /^https?:\/\// },
  { name: 'S3_REGION', parts: S3_PARTS, required: false, secret: false },
  { name: 'S3_ACCESS_KEY', parts: S3_PARTS, required: true, secret: true },
  { name: 'S3_SECRET_KEY', parts: S3_PARTS, required: true, secret: true },
  { name: 'S3_BUCKET', parts: S3_PARTS, required: true, secret: false },
  {
    name: 'SMTP_URL',
    parts: ['notification'],
    required: true,
    secret: true,
    scheme: /^smtps?:\/\/[^:@\s]+:[^@\s]+@[^:\s]+:\d+$/,
  },
  { name: 'MAIL_FROM', parts: ['notification'], required: true, secret: false, scheme: /^[^@\s]+@[^@\s]+$/ },
  {
    name: 'SUPPORT_EMAIL',
    parts: ['notification'],
    required: true,
    secret: false,
    scheme: /^[^@\s]+@[^@\s]+$/,
  },
  { name: 'PORT', parts: ['gateway'], required: false, secret: false },
  // The proxies in front of the gateway whose X-Forwarded-For it believes: the Ingress in Kubernetes.
  { name: 'TRUST_PROXY', parts: ['gateway'], required: false, secret: false },
  // Where /metrics and health answer alone; unset in the manifests (the Ingress always forwards).
  { name: 'INTERNAL_PORT', parts: ['gateway'], required: false, secret: false },
  { name: 'UPLOAD_MIN_BYTES_PER_SECOND', parts: ['gateway'], required: false, secret: false },
  { name: 'UPLOAD_PACE_GRACE_SECONDS', parts: ['gateway'], required: false, secret: false },
  { name: 'UPLOAD_MIN_FREE_DISK_MB', parts: ['gateway'], required: false, secret: false },
  { name: 'LINK_SIGNING_SECRET', parts: ['gateway', 'notification'], required: true, secret: true },
  {
    name: 'PUBLIC_URL',
    parts: ['pdf', 'payment', 'notification'],
    required: false,
    secret: false,
    scheme: /^https?:\/\//,
  },
  { name: 'SUPPORT_TOKEN', parts: ['gateway', 'payment'], required: false, secret: true },
  { name: 'RETENTION_SWEEP_INTERVAL_SECONDS', parts: ['payment'], required: false, secret: false },
  { name: 'HEALTH_PORT', parts: SERVICES, required: false, secret: false },
  { name: 'LOG_LEVEL', parts: PARTS, required: false, secret: false },
  // Without them payment refuses to start unless TEST_CHECKOUT=true asks for the local test
  // checkout: optional Secret references in Kubernetes, empty by default in compose.
  { name: 'STRIPE_SECRET_KEY', parts: ['payment'], required: false, secret: true },
  { name: 'STRIPE_WEBHOOK_SECRET', parts: ['payment'], required: false, secret: true },
  { name: 'STRIPE_PRICE_ID', parts: ['payment'], required: false, secret: false },
  { name: 'TEST_CHECKOUT', parts: ['payment'], required: false, secret: false },
];

export const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];

export function envFor(part: Part): EnvVar[] {
  return ENV.filter((v) => v.parts.includes(part));
}

export function requiredEnv(part: Part): EnvVar[] {
  return envFor(part).filter((v) => v.required);
}

/** Secrets a part must NOT be given (least privilege): every secret outside its row. */
export function foreignSecrets(part: Part): EnvVar[] {
  return ENV.filter((v) => v.secret && !v.parts.includes(part));
}

/** How each part is started, and where its probes are: the image's own table (deploy/docker/part.cjs). */
export interface Runtime {
  main: string;
  portVariable: 'PORT' | 'HEALTH_PORT';
  defaultPort: number;
  live: string;
  ready: string;
}

const RUNTIMES = (
  createRequire(__filename)('../../deploy/docker/part.cjs') as { PARTS: Record<string, Runtime> }
).PARTS;

export function runtimeOf(part: Part | 'standalone'): Runtime {
  return RUNTIMES[part]!;
}
