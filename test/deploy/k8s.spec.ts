// Structure of the Kubernetes manifests in deploy/k8s: the kustomize base (one Deployment and
// Service per part, probes, resources, security, configuration from the ConfigMap and Secret,
// autoscalers, Ingress) and the overlays. When kubectl is installed, the real kustomize render
// is checked too.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  AUTOSCALED,
  ENV,
  foreignSecrets,
  PARTS,
  requiredEnv,
  runtimeOf,
  STRIPE_VARS,
  type Part,
} from './required-env';
import { listFiles, readYamlDocuments, repoPath, ROOT, type Doc } from './support';

const K8S = repoPath('deploy', 'k8s');
const BASE = path.join(K8S, 'base');
const SECRET_NAME = 'chatexhibit-secrets';

interface Kustomization {
  dir: string;
  doc: Doc;
}

function readKustomization(dir: string): Kustomization {
  const docs = readYamlDocuments(path.join(dir, 'kustomization.yaml'));
  expect(docs).toHaveLength(1);
  return { dir, doc: docs[0]! };
}

const kustomizations = () =>
  listFiles(K8S, (n) => n === 'kustomization.yaml').map((f) => readKustomization(path.dirname(f)));

/** Files that kustomizations use as patches (not standalone manifests). */
function patchFiles(): Set<string> {
  const out = new Set<string>();
  for (const k of kustomizations()) {
    for (const p of (k.doc.patches as Doc[] | undefined) ?? []) {
      if (typeof p.path === 'string') out.add(path.resolve(k.dir, p.path));
    }
    for (const p of (k.doc.patchesStrategicMerge as string[] | undefined) ?? [])
      out.add(path.resolve(k.dir, p));
  }
  return out;
}

let base: Kustomization;
let manifests: Doc[];
let configKeys: Map<string, Set<string>>; // ConfigMap name -> keys
let secretKeys: Set<string>;

function find(kind: string, name: string): Doc | undefined {
  return manifests.find((m) => m.kind === kind && m.metadata?.name === name);
}

function deployment(part: Part): Doc {
  const d = find('Deployment', part);
  if (!d) throw new Error(`no Deployment ${part}`);
  return d;
}

function container(part: Part): Doc {
  const containers = deployment(part).spec.template.spec.containers as Doc[];
  return containers.find((c) => c.name === part) ?? containers[0]!;
}

function containerPort(c: Doc, port: string | number): number | undefined {
  if (typeof port === 'number') return port;
  if (/^\d+$/.test(port)) return Number(port);
  return (c.ports as Doc[] | undefined)?.find((p) => p.name === port)?.containerPort as number | undefined;
}

type Source = { from: 'value' | 'configmap' | 'secret'; optional: boolean };

/** Where each environment variable of a part's container comes from, if it can be resolved. */
function resolveEnv(part: Part): Map<string, Source> {
  const c = container(part);
  const out = new Map<string, Source>();
  for (const ef of (c.envFrom as Doc[] | undefined) ?? []) {
    if (ef.configMapRef) {
      const keys = configKeys.get(ef.configMapRef.name as string);
      if (!keys) throw new Error(`${part}: envFrom ConfigMap ${ef.configMapRef.name} does not exist`);
      for (const k of keys) out.set(k, { from: 'configmap', optional: false });
    }
    if (ef.secretRef) {
      if (ef.secretRef.name !== SECRET_NAME) throw new Error(`${part}: unknown Secret ${ef.secretRef.name}`);
      for (const k of secretKeys) out.set(k, { from: 'secret', optional: ef.secretRef.optional === true });
    }
  }
  for (const e of (c.env as Doc[] | undefined) ?? []) {
    if (e.value !== undefined) out.set(e.name, { from: 'value', optional: false });
    else if (e.valueFrom?.configMapKeyRef) {
      const ref = e.valueFrom.configMapKeyRef as Doc;
      if (configKeys.get(ref.name)?.has(ref.key))
        out.set(e.name, { from: 'configmap', optional: ref.optional === true });
    } else if (e.valueFrom?.secretKeyRef) {
      const ref = e.valueFrom.secretKeyRef as Doc;
      if (ref.name === SECRET_NAME && secretKeys.has(ref.key)) {
        out.set(e.name, { from: 'secret', optional: ref.optional === true });
      }
    }
  }
  return out;
}

