import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { LinkedDocument } from '@chatexhibit/proto/download-paths';
import { RateLimitStore } from '@chatexhibit/kit/rate-limit/rate-limit-store';
import { Sealer, uuidBytes, uuidOf } from '@chatexhibit/kit/links/sealer';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';

/** Long enough for a browser to open the new tab; a code in a history or a log is dead by then. */
export const DOWNLOAD_CODE_VALIDITY_MS = 60_000;
const ID_BYTES = 16;
const EXPIRY_BYTES = 8;
const HEAD_BYTES = ID_BYTES + EXPIRY_BYTES;
/** After the id and expiry: which document. None for the evidence package (the button's 70 characters). */
const KIND = { transcript: 1, exhibitFile: 2 } as const;

function documentBytes(document: LinkedDocument): Buffer {
  switch (document.kind) {
    case 'evidenceZip':
      return Buffer.alloc(0);
    case 'transcript':
      return Buffer.of(KIND.transcript);
    case 'exhibitFile':
      return Buffer.concat([
        Buffer.of(KIND.exhibitFile),
        uuidBytes(document.exhibitId),
        Buffer.from(document.fileName, 'utf8'),
      ]);
  }
}

function documentOf(bytes: Buffer): LinkedDocument | null {
  if (bytes.length === 0) return { kind: 'evidenceZip' };
  if (bytes.length === 1 && bytes[0] === KIND.transcript) return { kind: 'transcript' };
  if (bytes[0] === KIND.exhibitFile && bytes.length > 1 + ID_BYTES)
    return {
      kind: 'exhibitFile',
      exhibitId: uuidOf(bytes.subarray(1, 1 + ID_BYTES)),
      fileName: bytes.subarray(1 + ID_BYTES).toString('utf8'),
    };
  return null;
}

/**
 * One-time codes that stand in for an export id or a link in the addresses the web app opens
 * (`/api/whatsapp/evidence-zip/{code}`, `/api/files/{code}`), which histories keep and proxies
 * log: the id, an expiry and the document, sealed with their own key. That a code was used is
 * counted in the store every gateway replica shares (the rate limits'), so it opens once, on any
 * replica. Who redeems it must also hold the cookie that binds the export (the controller's check),
 * so a code dies with Forget this device.
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

  issue(
    exportId: string,
    document: LinkedDocument = { kind: 'evidenceZip' },
    now = Date.now(),
  ): { code: string; expiresAt: string } {
    const expiresAt = now + DOWNLOAD_CODE_VALIDITY_MS;
    const expiry = Buffer.alloc(EXPIRY_BYTES);
    expiry.writeBigUInt64BE(BigInt(expiresAt));
    return {
      code: this.sealer.seal(Buffer.concat([uuidBytes(exportId), expiry, documentBytes(document)])),
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  /** What a code names, if this server sealed it and it has not expired; null otherwise. Does not use it. */
  read(code: string, now = Date.now()): { exportId: string; document: LinkedDocument } | null {
    const bytes = this.sealer.open(code);
    if (!bytes || bytes.length < HEAD_BYTES || Number(bytes.readBigUInt64BE(ID_BYTES)) < now) return null;
    const document = documentOf(bytes.subarray(HEAD_BYTES));
    return document && { exportId: uuidOf(bytes.subarray(0, ID_BYTES)), document };
  }

  /** Uses a code: true the first time only. */
  async use(code: string): Promise<boolean> {
    const key = `download-code:${createHash('sha256').update(code).digest('hex')}`;
    const { totalHits } = await this.uses.increment(key, DOWNLOAD_CODE_VALIDITY_MS, 1, 0);
    return totalHits === 1;
  }
}
