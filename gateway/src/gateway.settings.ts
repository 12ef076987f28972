import type { UploadPace } from '@chatexhibit/proto/upload-refusals';

/** What the gateway needs beyond the platform's adapters. */
export interface GatewaySettings {
  /** HMAC key of download links. */
  linkSigningSecret: string;
  /** Bearer token of support's routes (`npm run support`); null: they do not exist. */
  supportToken: string | null;
  /** SUPPORT_EMAIL, shown on the site; null when the gateway is not given it (distributed mode). */
  supportEmail: string | null;
  /** The pace an upload's body is held to (UPLOAD_MIN_BYTES_PER_SECOND, UPLOAD_PACE_GRACE_SECONDS). */
  uploadPace: UploadPace;
  /** Uploads are refused while their spool folder's volume has less free space (bytes; 0: never). */
  minFreeDiskBytes: number;
  /** The bytes of uploads one client address's unbought exports may hold (UPLOAD_QUOTA_MB; 0: no quota). */
  uploadQuotaBytes: number;
  /** Uploads one client address may send in an hour (UPLOADS_PER_HOUR). */
  uploadsPerHour: number;
  /** INTERNAL_PORT: the one port of /metrics and the health endpoints; null: the public port's. */
  internalPort: number | null;
}

export const GATEWAY_SETTINGS = 'GATEWAY_SETTINGS';
