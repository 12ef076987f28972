import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { NotificationModule } from './notification.module';

// loadPartConfig requires SMTP_URL, MAIL_FROM, SUPPORT_EMAIL and LINK_SIGNING_SECRET of notification.
void runService('notification', (config) =>
  NotificationModule.forRoot({
    supportEmail: config.mail!.supportEmail,
    publicUrl: config.publicUrl!,
    linkSigningSecret: config.linkSigningSecret!,
  }),
);