function literalsToKeys(literals: string[]): Set<string> {
  return new Set(literals.map((l) => l.slice(0, l.indexOf('='))));
}

beforeAll(() => {
  base = readKustomization(BASE);
  manifests = ((base.doc.resources as string[] | undefined) ?? []).flatMap((r) =>
    readYamlDocuments(path.join(BASE, r)),
  );
  configKeys = new Map();
  for (const g of (base.doc.configMapGenerator as Doc[] | undefined) ?? []) {
    const keys = literalsToKeys((g.literals as string[] | undefined) ?? []);
    for (const envFile of (g.envs as string[] | undefined) ?? []) {
      const lines = fs.readFileSync(path.join(BASE, envFile), 'utf8').split('\n');
      for (const k of literalsToKeys(lines.filter((l) => l.includes('=') && !l.trim().startsWith('#'))))
        keys.add(k);
    }
    configKeys.set(g.name as string, keys);
  }
  for (const cm of manifests.filter((m) => m.kind === 'ConfigMap')) {
    configKeys.set(cm.metadata.name as string, new Set(Object.keys((cm.data as Doc | undefined) ?? {})));
  }
  const example = readYamlDocuments(path.join(BASE, 'secret.example.yaml'));
  expect(example).toHaveLength(1);
  secretKeys = new Set(
    Object.keys({ ...(example[0]!.stringData as Doc), ...(example[0]!.data as Doc | undefined) }),
  );
});

describe('manifests', () => {
  it('every YAML file under deploy/k8s parses, and every manifest has apiVersion, kind and a name', () => {
    const files = listFiles(K8S, (n) => /\.ya?ml$/.test(n));
    expect(files.length).toBeGreaterThanOrEqual(10);
    const patches = patchFiles();
    for (const file of files) {
      const docs = readYamlDocuments(file); // throws on a YAML error
      expect(docs.length).toBeGreaterThan(0);
      if (path.basename(file) === 'kustomization.yaml' || patches.has(file)) continue;
      for (const doc of docs) {
        const where = path.relative(ROOT, file);
        expect({
          where,
          apiVersion: typeof doc.apiVersion,
          kind: typeof doc.kind,
          name: typeof doc.metadata?.name,
        }).toEqual({ where, apiVersion: 'string', kind: 'string', name: 'string' });
      }
    }
  });

  it('the base kustomization lists every manifest file of the base, and only existing ones', () => {
    const listed = ((base.doc.resources as string[] | undefined) ?? []).map((r) => path.normalize(r)).sort();
    for (const r of listed) expect(fs.existsSync(path.join(BASE, r))).toBe(true);
    const present = fs
      .readdirSync(BASE)
      .filter((n) => /\.ya?ml$/.test(n) && n !== 'kustomization.yaml' && !/\.example\.ya?ml$/.test(n))
      .sort();
    expect(listed).toEqual(present);
  });

  it('every overlay refers only to files and directories that exist', () => {
    const overlays = kustomizations().filter((k) => k.dir !== BASE);
    expect(overlays.length).toBeGreaterThanOrEqual(1);
    for (const k of overlays) {
      const refs = [
        ...((k.doc.resources as string[] | undefined) ?? []),
        ...((k.doc.patches as Doc[] | undefined) ?? [])
          .map((p) => p.path as string | undefined)
          .filter(Boolean),
      ] as string[];
      expect(refs.length).toBeGreaterThan(0);
      for (const r of refs)
        expect({ ref: r, exists: fs.existsSync(path.resolve(k.dir, r)) }).toEqual({ ref: r, exists: true });
      expect(refs.map((r) => path.resolve(k.dir, r))).toContain(BASE);
    }
  });

  it('sets a tag for every part image through kustomize images:', () => {
    const images = (base.doc.images as Doc[]).map((i) => [i.name, i.newTag]);
    for (const part of PARTS) {
      const entry = images.find(([name]) => name === `chatexhibit/${part}`);
      expect(entry).toBeDefined();
      expect(String(entry![1] ?? '')).not.toBe('');
    }
  });
});

