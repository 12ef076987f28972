import { z } from 'zod';

/**
 * Which source code a build of ChatExhibit was made from. `npm run build` records it, so that a
 * package names the code that made it and that code can be obtained: "ChatExhibit 0.1.0" alone
 * spans hundreds of commits.
 */

/** The file `npm run build` writes at the repository's root; the processes read it at start. */
export const SOURCE_STAMP_FILE = 'source-revision.json';

/**
 * The source archive a container image carries at its app folder's root, made when the image is
 * built (the image has no `.git` to make one from).
 */
export const IMAGE_SOURCE_ARCHIVE = 'source.tar.gz';

/** The environment variable that names the revision instead of git (the image's build arg too). */
export const SOURCE_COMMIT_VARIABLE = 'SOURCE_COMMIT';

/** A git commit id: SHA-1, or SHA-256 in a repository that uses it. */
const CommitIdSchema = z.string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/);

/**
 * The revision: the commit, and whether the working tree had changes that were not committed
 * (then the build's code is not exactly that commit's).
 */
export const SourceRevisionSchema = z.object({ commit: CommitIdSchema, dirty: z.boolean() });
export type SourceRevision = z.infer<typeof SourceRevisionSchema>;

/**
 * What `SOURCE_COMMIT` is written as: a commit id, with `-dirty` after it for a tree with changes
 * not committed (as `git describe --dirty` writes it); null for anything else.
 */
export function parseSourceCommit(value: string): SourceRevision | null {
  const match = /^([0-9a-f]+)(-dirty)?$/.exec(value.trim());
  const parsed =
    match === null
      ? null
      : SourceRevisionSchema.safeParse({ commit: match[1], dirty: match[2] !== undefined });
  return parsed?.success ? parsed.data : null;
}

/** The revision in a sentence's words: the commit, and "with changes not committed" when dirty. */
export const sourceRevisionText = (revision: SourceRevision | null): string =>
  revision === null
    ? 'not recorded (built without git and without SOURCE_COMMIT)'
    : `${revision.commit}${revision.dirty ? ' with changes not committed' : ''}`;

/** Said with the source archive of a build whose tree had changes not committed. */
export const SOURCE_ARCHIVE_OF_DIRTY_BUILD =
  'this build was made from a tree with changes not committed; the archive holds its commit without them.';

/** The folder every path of a source archive starts with, and its file name: `chatexhibit-<commit>`. */
export const sourceArchiveName = (revision: SourceRevision | null): string =>
  `chatexhibit-${revision === null ? 'unknown-revision' : revision.commit.slice(0, 12)}`;
