import { cp, mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './child-process';

/**
 * Another build of the repository's compiled servers and CLIs, in `dir`: each backend workspace's
 * package.json and dist/ copied, every dependency linked to the repository's own, and the
 * workspaces' links pointing into the copy. Code run from it reads the copy's own source stamp
 * (written at the copy's root by its own `services/kit/dist/cli/stamp-source-cli.js`), so a test
 * can stamp two builds without touching the repository's.
 */
export async function copyBuild(dir: string): Promise<void> {
  const { workspaces } = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  await cp(path.join(REPO_ROOT, 'package.json'), path.join(dir, 'package.json'));
  // The web app's bundle is not run by any CLI; its dependencies are its own.
  for (const workspace of workspaces.filter((w) => w !== 'frontend')) {
    const source = path.join(REPO_ROOT, workspace);
    const target = path.join(dir, workspace);
    await mkdir(target, { recursive: true });
    await cp(path.join(source, 'package.json'), path.join(target, 'package.json'));
    await cp(path.join(source, 'dist'), path.join(target, 'dist'), { recursive: true });
    if (existsSync(path.join(source, 'node_modules'))) {
      await symlink(path.join(source, 'node_modules'), path.join(target, 'node_modules'));
    }
  }
  const modules = path.join(dir, 'node_modules');
  await mkdir(path.join(modules, '@chatexhibit'), { recursive: true });
  for (const name of await readdir(path.join(REPO_ROOT, 'node_modules'))) {
    if (name === '@chatexhibit') continue;
    await symlink(path.join(REPO_ROOT, 'node_modules', name), path.join(modules, name));
  }
  for (const workspace of workspaces.filter((w) => w !== 'frontend')) {
    await symlink(path.join(dir, workspace), path.join(modules, '@chatexhibit', path.basename(workspace)));
  }
}
