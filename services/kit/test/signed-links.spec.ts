import { SignedLinks } from '../src/links/signed-links';

const SECRET = 'k'.repeat(64);
const EXPORT_ID = '3f1c2a4e-9b7d-4e2f-8a6b-1c2d3e4f5a6b';

describe('signed links', () => {
  const links = new SignedLinks(SECRET);

  it('name the export by a token that unseals to its id, and carry the id nowhere', () => {
    const paths = links.pathsOf(EXPORT_ID);
    const token = paths.transcript.split('/')[3]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{59}$/);
    expect(links.unseal(token)).toBe(EXPORT_ID);
    for (const path of [paths.transcript, paths.evidenceZip, paths.audio('PTT-0001.opus')]) {
      const signed = links.sign(path);
      expect(signed).not.toContain(EXPORT_ID);
      expect(signed).not.toContain(EXPORT_ID.replace(/-/g, ''));
    }
    // A fresh token each time: two links of one export cannot be matched by their paths.
    expect(links.seal(EXPORT_ID)).not.toBe(token);
  });

  it('refuse a token another key sealed, one altered in any byte, and anything else', () => {
    const token = links.seal(EXPORT_ID);
    expect(new SignedLinks('y'.repeat(64)).unseal(token)).toBeNull();
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const altered = Buffer.from(bytes);
      altered[i]! ^= 1;
      expect(links.unseal(altered.toString('base64url'))).toBeNull();
    }
    for (const other of [EXPORT_ID, '', token.slice(1), `${token}A`, '..', token.replace(/.$/, '=')])
      expect(links.unseal(other)).toBeNull();
  });

  it('verify the signature over the path with the token and the expiry', () => {
    const now = Date.UTC(2026, 0, 1);
    const path = links.pathsOf(EXPORT_ID).transcript;
    const url = new URL(links.sign(path, now), 'https://x');
    const query = [url.searchParams.get('expires')!, url.searchParams.get('signature')!] as const;
    expect(links.verify(path, ...query, now)).toBe('valid');
    expect(links.verify(links.pathsOf(EXPORT_ID).transcript, ...query, now)).toBe('tampered');
    expect(links.verify(path, ...query, now + 91 * 86_400_000)).toBe('expired');
  });
});
