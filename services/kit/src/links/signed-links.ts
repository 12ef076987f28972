import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_LINK_VALIDITY_DAYS } from '@chatexhibit/proto/constants';
import { type DownloadPaths, downloadPaths } from '@chatexhibit/proto/download-paths';
import { SignedLinkQuerySchema } from '@chatexhibit/proto/http-api';
import { Sealer, uuidBytes, uuidOf } from './sealer';

const VALIDITY_MS = DOWNLOAD_LINK_VALIDITY_DAYS * 24 * 60 * 60 * 1000;

/** Sets the token key apart from the HMAC key, though both come from the one secret. */
const TOKEN_KEY_INFO = 'chatexhibit download link token';
/** Bound into every token: a ciphertext made for anything else does not open as one. */
const TOKEN_AAD = 'chatexhibit export id';
const ID_BYTES = 16;

/**
 * HMAC-signed, expiring links to an export's files: `<path>?expires=<unix s>&signature=<hex>`.
 * Ids are unguessable, but a link is what grants access: one that is altered or past its date
 * is refused. The path names the export by a sealed token (its id under AES-256-GCM), so a link
 * passed on gives away nothing that opens the unsigned routes, which take the id itself.
 */
export class SignedLinks {
  private readonly tokens: Sealer;

  constructor(private readonly secret: string) {
    this.tokens = new Sealer(secret, TOKEN_KEY_INFO, TOKEN_AAD);
  }

  sign(pathname: string, now = Date.now(), validityMs = VALIDITY_MS): string {
    return `${pathname}?${this.signedFields(pathname, now, validityMs)}`;
  }

  /**
   * A link to mail: the expiry and signature in the URL's fragment, which browsers never send, so
   * no server, proxy or log on the way sees them; the gateway's page at the path posts them.
   */
  signForMail(pathname: string, now = Date.now()): string {
    return `${pathname}#${this.signedFields(pathname, now, VALIDITY_MS)}`;
  }

  private signedFields(pathname: string, now: number, validityMs: number): string {
    const expires = Math.floor(this.expiresAt(now, validityMs) / 1000);
    return `expires=${expires}&signature=${this.signature(pathname, expires)}`;
  }

  /** When a link signed at `now` expires (ms since the epoch, whole seconds). */
  expiresAt(now = Date.now(), validityMs = VALIDITY_MS): number {
    return Math.floor((now + validityMs) / 1000) * 1000;
  }

  /** 'valid', or why not. */
  verify(
    pathname: string,
    expires: string | undefined,
    signature: string | undefined,
    now = Date.now(),
  ): 'valid' | 'tampered' | 'expired' {
    const query = SignedLinkQuerySchema.safeParse({ expires, signature });
    if (!query.success) return 'tampered';
    const expiresAt = Number(query.data.expires);
    const expected = Buffer.from(this.signature(pathname, expiresAt), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(query.data.signature, 'hex'))) return 'tampered';
    return expiresAt * 1000 < now ? 'expired' : 'valid';
  }

  /** The download paths of an export (to be signed), naming it by a freshly sealed token. */
  pathsOf(exportId: string): DownloadPaths {
    return downloadPaths(this.seal(exportId));
  }

  /** The export id (a UUID) encrypted and authenticated, base64url: 59 characters that open nothing. */
  seal(exportId: string): string {
    return this.tokens.seal(uuidBytes(exportId));
  }

  /** The export id a token was sealed from; null for anything this key did not seal. */
  unseal(token: string): string | null {
    const bytes = this.tokens.open(token, ID_BYTES);
    return bytes && uuidOf(bytes);
  }

  private signature(pathname: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${pathname}\n${expires}`).digest('hex');
  }
}
