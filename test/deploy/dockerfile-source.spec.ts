// The image names the revision it was built from and carries its sources (it has no .git): the
// build arg SOURCE_COMMIT reaches `npm run build`, and a RUN packs the sources into the archive the
// kit serves. The image itself is built by `npm run test:containers`; this reads the Dockerfile
// and runs its packing step on a small tree.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_SOURCE_ARCHIVE, SOURCE_STAMP_FILE } from '@chatexhibit/proto/source-revision';
import { allInstructions, isDockerIgnored, parseDockerfile, readRepoFile } from './support';

const dockerfile = parseDockerfile(readRepoFile('Dockerfile'));
const build = allInstructions(dockerfile, 'build');
const indexOf = (keyword: string, pattern: RegExp): number =>
  build.findIndex((i) => i.keyword === keyword && pattern.test(i.args));

describe("the image's source revision and source archive", () => {
  it('takes SOURCE_COMMIT as a build arg after npm ci and before npm run build', () => {
    const arg = indexOf('ARG', /^SOURCE_COMMIT\b/);
    expect(arg).toBeGreaterThan(indexOf('RUN', /npm ci\b/));
    expect(arg).toBeLessThan(indexOf('RUN', /^npm run build$/));
  });

  it("keeps a host's stamp and archive out of the context", () => {
    const dockerignore = readRepoFile('.dockerignore');
    expect(isDockerIgnored(dockerignore, SOURCE_STAMP_FILE)).toBe(true);
    expect(isDockerIgnored(dockerignore, IMAGE_SOURCE_ARCHIVE)).toBe(true);
  });

  it('packs the sources and the stamp, without dependencies or build output, the same bytes each time', () => {
    const packing = build.find((i) => i.keyword === 'RUN' && i.args.includes(IMAGE_SOURCE_ARCHIVE));
    expect(packing).toBeDefined();
    expect(indexOf('RUN', /^npm run build$/)).toBeLessThan(build.indexOf(packing!));
    const root = mkdtempSync(path.join(os.tmpdir(), 'chatexhibit-image-source-'));
    try {
      const app = path.join(root, 'app');
      const file = (relative: string, text: string): void => {
        mkdirSync(path.dirname(path.join(app, relative)), { recursive: true });
        writeFileSync(path.join(app, relative), text);
      };
      file('package.json', '{}\n');
      file(SOURCE_STAMP_FILE, 'null\n');
      file('services/kit/src/index.ts', 'export {};\n');
      file('services/kit/dist/index.js', 'built\n');
      file('services/kit/dist/.tsbuildinfo', '{}');
      file('node_modules/zod/index.js', 'dependency\n');
      file('services/kit/node_modules/x/index.js', 'dependency\n');
      const pack = (): Buffer => {
        // The step's scratch file in this test's folder, not the machine's /tmp.
        const step = packing!.args.replaceAll('/tmp/', `${root}/`);
        // As Docker runs a RUN: /bin/sh -c.
        execFileSync('sh', ['-c', step], { cwd: app });
        return readFileSync(path.join(app, IMAGE_SOURCE_ARCHIVE));
      };
      const first = pack();
      rmSync(path.join(app, IMAGE_SOURCE_ARCHIVE));
      // Other times and owners on disk; the same archive.
      execFileSync('touch', ['-d', '2001-02-03', path.join(app, 'package.json')]);
      expect(pack()).toEqual(first);
      const paths = execFileSync('tar', ['-tzf', '-'], { input: first, encoding: 'utf8' }).trim().split('\n');
      expect(paths.filter((p) => !p.endsWith('/')).sort()).toEqual([
        'chatexhibit/package.json',
        'chatexhibit/services/kit/src/index.ts',
        `chatexhibit/${SOURCE_STAMP_FILE}`,
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
