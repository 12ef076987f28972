import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimitStore } from '@chatexhibit/kit/rate-limit/rate-limit-store';
import { Sealer, uuidBytes, uuidOf } from '@chatexhibit/kit/links/sealer';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';

/** Long enough for a browser to open the new tab; a code in a history or a log is dead by then. */
export const DOWNLOAD_CODE_VALIDITY_MS = 60_000;
const ID_BYTES = 16;
const EXPIRY_BYTES = 8;

/**
 * One-time codes that stand in for an export id in the Download Evidence Package button's
 * address (`/api/whatsapp/evidence-zip/{code}`), which the browser's download history keeps: the
 * id and an expiry sealed with their own key. That a code was used is counted in the store every
 * gateway replica shares (the rate limits'), so it opens the package once, on any replica.
 */
@Injectable()
export class DownloadCodes {
  private readonly sealer: Sealer;

  constructor(
    @Inject(GATEWAY_SETTINGS) settings: Pick<GatewaySettings, 'linkSigningSecret'>,
    private readonly uses: RateLimitStore,
  ) {
    this.sealer = new Sealer(settings.linkSigningSecret, 'chatexhibit download code');
  }

  issue(exportId: string, now = Date.now()): { code: string; expiresAt: string } {
    const expiresAt = now + DOWNLOAD_CODE_VALIDITY_MS;
    const expiry = Buffer.alloc(EXPIRY_BYTES);
    expiry.writeBigUInt64BE(BigInt(expiresAt));
    return {
      code: this.sealer.seal(Buffer.concat([uuidBytes(exportId), expiry])),
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  /** The export a code opens, the first time it is redeemed before its expiry; null otherwise. */
  async redeem(code: string, now = Date.now()): Promise<string | null> {
    const bytes = this.sealer.open(code, ID_BYTES + EXPIRY_BYTES);
    if (!bytes || Number(bytes.readBigUInt64BE(ID_BYTES)) < now) return null;
    const key = `download-code:${createHash('sha256').update(code).digest('hex')}`;
    const { totalHits } = await this.uses.increment(key, DOWNLOAD_CODE_VALIDITY_MS, 1, 0);
    return totalHits === 1 ? uuidOf(bytes.subarray(0, ID_BYTES)) : null;
  }
}
