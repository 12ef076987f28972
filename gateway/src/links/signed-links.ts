import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_LINK_VALIDITY_DAYS } from '@chatexhibit/proto/constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * HMAC-signed, expiring links to an export's files: `<path>?expires=<unix s>&signature=<hex>`.
 * Ids are unguessable, but a link is what grants access: one that is altered or past its date
 * is refused.
 */
export class SignedLinks {
  constructor(private readonly secret: string) {}

  sign(pathname: string, now = Date.now(), validityMs = DOWNLOAD_LINK_VALIDITY_DAYS * DAY_MS): string {
    const expires = Math.floor((now + validityMs) / 1000);
    return `${pathname}?expires=${expires}&signature=${this.signature(pathname, expires)}`;
  }

  /** 'valid', or why not. */
  verify(
    pathname: string,
    expires: string | undefined,
    signature: string | undefined,
    now = Date.now(),
  ): 'valid' | 'tampered' | 'expired' {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature))
      return 'tampered';
    const expected = Buffer.from(this.signature(pathname, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'tampered';
    return Number(expires) * 1000 < now ? 'expired' : 'valid';
  }

  private signature(pathname: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${pathname}\n${expires}`).digest('hex');
  }
}
