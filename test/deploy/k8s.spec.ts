// The Kubernetes manifests as an operator applies them: `kubectl kustomize` renders the base and
// the example overlay, every rendered object must pass the Kubernetes schemas (kubernetes-models),
// and the objects must keep the posture the parts need: security, probes, resources, wiring
// between objects, and each part's configuration from the table in required-env.ts.
import { spawnSync } from 'node:child_process';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';
import { BLOG_POSTS } from '@chatexhibit/proto/blog';
import { blogPostPath, PAGE_PATHS } from '@chatexhibit/proto/site';
import { buildOpenApiDocument } from '../../gateway/src/api-docs/openapi-document';
import { ConfigError } from '../../services/kit/src/config/env';
import { loadPartConfig } from '../../services/kit/src/config/part-config';
import {
  AUTOSCALED,
  ENV,
  envFor,
  foreignSecrets,
  NATS_SEEDS_SECRET,
  PARTS,
  requiredEnv,
  runtimeOf,
  type Part,
} from './required-env';
import { readYamlDocuments, repoPath, type Doc } from './support';

const RENDERS = {
  base: 'deploy/k8s/base',
  'example overlay': 'deploy/k8s/overlays/example',
} as const;
type RenderName = keyof typeof RENDERS;
const RENDER_NAMES = Object.keys(RENDERS) as RenderName[];

const SECRET_NAME = 'chatexhibit-secrets';
const PART_VAR = 'CHATEXHIBIT_PART';
const IMAGE = 'chatexhibit/chatexhibit';

/** The schema of every kind the manifests may contain, by apiVersion and kind. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1 Ingress': Ingress,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Namespace': Namespace,
  'v1 Secret': Secret,
  'v1 Service': Service,
};

function kustomize(dir: string): Doc[] {
  const r = spawnSync('kubectl', ['kustomize', repoPath(dir)], { encoding: 'utf8', timeout: 60_000 });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      'kubectl is not installed: these tests render deploy/k8s with `kubectl kustomize` (kubectl 1.27 or later)',
    );
  }
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${r.stderr || r.error?.message}`);
  return parseAllDocuments(r.stdout)
    .map((d) => d.toJS() as Doc | null)
    .filter((d): d is Doc => d !== null);
}

const id = (d: Doc) => `${d.kind}/${d.metadata?.name}`;

/** CPU in cores and memory in bytes, from Kubernetes quantities such as 250m, 1, 512Mi, 2Gi. */
function quantity(value: string | number): number {
  const m = /^(\d+(?:\.\d+)?)(m|k|Ki|M|Mi|G|Gi)?$/.exec(String(value));
  if (!m) throw new Error(`not a quantity: ${value}`);
  const factor = { m: 1e-3, k: 1e3, Ki: 1024, M: 1e6, Mi: 1024 ** 2, G: 1e9, Gi: 1024 ** 3 };
  return Number(m[1]) * (m[2] ? factor[m[2] as keyof typeof factor] : 1);
}

const renders = {} as Record<RenderName, Doc[]>;
let secretExample: Doc;
let secretKeys: Set<string>;

beforeAll(() => {
  for (const name of RENDER_NAMES) renders[name] = kustomize(RENDERS[name]);
  const example = readYamlDocuments(repoPath('deploy', 'k8s', 'base', 'secret.example.yaml'));
  expect(example).toHaveLength(1);
  secretExample = example[0]!;
  secretKeys = new Set(Object.keys({ ...secretExample.stringData, ...secretExample.data }));
});

const all = (render: RenderName, kind: string) => renders[render].filter((d) => d.kind === kind);

function find(render: RenderName, kind: string, name: string): Doc {
  const found = all(render, kind).find((d) => d.metadata.name === name);
  if (!found) throw new Error(`${render}: no ${kind} ${name}`);
  return found;
}

const podSpec = (render: RenderName, part: Part) =>
  find(render, 'Deployment', part).spec.template.spec as Doc;

function container(render: RenderName, part: Part): Doc {
  const containers = podSpec(render, part).containers as Doc[];
  expect(containers.map((c) => c.name)).toEqual([part]);
  return containers[0]!;
}

/** The container port a probe or Service names (or numbers). */
function portNumber(c: Doc, port: string | number): number | undefined {
  if (typeof port === 'number') return port;
  return (c.ports as Doc[]).find((p) => p.name === port)?.containerPort as number | undefined;
}

const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

type Source = { from: 'value' | 'configmap' | 'secret'; optional: boolean };

