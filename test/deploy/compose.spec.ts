// Structure of docker-compose.yml: infrastructure, one container per part built from its
// Dockerfile target, the configuration table per part, health checks and start order.
import {
  envFor,
  foreignSecrets,
  PARTS,
  requiredEnv,
  runtimeOf,
  STRIPE_VARS,
  type Part,
} from './required-env';
import {
  interpolateDefaults,
  parseDockerfile,
  readRepoFile,
  readYamlWithMerges,
  stageByName,
  type Doc,
} from './support';

const INFRA = ['postgres', 'nats', 'minio', 'create-bucket', 'mailpit'] as const;
const S3_PARTS: readonly Part[] = ['gateway', 'ingest', 'parse', 'media', 'pdf'];
const DB_PARTS: readonly Part[] = ['ingest', 'parse', 'media', 'pdf', 'payment', 'notification'];

let compose: Doc;
let services: Record<string, Doc>;

beforeAll(() => {
  compose = readYamlWithMerges('docker-compose.yml');
  services = compose.services as Record<string, Doc>;
});

/** A service's environment as a map, whichever form (map or KEY=VALUE list) it is written in. */
function environment(name: string): Record<string, string> {
  const env = services[name]!.environment as Record<string, unknown> | string[] | undefined;
  if (env === undefined) return {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((e) => {
        const i = e.indexOf('=');
        return i < 0 ? [e, ''] : [e.slice(0, i), e.slice(i + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/** Environment values as compose would see them with no .env file. */
function resolvedEnv(name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(environment(name)).map(([k, v]) => [k, interpolateDefaults(v)]));
}

function dependsOn(name: string): Record<string, { condition?: string }> {
  const deps = services[name]!.depends_on as unknown;
  if (deps === undefined) return {};
  // the short list form has no conditions: report each as unconditioned
  if (Array.isArray(deps)) return Object.fromEntries((deps as string[]).map((d) => [d, {}]));
  return deps as Record<string, { condition?: string }>;
}

function healthTest(name: string): string[] {
  const test = (services[name]!.healthcheck as Doc | undefined)?.test as unknown;
  if (typeof test === 'string') return ['CMD-SHELL', test];
  return (test as string[] | undefined) ?? [];
}

function publishedPorts(name: string): string[] {
  return ((services[name]!.ports as unknown[] | undefined) ?? []).map((p) =>
    typeof p === 'object' && p !== null ? `${(p as Doc).published}:${(p as Doc).target}` : String(p),
  );
}

describe('docker-compose.yml services', () => {
  it('has the gateway, the six services and the infrastructure, and nothing unexpected', () => {
    expect(Object.keys(services).sort()).toEqual([...PARTS, ...INFRA].sort());
  });

  it('defines every named volume it mounts', () => {
    const declared = Object.keys((compose.volumes as Doc | undefined) ?? {});
    for (const [name, svc] of Object.entries(services)) {
      for (const v of (svc.volumes as string[] | undefined) ?? []) {
        const source = v.split(':')[0]!;
        if (!source.startsWith('.') && !source.startsWith('/')) {
          expect({ service: name, volume: source, declared: declared.includes(source) }).toEqual({
            service: name,
            volume: source,
            declared: true,
          });
        }
      }
    }
  });

  it('every depends_on names a service of this file with a condition compose knows', () => {
    for (const name of Object.keys(services)) {
      for (const [dep, spec] of Object.entries(dependsOn(name))) {
        expect(Object.keys(services)).toContain(dep);
        expect(['service_started', 'service_healthy', 'service_completed_successfully']).toContain(
          spec.condition,
        );
        if (spec.condition === 'service_healthy') expect(services[dep]!.healthcheck).toBeDefined();
      }
    }
  });
});

describe('infrastructure', () => {
  it('runs PostgreSQL 16 with a pg_isready health check', () => {
    expect(services.postgres!.image).toMatch(/^postgres:16(\b|-|$)/);
    expect(healthTest('postgres').join(' ')).toContain('pg_isready');
  });

  it('runs NATS with JetStream on, monitoring on 8222, healthy via /healthz', () => {
    const nats = services.nats!;
    expect(nats.image).toMatch(/^nats:/);
    const command = Array.isArray(nats.command)
      ? (nats.command as string[])
      : String(nats.command).split(/\s+/);
    expect(command.some((a) => a === '-js' || a === '--jetstream')).toBe(true);
    const m = command.findIndex((a) => a === '-m' || a === '--http_port');
    expect(m).toBeGreaterThanOrEqual(0);
    expect(command[m + 1]).toBe('8222');
    expect(healthTest('nats').join(' ')).toMatch(/:8222\/healthz/);
  });

  it('runs MinIO with a health check', () => {
    expect(services.minio!.image).toMatch(/minio\/minio/);
    expect(healthTest('minio').length).toBeGreaterThan(1);
  });

  it('creates the bucket the apps use with a one-shot minio/mc job once MinIO is healthy', () => {
    const job = services['create-bucket']!;
    expect(job.image).toMatch(/minio\/mc/);
    expect(dependsOn('create-bucket').minio?.condition).toBe('service_healthy');
    expect(job.restart ?? 'no').toBe('no');
    const command = (Array.isArray(job.command) ? (job.command as string[]) : [String(job.command)])
      .map(interpolateDefaults)
      .join(' ');
    expect(command).toMatch(/\bmb\b/);
    const bucket = resolvedEnv('gateway').S3_BUCKET!;
    expect(command).toMatch(new RegExp(`/${bucket}\\b`));
    // the alias points at the MinIO service with the keys the apps use
    const alias = new URL(resolvedEnv('create-bucket').MC_HOST_minio!);
    expect(alias.host).toBe('minio:9000');
    expect(decodeURIComponent(alias.username)).toBe(resolvedEnv('gateway').S3_ACCESS_KEY);
    expect(decodeURIComponent(alias.password)).toBe(resolvedEnv('gateway').S3_SECRET_KEY);
  });

  it('catches mail with Mailpit, reachable on the SMTP port notification uses', () => {
    expect(services.mailpit!.image).toMatch(/^axllent\/mailpit/);
    expect(services.mailpit!.healthcheck).toBeDefined();
    const smtp = new URL(resolvedEnv('notification').SMTP_URL!);
    expect(smtp.hostname).toBe('mailpit');
    expect(smtp.port).toBe('1025');
  });
});

describe.each(PARTS)('app service %s', (part) => {
  const rt = runtimeOf(part);

  it('is built from its own Dockerfile target', () => {
    const build = services[part]!.build as Doc;
    expect(build).toBeDefined();
    expect(build.target).toBe(part);
    expect(build.context ?? '.').toMatch(/^\.\/?$/);
    const dockerfile = parseDockerfile(
      readRepoFile((build.dockerfile as string | undefined) ?? 'Dockerfile'),
    );
    expect(stageByName(dockerfile, part)).toBeDefined();
    expect(String(services[part]!.image)).toMatch(new RegExp(`^chatexhibit/${part}(:|$)`));
  });

  it(`health-checks ${rt.ready} on ${rt.portVar} ${rt.port}`, () => {
    const test = healthTest(part);
    expect(test[0]).toBe('CMD');
    expect(test.slice(1)).toEqual([
      'node',
      '/usr/local/lib/chatexhibit/healthcheck.cjs',
      rt.ready,
      rt.portVar,
      String(rt.port),
    ]);
  });

  it('has every required variable of the table, with a usable value', () => {
    const env = resolvedEnv(part);
    for (const v of requiredEnv(part)) {
      expect({ name: v.name, set: (env[v.name] ?? '') !== '' }).toEqual({ name: v.name, set: true });
      if (v.scheme)
        expect({ name: v.name, value: env[v.name] }).toEqual({
          name: v.name,
          value: expect.stringMatching(v.scheme),
        });
    }
  });

  it('gets no variable outside its row of the table, and no secret it does not need', () => {
    const env = environment(part);
    const allowed = new Set(envFor(part).map((v) => v.name));
    for (const name of Object.keys(env))
      expect({ name, allowed: allowed.has(name) }).toEqual({ name, allowed: true });
    for (const v of foreignSecrets(part)) expect(env).not.toHaveProperty(v.name);
  });

  it('does not set the Stripe keys yet', () => {
    for (const name of STRIPE_VARS) expect(environment(part)).not.toHaveProperty(name);
  });

  it('starts after the infrastructure it uses is healthy', () => {
    const deps = dependsOn(part);
    expect(deps.nats?.condition).toBe('service_healthy');
    if (DB_PARTS.includes(part)) expect(deps.postgres?.condition).toBe('service_healthy');
    else expect(deps).not.toHaveProperty('postgres');
    if (S3_PARTS.includes(part)) {
      expect(deps.minio?.condition).toBe('service_healthy');
      expect(deps['create-bucket']?.condition).toBe('service_completed_successfully');
    }
    if (part === 'notification') expect(deps.mailpit?.condition).toBe('service_healthy');
  });

  it('restarts on failure', () => {
    expect(['always', 'unless-stopped', 'on-failure']).toContain(services[part]!.restart);
  });
});

describe('wiring between the app and the infrastructure', () => {
  it('publishes the gateway on port 3000, and no service port', () => {
    expect(publishedPorts('gateway')).toContain('3000:3000');
    for (const part of PARTS.filter((p) => p !== 'gateway')) {
      expect({ part, ports: services[part]!.ports }).toEqual({ part, ports: undefined });
    }
  });

  it('points DATABASE_URL at the postgres service with its user, password and database', () => {
    const pg = resolvedEnv('postgres');
    for (const part of DB_PARTS) {
      const url = new URL(resolvedEnv(part).DATABASE_URL!);
      expect(url.host).toBe('postgres:5432');
      expect(decodeURIComponent(url.username)).toBe(pg.POSTGRES_USER);
      expect(decodeURIComponent(url.password)).toBe(pg.POSTGRES_PASSWORD);
      expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`);
    }
  });

  it('gives the S3 parts the MinIO endpoint and root keys, and all of them the same bucket', () => {
    const minio = resolvedEnv('minio');
    for (const part of S3_PARTS) {
      const env = resolvedEnv(part);
      expect(env.S3_ENDPOINT).toBe('http://minio:9000');
      expect(env.S3_ACCESS_KEY).toBe(minio.MINIO_ROOT_USER);
      expect(env.S3_SECRET_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
      expect(env.S3_BUCKET).toBe(resolvedEnv('gateway').S3_BUCKET);
    }
    // MinIO refuses root passwords under 8 characters
    expect(minio.MINIO_ROOT_PASSWORD!.length).toBeGreaterThanOrEqual(8);
  });

  it('points every part at the nats service with the same subject prefix', () => {
    for (const part of PARTS) {
      expect(resolvedEnv(part).NATS_URL).toBe('nats://nats:4222');
      expect(resolvedEnv(part).NATS_PREFIX).toBe(resolvedEnv('gateway').NATS_PREFIX);
    }
  });

  it('shows the Stripe keys as commented-out lines for payment', () => {
    const text = readRepoFile('docker-compose.yml');
    for (const name of STRIPE_VARS) {
      expect(text.match(new RegExp(`^\\s*#\\s*${name}:`, 'gm'))?.length).toBe(1);
    }
  });
});
