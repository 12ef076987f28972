// Structure of the Dockerfile and .dockerignore (no Docker engine is needed or used).
import { PARTS, runtimeOf, type Part } from './required-env';
import {
  allInstructions,
  baseImage,
  effective,
  execForm,
  exists,
  isDockerIgnored,
  parseDockerfile,
  readRepoFile,
  stageByName,
  type Dockerfile,
} from './support';

const TARGETS: readonly (Part | 'standalone')[] = [...PARTS, 'standalone'];
const PROBE_SCRIPT = '/usr/local/lib/chatexhibit/healthcheck.cjs';
const FONT_PACKAGES = ['fonts-noto-core', 'fonts-noto-cjk', 'fonts-noto-color-emoji'];

let dockerfile: Dockerfile;
let dockerignore: string;

beforeAll(() => {
  dockerfile = parseDockerfile(readRepoFile('Dockerfile'));
  dockerignore = readRepoFile('.dockerignore');
});

function runText(target: string): string {
  return allInstructions(dockerfile, target)
    .filter((i) => i.keyword === 'RUN')
    .map((i) => i.args)
    .join('\n');
}

describe('Dockerfile build stage', () => {
  const build = () => stageByName(dockerfile, 'build')!;
  const index = (pattern: RegExp) => build().instructions.findIndex((i) => pattern.test(i.args));

  it('exists and starts from Node 20', () => {
    expect(build()).toBeDefined();
    expect(build().from).toMatch(/^node:20(\.|-|$)/);
  });

  it('installs with npm ci from the committed lockfile, then builds, then prunes dev dependencies', () => {
    const copyLock = build().instructions.findIndex(
      (i) => i.keyword === 'COPY' && /\bpackage-lock\.json\b/.test(i.args),
    );
    const ci = index(/\bnpm ci\b/);
    const copyAll = build().instructions.findIndex((i) => i.keyword === 'COPY' && /^\.\s+\.$/.test(i.args));
    const buildRun = index(/\bnpm run build\b/);
    const prune = index(/\bnpm prune\b.*--omit=dev/);
    expect(copyLock).toBeGreaterThanOrEqual(0);
    expect(ci).toBeGreaterThan(copyLock);
    expect(copyAll).toBeGreaterThan(ci);
    expect(buildRun).toBeGreaterThan(copyAll);
    expect(prune).toBeGreaterThan(buildRun);
    expect(build().instructions.some((i) => /\bnpm (install|i)\b(?!.*--global)/.test(i.args))).toBe(false);
  });

  it("copies every workspace's package.json before npm ci (npm ci fails on a missing workspace)", () => {
    const workspaces = (JSON.parse(readRepoFile('package.json')) as { workspaces: string[] }).workspaces;
    expect(workspaces.length).toBeGreaterThan(0);
    const ci = index(/\bnpm ci\b/);
    const copiedBeforeCi = build()
      .instructions.slice(0, ci)
      .filter((i) => i.keyword === 'COPY')
      .map((i) => i.args)
      .join('\n');
    for (const ws of workspaces) {
      expect(copiedBeforeCi).toContain(`${ws}/package.json`);
    }
  });

  it('explains that npm 11 runs only allow-listed install scripts', () => {
    expect(dockerfile.text).toMatch(/npm 11/);
    expect(dockerfile.text).toMatch(/allowScripts/);
  });
});

