/** What the notification service needs beyond the platform's adapters. */
export interface NotificationSettings {
  /** The mailbox contact-form messages are delivered to. */
  supportEmail: string;
}

export const NOTIFICATION_SETTINGS = 'NOTIFICATION_SETTINGS';
