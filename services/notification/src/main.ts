import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { NotificationModule } from './notification.module';

// loadPartConfig requires SMTP_URL, MAIL_FROM and SUPPORT_EMAIL of notification.
void runService('notification', (config) =>
  NotificationModule.forRoot({ supportEmail: config.mail!.supportEmail }),
);
