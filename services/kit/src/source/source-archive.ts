import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  IMAGE_SOURCE_ARCHIVE,
  SOURCE_STAMP_FILE,
  type SourceRevision,
  sourceArchiveName,
} from '@chatexhibit/proto/source-revision';
import { REPOSITORY_ROOT } from './source-revision';

const run = promisify(execFile);

/** The archive of a ChatExhibit source tree is a few megabytes; more is a repository gone wrong. */
const MAX_ARCHIVE_BYTES = 256 * 1024 * 1024;

/** Neither a repository to archive the revision from nor an archive made with the build: in words for the user. */
export class SourceArchiveUnavailableError extends Error {}

/** A source archive, and what it was made from. */
export interface SourceArchive {
  bytes: Buffer;
  /**
   * 'git': the stamped commit, so without the changes a dirty build had (its stamp says it had
   * some); 'image': the very sources the image compiled.
   */
  madeFrom: 'git' | 'image';
}

/**
 * The source code of the running build as a tar.gz. In a git checkout, `git archive` of the
 * stamped commit (its tracked files exactly, with the stamp added beside package.json); in the
 * container image, which has no `.git`, the archive its build made of the sources it compiled.
 */
export async function sourceArchive(
  revision: SourceRevision | null,
  root: string = REPOSITORY_ROOT,
): Promise<SourceArchive> {
  if (existsSync(path.join(root, '.git'))) {
    if (revision === null) {
      throw new SourceArchiveUnavailableError(
        'this build recorded no source revision (it was built before `npm run build` stamped one): build it again.',
      );
    }
    const folder = sourceArchiveName(revision);
    const { stdout } = await run(
      'git',
      [
        'archive',
        '--format=tar.gz',
        `--prefix=${folder}/`,
        `--add-virtual-file=${folder}/${SOURCE_STAMP_FILE}:${JSON.stringify(revision)}\n`,
        revision.commit,
      ],
      { cwd: root, encoding: 'buffer', maxBuffer: MAX_ARCHIVE_BYTES },
    ).catch((error: unknown) => {
      throw new SourceArchiveUnavailableError(
        `git cannot archive commit ${revision.commit} in ${root}: ${(error as Error).message.split('\n')[0]}`,
      );
    });
    return { bytes: stdout, madeFrom: 'git' };
  }
  const imageArchive = path.join(root, IMAGE_SOURCE_ARCHIVE);
  if (existsSync(imageArchive)) return { bytes: await readFile(imageArchive), madeFrom: 'image' };
  throw new SourceArchiveUnavailableError(
    `there is neither a git repository at ${root} nor the ${IMAGE_SOURCE_ARCHIVE} a container image is built with.`,
  );
}
