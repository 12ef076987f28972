import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DOWNLOAD_LINK_VALIDITY_DAYS } from '@chatexhibit/proto/constants';

const VALIDITY_MS = DOWNLOAD_LINK_VALIDITY_DAYS * 24 * 60 * 60 * 1000;

/** The query a signed link carries: its expiry (unix seconds) and the HMAC-SHA256 in hex. */
export const SignedLinkQuerySchema = z.object({
  expires: z.string().regex(/^\d{1,12}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * HMAC-signed, expiring links to an export's files: `<path>?expires=<unix s>&signature=<hex>`.
 * Ids are unguessable, but a link is what grants access: one that is altered or past its date
 * is refused.
 */
export class SignedLinks {
  constructor(private readonly secret: string) {}

  sign(pathname: string, now = Date.now(), validityMs = VALIDITY_MS): string {
    const expires = Math.floor(this.expiresAt(now, validityMs) / 1000);
    return `${pathname}?expires=${expires}&signature=${this.signature(pathname, expires)}`;
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

  private signature(pathname: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${pathname}\n${expires}`).digest('hex');
  }
}
