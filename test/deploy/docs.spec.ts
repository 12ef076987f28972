// docs/deployment.md stays in step with the configuration table and the artefacts it describes;
// README's HTTP API section renders as one table, and README states what the code does.
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

describe('README.md', () => {
  let readme: string;
  let api: string;
  beforeAll(() => {
    readme = readRepoFile('README.md');
    const start = readme.indexOf('## The HTTP API');
    api = readme.slice(start, readme.indexOf('\n## ', start));
  });

  it('has the HTTP API as one table: no paragraph inside drops the rows after it out of it', () => {
    const lines = api.split('\n');
    const first = lines.findIndex((line) => line.startsWith('|'));
    const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
    // A line right after the last row would be read as one more row.
    expect(lines[end]).toBe('');
    expect(lines.slice(end).filter((line) => line.startsWith('|'))).toEqual([]);
    const table = lines.slice(first, end).join('\n');
    for (const route of ['`POST /api/contact`', '`GET /api/health`']) expect(table).toContain(`| ${route} |`);
  });
});
