// docs/deployment.md stays in step with the configuration table and the artefacts it describes.
import { ENV, PARTS, runtimeOf } from './required-env';
import { exists, readRepoFile } from './support';

let doc: string;

beforeAll(() => {
  doc = readRepoFile('docs', 'deployment.md');
});

describe('docs/deployment.md', () => {
  it.each(ENV.map((v) => v.name))('documents %s', (name) => {
    expect(doc).toContain(`\`${name}\``);
  });

  it.each([...PARTS, 'standalone' as const])('gives the start command of %s', (part) => {
    expect(doc).toContain(`node ${runtimeOf(part).main}`);
  });

  it('covers processes, Docker Compose and Kubernetes', () => {
    expect(doc).toContain('npm run build');
    expect(doc).toMatch(/docker compose up/);
    expect(doc).toMatch(/kubectl apply -k/);
  });

  it('explains pointing at existing NATS (JetStream), PostgreSQL and S3, and scaling', () => {
    expect(doc).toMatch(/JetStream must be enabled/);
    expect(doc).toMatch(/\*\*PostgreSQL\*\*/);
    expect(doc).toMatch(/\*\*MinIO or S3\*\*/);
    expect(doc).toMatch(/## Scaling/);
    expect(doc).toMatch(/queue group/);
  });

  it('refers only to deployment files that exist', () => {
    const paths = new Set(
      doc.match(/\bdeploy\/(?:docker|k8s)[\w./-]*|\bdocker-compose\.yml\b|\bDockerfile\b/g) ?? [],
    );
    expect(paths.size).toBeGreaterThan(3);
    for (const p of paths) {
      const clean = p.replace(/[./]+$/, '');
      if (clean.includes('overlays/production')) continue; // the copy the reader makes
      expect({ path: clean, exists: exists(clean) }).toEqual({ path: clean, exists: true });
    }
  });
});
