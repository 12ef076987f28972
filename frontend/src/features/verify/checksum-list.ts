import { EvidenceManifestSchema, PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';

/** A file a checksum list names, with the SHA-256 it records (lower-case hex). */
export interface ListedFile {
  path: string;
  sha256: string;
}

/** What a package's SHA256SUMS or manifest.json says its files are. */
export interface ChecksumList {
  name: typeof PACKAGE_PATHS.checksums | typeof PACKAGE_PATHS.manifest;
  files: ListedFile[];
  /** manifest.json only: the uploaded chat export's SHA-256, as the transcript's cover prints it. */
  uploadSha256: string | null;
}

/** A list the page cannot read: its sentence is shown as it is. */
export class ChecksumListError extends Error {}

/** The names a checksum list goes by, in the order one is preferred over the other. */
export const CHECKSUM_LIST_NAMES: readonly string[] = [PACKAGE_PATHS.checksums, PACKAGE_PATHS.manifest];

/**
 * SHA256SUMS as `sha256sum` writes it: `<hash>  <path>` (text mode) or `<hash> *<path>` (binary),
 * one line a file. Any other line makes the list unreadable: a list that half parses would let
 * files pass unchecked.
 */
function parseSha256Sums(text: string): ListedFile[] {
  const files: ListedFile[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line === '' && index === lines.length - 1) continue;
    const match = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line.replace(/\r$/, ''));
    if (!match)
      throw new ChecksumListError(
        `Line ${index + 1} of ${PACKAGE_PATHS.checksums} is not a hash value followed by a file name.`,
      );
    files.push({ sha256: match[1]!.toLowerCase(), path: match[2]! });
  }
  if (files.length === 0) throw new ChecksumListError(`${PACKAGE_PATHS.checksums} lists no files.`);
  return files;
}

function parseManifest(text: string): ChecksumList {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ChecksumListError(`${PACKAGE_PATHS.manifest} is not valid JSON.`);
  }
  const manifest = EvidenceManifestSchema.safeParse(json);
  if (!manifest.success)
    throw new ChecksumListError(`${PACKAGE_PATHS.manifest} is not a ChatExhibit evidence manifest.`);
  return {
    name: PACKAGE_PATHS.manifest,
    files: manifest.data.files.map(({ path, sha256 }) => ({ path, sha256 })),
    uploadSha256: manifest.data.export.sha256,
  };
}

/** Reads the list called `name` (one of CHECKSUM_LIST_NAMES). */
export function parseChecksumList(name: string, text: string): ChecksumList {
  if (name === PACKAGE_PATHS.manifest) return parseManifest(text);
  return { name: PACKAGE_PATHS.checksums, files: parseSha256Sums(text), uploadSha256: null };
}