describe('configuration', () => {
  it('the ConfigMap holds the non-secret settings, and no secret', () => {
    const keys = configKeys.get('chatexhibit-config');
    expect(keys).toBeDefined();
    for (const name of [
      'NATS_URL',
      'NATS_PREFIX',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_BUCKET',
      'MAIL_FROM',
      'SUPPORT_EMAIL',
      'LOG_LEVEL',
    ]) {
      expect(keys).toContain(name);
    }
    for (const v of ENV.filter((e) => e.secret)) expect(keys).not.toContain(v.name);
  });

  it('the ConfigMap values have the right shape', () => {
    const literals = (base.doc.configMapGenerator as Doc[]).find((g) => g.name === 'chatexhibit-config')!
      .literals as string[];
    const values = Object.fromEntries(
      literals.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    for (const v of ENV.filter((e) => e.scheme && values[e.name] !== undefined)) {
      expect({ name: v.name, value: values[v.name] }).toEqual({
        name: v.name,
        value: expect.stringMatching(v.scheme!),
      });
    }
  });

  it('the secret example is not part of the kustomization and has every secret of the table', () => {
    const resources = (base.doc.resources as string[]).map((r) => path.basename(r));
    expect(resources).not.toContain('secret.example.yaml');
    expect(base.doc.secretGenerator).toBeUndefined();
    for (const v of ENV.filter((e) => e.secret)) expect(secretKeys).toContain(v.name);
    // no Secret with values may hide among the listed resources
    expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
  });
});

describe.each(PARTS)('part %s', (part) => {
  const rt = runtimeOf(part);
  const probePort = (probe: Doc) => containerPort(container(part), probe.httpGet.port as string | number);

  it('has a Deployment whose selector matches its pod labels', () => {
    const d = deployment(part);
    expect(d.apiVersion).toBe('apps/v1');
    const selector = d.spec.selector.matchLabels as Record<string, string>;
    expect(Object.keys(selector).length).toBeGreaterThan(0);
    expect(d.spec.template.metadata.labels).toMatchObject(selector);
  });

  it(`runs the image chatexhibit/${part}`, () => {
    expect(container(part).image).toMatch(new RegExp(`^chatexhibit/${part}(:[\\w.-]+)?$`));
  });

  it(`listens on ${rt.port} and says so in ${rt.portVar}`, () => {
    const c = container(part);
    expect((c.ports as Doc[]).map((p) => p.containerPort)).toContain(rt.port);
    const portEnv = (c.env as Doc[] | undefined)?.find((e) => e.name === rt.portVar);
    if (portEnv) expect(String(portEnv.value)).toBe(String(rt.port));
  });

  it(`has a liveness probe on ${rt.live} and a readiness probe on ${rt.ready}, port ${rt.port}`, () => {
    const c = container(part);
    expect(c.livenessProbe?.httpGet?.path).toBe(rt.live);
    expect(probePort(c.livenessProbe)).toBe(rt.port);
    expect(c.readinessProbe?.httpGet?.path).toBe(rt.ready);
    expect(probePort(c.readinessProbe)).toBe(rt.port);
    if (c.startupProbe) {
      expect(c.startupProbe.httpGet.path).toBe(rt.live);
      expect(probePort(c.startupProbe)).toBe(rt.port);
    }
  });

  it('has CPU and memory requests and limits', () => {
    const r = container(part).resources as Doc;
    for (const kind of ['requests', 'limits']) {
      for (const res of ['cpu', 'memory']) expect(String(r?.[kind]?.[res] ?? '')).not.toBe('');
    }
  });

  it('runs as non-root without privilege escalation', () => {
    const pod = (deployment(part).spec.template.spec.securityContext ?? {}) as Doc;
    const c = (container(part).securityContext ?? {}) as Doc;
    expect(c.runAsNonRoot ?? pod.runAsNonRoot).toBe(true);
    const uid = c.runAsUser ?? pod.runAsUser;
    if (uid !== undefined) expect(uid).toBeGreaterThan(0);
    expect(c.allowPrivilegeEscalation).toBe(false);
    expect(c.capabilities?.drop).toContain('ALL');
  });

  it('can write to /tmp when the root filesystem is read-only', () => {
    const c = container(part);
    if (c.securityContext?.readOnlyRootFilesystem === true) {
      const mount = (c.volumeMounts as Doc[] | undefined)?.find((m) => m.mountPath === '/tmp');
      expect(mount).toBeDefined();
      const volumes = deployment(part).spec.template.spec.volumes as Doc[];
      expect(volumes.find((v) => v.name === mount!.name)?.emptyDir).toBeDefined();
    }
  });

  it('gets every required variable of the table from a value, the ConfigMap or the Secret', () => {
    const env = resolveEnv(part);
    for (const v of requiredEnv(part)) {
      const source = env.get(v.name);
      expect({ name: v.name, resolved: source !== undefined && !source.optional }).toEqual({
        name: v.name,
        resolved: true,
      });
      expect({ name: v.name, from: source!.from }).toEqual({
        name: v.name,
        from: v.secret ? 'secret' : expect.anything(),
      });
    }
  });

  it('gets no secret outside its row of the table', () => {
    const env = resolveEnv(part);
    for (const v of foreignSecrets(part)) expect(env.has(v.name)).toBe(false);
  });

  it('takes the Stripe keys as optional Secret references when it uses them', () => {
    const env = resolveEnv(part);
    const uses = ENV.filter((v) => STRIPE_VARS.includes(v.name) && v.parts.includes(part)).length > 0;
    for (const name of STRIPE_VARS) {
      if (uses) expect(env.get(name)).toEqual({ from: 'secret', optional: true });
      else expect(env.has(name)).toBe(false);
    }
  });

  it('has a Service that selects its pods and reaches its port', () => {
    const svc = find('Service', part);
    expect(svc).toBeDefined();
    const podLabels = deployment(part).spec.template.metadata.labels as Record<string, string>;
    expect(podLabels).toMatchObject(svc!.spec.selector as Record<string, string>);
    const targets = (svc!.spec.ports as Doc[]).map((p) =>
      containerPort(container(part), p.targetPort ?? p.port),
    );
    expect(targets).toContain(rt.port);
  });
});

describe('autoscaling', () => {
  const hpas = () => manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler');

  it.each(AUTOSCALED)('%s has an autoscaling/v2 CPU HorizontalPodAutoscaler on its Deployment', (part) => {
    const hpa = hpas().find((h) => h.spec.scaleTargetRef.name === part);
    expect(hpa).toBeDefined();
    expect(hpa!.apiVersion).toBe('autoscaling/v2');
    expect(hpa!.spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
    const cpu = (hpa!.spec.metrics as Doc[]).find((m) => m.type === 'Resource' && m.resource.name === 'cpu');
    expect(cpu?.resource.target.type).toBe('Utilization');
    expect(cpu?.resource.target.averageUtilization).toBeGreaterThan(0);
    expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(1);
    expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas as number);
    // utilization is measured against the request
    expect(container(part).resources.requests.cpu).toBeDefined();
  });

  it('every HorizontalPodAutoscaler targets an existing Deployment that leaves replicas to it', () => {
    expect(hpas().length).toBeGreaterThanOrEqual(AUTOSCALED.length);
    for (const hpa of hpas()) {
      const target = find(hpa.spec.scaleTargetRef.kind as string, hpa.spec.scaleTargetRef.name as string);
      expect(target?.kind).toBe('Deployment');
      expect(target!.spec.replicas).toBeUndefined();
    }
  });
});

describe('Ingress', () => {
  const ingress = () => manifests.find((m) => m.kind === 'Ingress')!;
  const paths = () =>
    (ingress().spec.rules as Doc[]).flatMap((r) =>
      (r.http.paths as Doc[]).map((p): Doc => ({ host: r.host, ...p })),
    );

  it.each([
    ['/api/webhooks/stripe', ['Exact', 'Prefix']],
    ['/', ['Prefix']],
  ])('routes %s to the gateway Service on a port it exposes', (routePath, pathTypes) => {
    expect(ingress()).toBeDefined();
    expect(ingress().apiVersion).toBe('networking.k8s.io/v1');
    const route = paths().find((p) => p.path === routePath);
    expect(route).toBeDefined();
    expect(pathTypes).toContain(route!.pathType);
    expect(route!.backend.service.name).toBe('gateway');
    const svcPorts = find('Service', 'gateway')!.spec.ports as Doc[];
    const port = route!.backend.service.port as Doc;
    expect(
      svcPorts.some((p) => (port.name !== undefined ? p.name === port.name : p.port === port.number)),
    ).toBe(true);
  });

  it('turns proxy buffering off for server-sent events', () => {
    const annotations = (ingress().metadata.annotations ?? {}) as Record<string, string>;
    expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(fs.readFileSync(path.join(BASE, 'ingress.yaml'), 'utf8')).toMatch(/SSE|server-sent events/i);
  });

  it('accepts uploads of the 100 MB maximum', () => {
    const size = String(ingress().metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']);
    const m = /^(\d+)([kmg])$/i.exec(size);
    expect(m).not.toBeNull();
    const bytes =
      Number(m![1]) * { k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m![2]!.toLowerCase() as 'k' | 'm' | 'g'];
    expect(bytes).toBeGreaterThanOrEqual(100 * 1024 * 1024);
  });
});

// The real kustomize, when this machine has kubectl: the render must succeed and keep the
// wiring (generated ConfigMap name, image tags) intact.
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
const describeRender = kubectl.status === 0 ? describe : describe.skip;

describeRender('kubectl kustomize render', () => {
  function render(dir: string): Doc[] {
    const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) throw new Error(`kubectl kustomize ${path.relative(ROOT, dir)} failed: ${r.stderr}`);
    return r.stdout
      .split(/^---$/m)
      .map((d) => parseYaml(d) as Doc | null)
      .filter((d): d is Doc => d !== null);
  }

  it.each(kustomizations().map((k) => path.relative(ROOT, k.dir)))(
    '%s renders a complete, consistent set',
    (dir) => {
      const docs = render(path.join(ROOT, dir));
      const configMaps = docs.filter((d) => d.kind === 'ConfigMap').map((d) => d.metadata.name as string);
      for (const part of PARTS) {
        const d = docs.find((x) => x.kind === 'Deployment' && x.metadata.name === part);
        expect(d).toBeDefined();
        const c = (d!.spec.template.spec.containers as Doc[])[0]!;
        expect(c.image).toMatch(new RegExp(`chatexhibit/${part}:[\\w.-]+$`));
        for (const ef of (c.envFrom as Doc[] | undefined) ?? []) {
          if (ef.configMapRef) expect(configMaps).toContain(ef.configMapRef.name);
        }
        expect(docs.some((x) => x.kind === 'Service' && x.metadata.name === part)).toBe(true);
      }
      expect(docs.some((x) => x.kind === 'Ingress')).toBe(true);
    },
  );
});
