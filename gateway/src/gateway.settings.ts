/** What the gateway needs beyond the platform's adapters. */
export interface GatewaySettings {
  /** HMAC key of download links. */
  linkSigningSecret: string;
  /** Bearer token of support's routes (`npm run support`); null: they do not exist. */
  supportToken: string | null;
  /** SUPPORT_EMAIL, shown on the site; null when the gateway is not given it (distributed mode). */
  supportEmail: string | null;
}

export const GATEWAY_SETTINGS = 'GATEWAY_SETTINGS';
