/** What the notification service needs beyond the platform's adapters. */
export interface NotificationSettings {
  /** The mailbox contact-form messages are delivered to, and buyers are pointed at. */
  supportEmail: string;
  /** Where browsers reach the gateway: the download links in mails are absolute URLs on it. */
  publicUrl: string;
  /** The HMAC key the gateway checks download links with. */
  linkSigningSecret: string;
}

export const NOTIFICATION_SETTINGS = 'NOTIFICATION_SETTINGS';
