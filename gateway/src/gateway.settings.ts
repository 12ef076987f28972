/** What the gateway needs beyond the platform's adapters. */
export interface GatewaySettings {
  /** HMAC key of download links. */
  linkSigningSecret: string;
}

export const GATEWAY_SETTINGS = 'GATEWAY_SETTINGS';
