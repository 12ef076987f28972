import { byteOrder } from './list-evidence-files';
import { assertSafePath } from './package-paths';

/**
 * SHA256SUMS in the format `sha256sum -c` and `shasum -a 256 -c` read: `<hash>  <path>` (two
 * spaces: text mode), paths relative to the unzipped folder, sorted by their UTF-8 bytes, LF line
 * endings. Paths with '\' or a newline (which sha256sum would escape) are refused.
 */
export function formatSha256Sums(entries: readonly { path: string; sha256: string }[]): Buffer {
  const seen = new Set<string>();
  const lines = [...entries]
    .sort((a, b) => byteOrder(a.path, b.path))
    .map(({ path, sha256 }) => {
      assertSafePath(path);
      if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a lower-case hex SHA-256 for ${path}`);
      if (seen.has(path)) throw new Error(`${path} is listed twice`);
      seen.add(path);
      return `${sha256}  ${path}\n`;
    });
  return Buffer.from(lines.join(''), 'utf8');
}
