import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Bytes encrypted and authenticated with AES-256-GCM (random 96-bit IV) under a key derived with
 * HKDF from a server secret, as base64url. `purpose` sets the key apart and is bound in as
 * associated data, so what is sealed for one purpose never opens as another.
 */
export class Sealer {
  private readonly key: Buffer;
  private readonly aad: Buffer;

  constructor(secret: string, purpose: string, aad: string = purpose) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
    this.aad = Buffer.from(aad);
  }

  seal(plain: Buffer): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(this.aad);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  /** The bytes sealed into `token`; null for anything this sealer did not seal, or not of `length` bytes. */
  open(token: string, length?: number): Buffer | null {
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== token) return null;
    if (length !== undefined && bytes.length !== IV_BYTES + length + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES))
        .setAAD(this.aad)
        .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      return null;
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID's 16 bytes. */
export function uuidBytes(id: string): Buffer {
  if (!UUID.test(id)) throw new Error('not a UUID');
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

/** The UUID of 16 bytes, lower-case. */
export function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