/** Where each environment variable of a part's container comes from. */
function resolveEnv(render: RenderName, part: Part): Map<string, Source> {
  const c = container(render, part);
  const out = new Map<string, Source>();
  for (const ef of (c.envFrom as Doc[] | undefined) ?? []) {
    if (!ef.configMapRef) throw new Error(`${part}: envFrom may only name the ConfigMap`);
    const cm = find(render, 'ConfigMap', ef.configMapRef.name as string);
    for (const k of Object.keys(cm.data ?? {})) out.set(k, { from: 'configmap', optional: false });
  }
  for (const e of (c.env as Doc[] | undefined) ?? []) {
    const ref = e.valueFrom?.secretKeyRef as Doc | undefined;
    if (e.value !== undefined) out.set(e.name, { from: 'value', optional: false });
    else if (ref) {
      const own = ENV.find((v) => v.name === e.name)?.secretRef?.(part);
      expect({
        env: e.name,
        secret: ref.name,
        key: ref.key,
        exists: own !== undefined || secretKeys.has(ref.key),
      }).toEqual({
        env: e.name,
        secret: own?.name ?? SECRET_NAME,
        key: own?.key ?? e.name,
        exists: true,
      });
      out.set(e.name, { from: 'secret', optional: ref.optional === true });
    } else throw new Error(`${part}: ${e.name} comes from neither a value nor the Secret`);
  }
  return out;
}