describe.each(TARGETS)('Dockerfile target %s', (target) => {
  const rt = runtimeOf(target);

  it('exists and runs on node:20-bookworm-slim', () => {
    expect(stageByName(dockerfile, target)).toBeDefined();
    expect(baseImage(dockerfile, target)).toBe('node:20-bookworm-slim');
  });

  it('copies the built application from the build stage', () => {
    const copies = allInstructions(dockerfile, target).filter((i) => i.keyword === 'COPY');
    expect(copies.some((i) => /--from=build\b/.test(i.args))).toBe(true);
  });

  it('runs as a non-root user', () => {
    const user = effective(dockerfile, target, 'USER');
    expect(user).toBeDefined();
    const name = user!.args.split(':')[0]!;
    expect(name).not.toMatch(/^(root|0)$/);
    // numeric, so Kubernetes can enforce runAsNonRoot without a runAsUser
    expect(name).toMatch(/^[1-9]\d*$/);
  });

  it(`starts node ${rt.main}, a file of an existing workspace`, () => {
    const cmd = effective(dockerfile, target, 'CMD');
    expect(cmd).toBeDefined();
    expect(execForm(cmd!.args)).toEqual(['node', rt.main]);
    const packageDir = rt.main.replace(/\/dist\/main\.js$/, '');
    expect(exists(packageDir, 'package.json')).toBe(true);
  });

  it(`exposes port ${rt.port}`, () => {
    const expose = allInstructions(dockerfile, target).filter((i) => i.keyword === 'EXPOSE');
    expect(expose.flatMap((i) => i.args.split(/\s+/))).toContain(String(rt.port));
  });

  it(`has a node HEALTHCHECK against ${rt.ready} on ${rt.portVar} (default ${rt.port})`, () => {
    const hc = effective(dockerfile, target, 'HEALTHCHECK');
    expect(hc).toBeDefined();
    expect(hc!.args).toMatch(/--interval=\d+s/);
    expect(hc!.args).toMatch(/--timeout=\d+s/);
    expect(execForm(hc!.args.slice(hc!.args.indexOf('CMD')))).toEqual([
      'node',
      PROBE_SCRIPT,
      rt.ready,
      rt.portVar,
      String(rt.port),
    ]);
  });

  it('has the probe script it runs', () => {
    const copies = allInstructions(dockerfile, target).filter((i) => i.keyword === 'COPY');
    const probe = copies.find((i) => i.args.endsWith(PROBE_SCRIPT));
    expect(probe).toBeDefined();
    const source = probe!.args.split(/\s+/)[0]!;
    expect(exists(source)).toBe(true);
    expect(isDockerIgnored(dockerignore, source)).toBe(false);
  });
});

describe('system packages per target', () => {
  it('media has ffmpeg', () => {
    expect(runText('media')).toMatch(/apt-get install[^\n]*\bffmpeg\b/);
  });

  it('pdf has the Noto fonts', () => {
    for (const pkg of FONT_PACKAGES) expect(runText('pdf')).toContain(pkg);
  });

  it('standalone runs everything, so it has ffmpeg and the fonts', () => {
    expect(runText('standalone')).toMatch(/\bffmpeg\b/);
    for (const pkg of FONT_PACKAGES) expect(runText('standalone')).toContain(pkg);
  });

  it.each(['gateway', 'ingest', 'parse', 'payment', 'notification'])(
    '%s stays slim (no ffmpeg, no fonts)',
    (t) => {
      expect(runText(t)).not.toMatch(/\bffmpeg\b/);
      expect(runText(t)).not.toMatch(/fonts-noto/);
    },
  );
});

describe('standalone target', () => {
  it('keeps its data in a volume at /app/data, writable by the app user', () => {
    const ins = allInstructions(dockerfile, 'standalone');
    const volume = ins.filter((i) => i.keyword === 'VOLUME').map((i) => i.args);
    expect(volume.join(' ')).toContain('/app/data');
    const user = effective(dockerfile, 'standalone', 'USER')!.args;
    expect(
      ins.some(
        (i) => i.keyword === 'RUN' && i.args.includes(`chown ${user}`) && i.args.includes('/app/data'),
      ),
    ).toBe(true);
    expect(effective(dockerfile, 'standalone', 'WORKDIR')?.args).toBe('/app');
  });

  it('is the default target (the last stage)', () => {
    expect(dockerfile.stages[dockerfile.stages.length - 1]!.name).toBe('standalone');
  });
});

describe('.dockerignore', () => {
  it.each([
    'node_modules/yaml/package.json',
    'services/kit/node_modules/nodemailer/package.json',
    'gateway/dist/main.js',
    'frontend/dist/index.html',
    'data/pg/PG_VERSION',
    '.git/HEAD',
    'test/deploy/compose.spec.ts',
    'services/parse/src/parser.spec.ts',
    'deploy/k8s/base/kustomization.yaml',
    '.env',
  ])('leaves out %s', (p) => {
    expect(isDockerIgnored(dockerignore, p)).toBe(true);
  });

  it.each([
    'package.json',
    'package-lock.json',
    '.npmrc',
    'tsconfig.base.json',
    'gateway/src/main.ts',
    'services/media/src/main.ts',
    'frontend/src/main.tsx',
    'deploy/docker/healthcheck.cjs',
  ])('keeps %s', (p) => {
    expect(isDockerIgnored(dockerignore, p)).toBe(false);
  });

  it('keeps every file the build stage copies by name', () => {
    const build = stageByName(dockerfile, 'build')!;
    const sources = build.instructions
      .filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1))
      .filter((s) => !s.startsWith('--') && s !== '.');
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) {
      expect(exists(source)).toBe(true);
      expect(isDockerIgnored(dockerignore, source)).toBe(false);
    }
  });
});
