import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  parseSourceCommit,
  SOURCE_COMMIT_VARIABLE,
  SOURCE_STAMP_FILE,
  type SourceRevision,
  SourceRevisionSchema,
} from '@chatexhibit/proto/source-revision';

/** The repository's root (the image's /app): src/source and dist/source sit four levels below it. */
export const REPOSITORY_ROOT = path.join(__dirname, '..', '..', '..', '..');

/** A SOURCE_COMMIT that names no commit: the build stops rather than stamp it. */
export class SourceCommitError extends Error {}

/**
 * The revision a build is made from: `SOURCE_COMMIT` when set (so that two builds, one without
 * `.git` such as the image's, stamp the same value), otherwise git's HEAD and whether the tree has
 * changes not committed (untracked files count: a new source file is compiled too); null without either.
 */
export function currentSourceRevision(
  env: Readonly<Record<string, string | undefined>>,
  root: string = REPOSITORY_ROOT,
): SourceRevision | null {
  const given = env[SOURCE_COMMIT_VARIABLE];
  if (given !== undefined && given !== '') {
    const revision = parseSourceCommit(given);
    if (revision === null) {
      throw new SourceCommitError(
        `${SOURCE_COMMIT_VARIABLE} must be a git commit id (40 or 64 hex digits), optionally followed by -dirty, got "${given}".`,
      );
    }
    return revision;
  }
  if (!existsSync(path.join(root, '.git'))) return null;
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return {
    commit: git('rev-parse', '--verify', 'HEAD').trim(),
    dirty: git('status', '--porcelain').trim() !== '',
  };
}

/** Writes the stamp the processes read; what `npm run build` does after compiling. */
export function writeSourceStamp(revision: SourceRevision | null, root: string = REPOSITORY_ROOT): void {
  writeFileSync(path.join(root, SOURCE_STAMP_FILE), `${JSON.stringify(revision)}\n`);
}

/** The revision the build stamped; null when it had none to stamp or was not stamped (a test run from sources). */
export function readSourceRevision(root: string = REPOSITORY_ROOT): SourceRevision | null {
  const file = path.join(root, SOURCE_STAMP_FILE);
  if (!existsSync(file)) return null;
  return SourceRevisionSchema.nullable().parse(JSON.parse(readFileSync(file, 'utf8')));
}
