import { createHash } from 'node:crypto';

/** Crockford's base32: digits and capitals without I, L, O and U, which read as other characters. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Fixes what the digest is of, so that no other SHA-256 of an export id gives the same reference. */
const LABEL = 'chatexhibit export reference\n';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** What an export reference looks like: CE-XXXX-XXXX-XXXX. */
export const EXPORT_REFERENCE_PATTERN =
  /^CE-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * The name documents, mails and logs give an export instead of its id: 60 bits of a SHA-256 of
 * the id, in Crockford base32 as CE-XXXX-XXXX-XXXX. It is one-way and opens nothing, so it may
 * be printed in a court filing; whoever holds the id (the uploader, support) can work it out.
 */
export function exportReference(exportId: string): string {
  const digest = createHash('sha256')
    .update(LABEL + exportId, 'utf8')
    .digest();
  // 12 characters of 5 bits: the first 60 bits of the digest.
  let bits = digest.readBigUInt64BE(0) >> 4n;
  const characters: string[] = [];
  for (let i = 0; i < GROUPS * GROUP_LENGTH; i += 1) {
    characters.unshift(CROCKFORD[Number(bits & 31n)]!);
    bits >>= 5n;
  }
  const groups = Array.from({ length: GROUPS }, (_, g) =>
    characters.slice(g * GROUP_LENGTH, (g + 1) * GROUP_LENGTH).join(''),
  );
  return `CE-${groups.join('-')}`;
}