describe.each(RENDER_NAMES)('the %s render', (render) => {
  const docs = () => renders[render];

  it('holds only objects that pass the Kubernetes schemas', () => {
    const problems: string[] = [];
    for (const doc of docs()) {
      const Model = MODELS[`${doc.apiVersion} ${doc.kind}`];
      if (!Model) problems.push(`${id(doc)}: unexpected ${doc.apiVersion} ${doc.kind}`);
      else {
        try {
          new Model(doc as never).validate();
        } catch (error) {
          problems.push(`${id(doc)}: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a Deployment and a Service per part, an HPA per autoscaled part, the gateway PDB and the Ingress', () => {
    const names = (kind: string) => all(render, kind).map((d) => d.metadata.name as string);
    expect(names('Deployment').sort()).toEqual([...PARTS].sort());
    expect(names('Service').sort()).toEqual([...PARTS].sort());
    expect(names('HorizontalPodAutoscaler').sort()).toEqual([...AUTOSCALED].sort());
    expect(names('PodDisruptionBudget')).toEqual(['gateway']);
    expect(names('Ingress')).toEqual(['chatexhibit']);
    expect(names('NetworkPolicy').sort()).toEqual([
      'chatexhibit-gateway',
      'chatexhibit-nats',
      'chatexhibit-services',
    ]);
    expect(names('ConfigMap')).toHaveLength(1);
    // the Secret is the operator's (secret.example.yaml): a render never carries one
    expect(names('Secret')).toEqual([]);
  });

  it(`runs every container from the one image ${IMAGE}, at a release tag`, () => {
    const images = all(render, 'Deployment').flatMap((d) =>
      [...(d.spec.template.spec.initContainers ?? []), ...d.spec.template.spec.containers].map(
        (c: Doc) => c.image as string,
      ),
    );
    expect(new Set(images).size).toBe(1);
    const prefix = render === 'base' ? '' : '[a-z0-9-]+(?:\\.[a-z0-9-]+)+(?::\\d+)?/';
    expect(images[0]).toMatch(new RegExp(`^${prefix}${IMAGE}:(?!latest$)[\\w][\\w.-]*$`));
  });

  it('gives each Deployment its own pods, labelled with its name', () => {
    for (const d of all(render, 'Deployment')) {
      expect(d.spec.selector.matchLabels['app.kubernetes.io/name']).toBe(d.metadata.name);
      expect(selects(d.spec.selector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
      const others = all(render, 'Deployment').filter(
        (o) => o !== d && selects(d.spec.selector.matchLabels, o.spec.template.metadata.labels),
      );
      expect({ deployment: d.metadata.name, alsoSelects: others.map(id) }).toEqual({
        deployment: d.metadata.name,
        alsoSelects: [],
      });
    }
  });

  it("gives every Service the pods of one Deployment and a named port of that Deployment's container", () => {
    for (const svc of all(render, 'Service')) {
      const selected = all(render, 'Deployment').filter((d) =>
        selects(svc.spec.selector, d.spec.template.metadata.labels),
      );
      expect({ service: svc.metadata.name, selects: selected.map(id) }).toEqual({
        service: svc.metadata.name,
        selects: [`Deployment/${svc.metadata.name}`],
      });
      const c = (selected[0]!.spec.template.spec.containers as Doc[])[0]!;
      for (const port of svc.spec.ports as Doc[]) {
        expect(typeof port.targetPort).toBe('string');
        expect((c.ports as Doc[]).map((p) => p.name)).toContain(port.targetPort);
      }
    }
  });

  it('has every HPA scale a Deployment that leaves its replicas to it, on CPU utilization', () => {
    for (const hpa of all(render, 'HorizontalPodAutoscaler')) {
      const ref = hpa.spec.scaleTargetRef as Doc;
      expect(ref).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
      const target = find(render, 'Deployment', ref.name as string);
      expect({ hpa: hpa.metadata.name, replicas: target.spec.replicas }).toEqual({
        hpa: hpa.metadata.name,
        replicas: undefined,
      });
      // utilization is measured against the CPU request
      expect((target.spec.template.spec.containers as Doc[])[0]!.resources.requests.cpu).toBeDefined();
      expect(hpa.spec.metrics).toContainEqual({
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } },
      });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas as number);
    }
  });

  it('keeps a gateway up through drains: the PDB selects its pods and allows one of them to go', () => {
    const pdb = find(render, 'PodDisruptionBudget', 'gateway');
    const gateway = find(render, 'Deployment', 'gateway');
    expect(selects(pdb.spec.selector.matchLabels, gateway.spec.template.metadata.labels)).toBe(true);
    expect(pdb.spec.minAvailable).toBeGreaterThanOrEqual(1);
    expect(gateway.spec.replicas).toBeGreaterThan(pdb.spec.minAvailable as number);
  });

  describe('Ingress', () => {
    const ingress = () => find(render, 'Ingress', 'chatexhibit');

    it.each([
      ['/api/webhooks/stripe', ['Exact', 'Prefix']],
      ['/', ['Prefix']],
    ])('routes %s to a port of the gateway Service', (routePath, pathTypes) => {
      const routes = (ingress().spec.rules as Doc[]).flatMap((r) => r.http.paths as Doc[]);
      const route = routes.find((p) => p.path === routePath);
      expect(pathTypes).toContain(route?.pathType);
      expect(route!.backend.service.name).toBe('gateway');
      const port = route!.backend.service.port as Doc;
      const svcPorts = find(render, 'Service', 'gateway').spec.ports as Doc[];
      expect(
        svcPorts.some((p) => (port.name !== undefined ? p.name === port.name : p.port === port.number)),
      ).toBe(true);
    });

    /** The rule an Ingress controller picks for `requestPath`: Exact, or Prefix by whole path segments. */
    const routeOf = (requestPath: string): Doc | undefined =>
      all(render, 'Ingress')
        .flatMap((i) => (i.spec.rules as Doc[]).flatMap((r) => r.http.paths as Doc[]))
        .filter((p) =>
          p.pathType === 'Exact'
            ? p.path === requestPath
            : p.path === '/' ||
              requestPath === p.path ||
              requestPath.startsWith(`${(p.path as string).replace(/\/$/, '')}/`),
        )
        .sort((a, b) => (b.path as string).length - (a.path as string).length)[0];

    it('routes every page of the web app, its bundle, every route of the API and any unknown path to the gateway', () => {
      // The gateway answers what is not its own (the web app's 404 page, the API's 404) and
      // refuses /metrics and the health endpoints to whatever the controller forwards.
      const apiPaths = Object.keys(buildOpenApiDocument().paths ?? {}).map((p) =>
        p.replace(/\{[^}]+\}/g, 'x'),
      );
      const pages = [...Object.values(PAGE_PATHS), ...BLOG_POSTS.map((post) => blogPostPath(post.slug))];
      const unknown = ['/no-such-page', '/FAQ', '/api/no-such-route', '/metrics/', '/API/HEALTH'];
      const paths = [...pages, '/assets/index-x.js', ...apiPaths, ...unknown];
      expect(paths.filter((p) => routeOf(p)?.backend.service.name !== 'gateway')).toEqual([]);
    });

    it('tells the gateway that the Ingress controller is the one proxy in front of it (TRUST_PROXY=1)', () => {
      const env = container(render, 'gateway').env as Doc[];
      expect(env.find((e) => e.name === 'TRUST_PROXY')?.value).toBe('1');
    });

    it('serves the host of PUBLIC_URL, where mailed links, Stripe returns and /verify point', () => {
      const publicUrl = new URL((all(render, 'ConfigMap')[0]!.data as Record<string, string>).PUBLIC_URL!);
      const hosts = (ingress().spec.rules as Doc[]).map((rule) => rule.host as string);
      expect(hosts).toContain(publicUrl.host);
    });

    it('streams server-sent events and request bodies unbuffered, and accepts 100 MB uploads', () => {
      const annotations = ingress().metadata.annotations as Record<string, string>;
      expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
      expect(annotations['nginx.ingress.kubernetes.io/proxy-request-buffering']).toBe('off');
      const size = annotations['nginx.ingress.kubernetes.io/proxy-body-size']!;
      // nginx sizes: k, m, g are binary units
      const m = /^(\d+)([kmg])$/i.exec(size);
      expect(m).not.toBeNull();
      const bytes =
        Number(m![1]) * 1024 ** ({ k: 1, m: 2, g: 3 } as const)[m![2]!.toLowerCase() as 'k' | 'm' | 'g'];
      expect(bytes).toBeGreaterThanOrEqual(100 * 1024 ** 2);
    });

    // Finding 4: the default log format writes the request line, ids and signatures included.
    it('keeps no access log of requests, whose paths and queries carry ids and signatures', () => {
      for (const each of all(render, 'Ingress'))
        expect(
          (each.metadata.annotations as Record<string, string>)[
            'nginx.ingress.kubernetes.io/enable-access-log'
          ],
        ).toBe('false');
    });
  });

  describe('NetworkPolicy', () => {
    const policies = () => all(render, 'NetworkPolicy');
    const podLabels = (part: Part) =>
      find(render, 'Deployment', part).spec.template.metadata.labels as Record<string, string>;

    it.each(PARTS)(
      'selects the pods of %s (one policy), admitting connections only from inside the cluster',
      (part) => {
        const selecting = policies().filter((p) => selects(p.spec.podSelector.matchLabels, podLabels(part)));
        expect(selecting).toHaveLength(1);
        const policy = selecting[0]!;
        expect(policy.spec.policyTypes).toEqual(['Ingress']);
        const peers = (policy.spec.ingress as Doc[]).flatMap((rule) => rule.from as Doc[]);
        // pods of its own namespace, or whole namespaces named by label: never an address block
        expect(peers.filter((peer) => peer.ipBlock !== undefined || Object.keys(peer).length !== 1)).toEqual(
          [],
        );
        const namespaces = peers.flatMap((peer) =>
          peer.namespaceSelector
            ? [peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name'] as string]
            : [],
        );
        expect(namespaces.sort()).toEqual(
          part === 'gateway' ? ['ingress-nginx', 'monitoring'] : ['monitoring'],
        );
        // its only port: where the probes and /metrics answer (the gateway's is also its API's)
        const ports = (policy.spec.ingress as Doc[]).flatMap((rule) =>
          (rule.ports as Doc[]).map((p) => p.port as string),
        );
        const c = find(render, 'Deployment', part).spec.template.spec.containers[0] as Doc;
        const probePort = c.readinessProbe.httpGet.port as string;
        expect(ports).toEqual([probePort]);
        expect(portNumber(c, probePort)).toBe(runtimeOf(part).defaultPort);
      },
    );
    it('admits to NATS only the parts (client port), the NATS pods (cluster routes) and monitoring', () => {
      const nats = policies().filter(
        (p) => p.spec.podSelector.matchLabels['app.kubernetes.io/name'] === 'nats',
      );
      expect(nats).toHaveLength(1);
      expect(nats[0]!.spec.policyTypes).toEqual(['Ingress']);
      const peersByPort = new Map(
        (nats[0]!.spec.ingress as Doc[]).flatMap((rule) =>
          (rule.ports as Doc[]).map((p) => [p.port as number, rule.from as Doc[]] as const),
        ),
      );
      expect([...peersByPort.keys()].sort()).toEqual([4222, 6222, 8222]);
      const clients = peersByPort.get(4222)!;
      expect(clients).toEqual([
        { podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'chatexhibit' } } },
      ]);
      for (const part of PARTS)
        expect(selects(clients[0]!.podSelector.matchLabels, podLabels(part))).toBe(true);
      expect(peersByPort.get(6222)).toEqual([
        { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'nats' } } },
      ]);
      expect(peersByPort.get(8222)).toEqual([
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
      ]);
    });
  });

  describe('ConfigMap', () => {
    const data = () => all(render, 'ConfigMap')[0]!.data as Record<string, string>;

    it('holds no secret: no key of a secret, no secret-looking key, no credentials in a URL', () => {
      for (const [key, value] of Object.entries(data())) {
        expect({ key, secret: ENV.some((v) => v.secret && v.name === key) }).toEqual({ key, secret: false });
        expect(key).not.toMatch(/SECRET|PASSWORD|PASSWD|TOKEN|ACCESS_KEY|PRIVATE|CREDENTIAL/i);
        expect({ key, value }).not.toEqual({ key, value: expect.stringMatching(/:\/\/[^/\s@]+:[^/\s@]*@/) });
      }
    });

    it('has values of the right shape', () => {
      for (const v of ENV.filter((e) => e.scheme && data()[e.name] !== undefined)) {
        expect({ name: v.name, value: data()[v.name] }).toEqual({
          name: v.name,
          value: expect.stringMatching(v.scheme!),
        });
      }
    });
  });

  it("sets up JetStream before the gateway starts, with a key no part's container holds", () => {
    const gateway = podSpec(render, 'gateway');
    const [setup, ...others] = gateway.initContainers as Doc[];
    expect(others).toEqual([]);
    expect(setup!.args).toEqual(['node', 'services/kit/dist/cli/nats-setup-cli.js']);
    expect(setup!.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    const seedOf = (c: Doc) =>
      (c.env as Doc[]).find((variable) => variable.name === 'NATS_NKEY_SEED')?.valueFrom.secretKeyRef;
    expect(seedOf(setup!)).toEqual({ name: NATS_SEEDS_SECRET, key: 'NATS_NKEY_SEED_SETUP' });
    for (const part of PARTS)
      expect([part, seedOf(container(render, part))]).toEqual([
        part,
        { name: NATS_SEEDS_SECRET, key: `NATS_NKEY_SEED_${part.toUpperCase()}` },
      ]);
  });
});

describe.each(PARTS)('part %s', (part) => {
  const rt = runtimeOf(part);

  it.each(RENDER_NAMES)(
    'runs as uid/gid 10001 without privileges: no root, escalation, capabilities or API token; RuntimeDefault seccomp (%s)',
    (render) => {
      const pod = podSpec(render, part);
      expect(pod.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: 10001,
        runAsGroup: 10001,
        fsGroup: 10001,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(pod.automountServiceAccountToken).toBe(false);
      const c = container(render, part).securityContext as Doc;
      expect(c).toMatchObject({ allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
      expect(c.privileged).not.toBe(true);
      expect(c.runAsUser ?? 10001).toBe(10001);
    },
  );

  it.each(RENDER_NAMES)(
    'has a read-only root filesystem and a size-limited emptyDir on /tmp (%s)',
    (render) => {
      const c = container(render, part);
      expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
      const mount = (c.volumeMounts as Doc[]).find((m) => m.mountPath === '/tmp');
      expect(mount?.readOnly).not.toBe(true);
      const volume = (podSpec(render, part).volumes as Doc[]).find((v) => v.name === mount!.name);
      expect(quantity(volume?.emptyDir?.sizeLimit as string)).toBeGreaterThan(0);
    },
  );

  it.each(RENDER_NAMES)(
    `listens on ${rt.defaultPort}, says so in ${rt.portVariable}, and is told which part it is (%s)`,
    (render) => {
      const c = container(render, part);
      expect((c.ports as Doc[]).map((p) => p.containerPort)).toEqual([rt.defaultPort]);
      const env = (c.env as Doc[]).filter((e) => e.value !== undefined);
      expect(env.find((e) => e.name === rt.portVariable)?.value).toBe(String(rt.defaultPort));
      expect(env.find((e) => e.name === PART_VAR)?.value).toBe(part);
    },
  );

  it.each(RENDER_NAMES)(
    `probes ${rt.live} (startup, liveness) and ${rt.ready} (readiness) on ${rt.defaultPort} (%s)`,
    (render) => {
      const c = container(render, part);
      for (const [probe, probePath] of [
        ['startupProbe', rt.live],
        ['livenessProbe', rt.live],
        ['readinessProbe', rt.ready],
      ] as const) {
        const get = c[probe]?.httpGet as Doc | undefined;
        expect({ probe, path: get?.path, port: get && portNumber(c, get.port as string | number) }).toEqual({
          probe,
          path: probePath,
          port: rt.defaultPort,
        });
      }
    },
  );

  it.each(RENDER_NAMES)('requests CPU and memory within its limits (%s)', (render) => {
    const { requests, limits } = container(render, part).resources as Doc;
    for (const resource of ['cpu', 'memory']) {
      expect(quantity(requests[resource] as string)).toBeGreaterThan(0);
      expect(quantity(limits[resource] as string)).toBeGreaterThanOrEqual(
        quantity(requests[resource] as string),
      );
    }
  });

  it.each(RENDER_NAMES)('rolls out without taking a pod away first (%s)', (render) => {
    const strategy = find(render, 'Deployment', part).spec.strategy as Doc;
    expect(strategy).toMatchObject({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } });
  });

  it.each(RENDER_NAMES)(
    'gets every required variable of its row, from a value, the ConfigMap or the Secret (%s)',
    (render) => {
      const env = resolveEnv(render, part);
      for (const v of requiredEnv(part)) {
        expect({ name: v.name, source: env.get(v.name) }).toEqual({
          name: v.name,
          source: { from: v.secret ? 'secret' : expect.any(String), optional: false },
        });
      }
    },
  );

  it.each(RENDER_NAMES)(
    'gets exactly the secrets of its row, Stripe keys as optional references (%s)',
    (render) => {
      const env = resolveEnv(render, part);
      const secretsGiven = [...env].filter(([, s]) => s.from === 'secret').map(([name]) => name);
      expect(secretsGiven.sort()).toEqual(
        envFor(part)
          .filter((v) => v.secret)
          .map((v) => v.name)
          .sort(),
      );
      for (const v of foreignSecrets(part)) expect(env.has(v.name)).toBe(false);
      for (const v of envFor(part).filter((e) => e.secret && !e.required)) {
        expect({ name: v.name, source: env.get(v.name) }).toEqual({
          name: v.name,
          source: { from: 'secret', optional: true },
        });
      }
    },
  );

  it.each(RENDER_NAMES)('is given no variable outside its row (%s)', (render) => {
    const names = (container(render, part).env as Doc[]).map((e) => e.name as string);
    const row = new Set([PART_VAR, ...envFor(part).map((v) => v.name)]);
    expect(names.filter((n) => !row.has(n))).toEqual([]);
  });

  it.each(RENDER_NAMES)(
    AUTOSCALED.includes(part)
      ? 'leaves its replicas to its HPA (%s)'
      : 'runs a fixed number of replicas, at least two (%s)',
    (render) => {
      const replicas = find(render, 'Deployment', part).spec.replicas as number | undefined;
      if (AUTOSCALED.includes(part)) {
        expect(replicas).toBeUndefined();
        expect(find(render, 'HorizontalPodAutoscaler', part).spec.scaleTargetRef.name).toBe(part);
      } else expect(replicas).toBeGreaterThanOrEqual(2);
    },
  );
});

describe('the example overlay', () => {
  it('puts every object in its namespace, which enforces the restricted Pod Security Standard', () => {
    const namespaces = all('example overlay', 'Namespace');
    expect(namespaces).toHaveLength(1);
    const ns = namespaces[0]!;
    expect(ns.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const doc of renders['example overlay'].filter((d) => d.kind !== 'Namespace')) {
      expect({ object: id(doc), namespace: doc.metadata.namespace }).toEqual({
        object: id(doc),
        namespace: ns.metadata.name,
      });
    }
  });

  it('serves its Ingress host over TLS', () => {
    const ingress = find('example overlay', 'Ingress', 'chatexhibit');
    const tlsHosts = (ingress.spec.tls as Doc[]).flatMap((t) => t.hosts as string[]);
    for (const rule of ingress.spec.rules as Doc[]) expect(tlsHosts).toContain(rule.host);
  });
});

describe('secret.example.yaml', () => {
  it('is a valid Secret with every secret of the table', () => {
    new Secret(secretExample as never).validate();
    expect(secretExample.metadata.name).toBe(SECRET_NAME);
    for (const v of ENV.filter((e) => e.secret && !e.secretRef)) expect(secretKeys).toContain(v.name);
  });

  it('holds only values the gateway refuses, so that an unchanged copy never runs', () => {
    const problems = (() => {
      try {
        loadPartConfig('gateway', {
          NATS_URL: 'nats://nats:4222',
          S3_ENDPOINT: 'http://minio:9000',
          S3_BUCKET: 'chatexhibit',
          ...(secretExample.stringData as Record<string, string>),
        });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    })();
    expect(problems.map((problem) => problem.split(' ')[0]).sort()).toEqual([
      'LINK_SIGNING_SECRET',
      'SUPPORT_TOKEN',
    ]);
  });
});
