import { createHash } from 'node:crypto';
import { EXPORT_REFERENCE_PATTERN, exportReference } from '../src/export-reference';

const ID = '3f1c2a4e-9b7d-4e2f-8a6b-1c2d3e4f5a6b';

describe('exportReference', () => {
  it('is CE- and three groups of four Crockford base32 characters', () => {
    expect(exportReference(ID)).toMatch(EXPORT_REFERENCE_PATTERN);
    expect(exportReference(ID)).not.toMatch(/[ILOU]/);
  });

  it('is the first 60 bits of SHA-256 over the label and the id, and stays the same', () => {
    const digest = createHash('sha256').update(`chatexhibit export reference\n${ID}`).digest();
    const bits = digest.readBigUInt64BE(0) >> 4n;
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const expected = Array.from(
      { length: 12 },
      (_, i) => alphabet[Number((bits >> BigInt(55 - 5 * i)) & 31n)],
    ).join('');
    expect(exportReference(ID)).toBe(
      `CE-${expected.slice(0, 4)}-${expected.slice(4, 8)}-${expected.slice(8)}`,
    );
    // Printed in filed documents: the same id must give the same reference in every release.
    expect(exportReference(ID)).toBe('CE-FK9E-D9YK-P6G3');
  });

  it('differs from export to export', () => {
    const ids = Array.from(
      { length: 1000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const references = new Set(ids.map(exportReference));
    expect(references.size).toBe(ids.length);
    for (const reference of references) expect(reference).toMatch(EXPORT_REFERENCE_PATTERN);
  });
});
