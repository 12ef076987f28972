import { type DynamicModule, Module } from '@nestjs/common';
import { exportExpiryProviders } from '@chatexhibit/kit/retention/export-expiry';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import { ContactMessageEntity } from './contact-messages/contact-message.entity';
import { ContactMessageRepository } from './contact-messages/contact-message.repository';
import { CreateContactMessages1763900000000 } from './database/migrations/1763900000000-create-contact-messages';
import { CreateSentMails1764100100000 } from './database/migrations/1764100100000-create-sent-mails';
import { AddSentMailExport1764200100000 } from './database/migrations/1764200100000-add-sent-mail-export';
import { AddContactConfirmationMail1764300100000 } from './database/migrations/1764300100000-add-contact-confirmation-mail';
import { SentMailEntity } from './sent-mails/sent-mail.entity';
import { SentMailRepository } from './sent-mails/sent-mail.repository';
import { NOTIFICATION_SETTINGS, type NotificationSettings } from './notification.settings';
import { ReceiveContactMessageJobHandler } from './use-cases/receive-contact-message/receive-contact-message.job-handler';
import { ReceiveContactMessageUseCase } from './use-cases/receive-contact-message/receive-contact-message.use-case';
import { ForgetContactMessagesJobHandler } from './use-cases/forget-contact-messages/forget-contact-messages.job-handler';
import { ForgetContactMessagesUseCase } from './use-cases/forget-contact-messages/forget-contact-messages.use-case';
import { SendMailJobHandler } from './use-cases/send-mail/send-mail.job-handler';
import { SendMailUseCase } from './use-cases/send-mail/send-mail.use-case';

const part = ServicePartModule.forPart('notification', {
  entities: [ContactMessageEntity, SentMailEntity],
  migrations: [
    CreateContactMessages1763900000000,
    CreateSentMails1764100100000,
    AddSentMailExport1764200100000,
    AddContactConfirmationMail1764300100000,
  ],
});

/** The notification service: buyers' download links and contact-form messages, mailed until sent. */
@Module({})
export class NotificationModule {
  static forRoot(settings: NotificationSettings): DynamicModule {
    return {
      module: NotificationModule,
      imports: [part],
      providers: [
        { provide: NOTIFICATION_SETTINGS, useValue: settings },
        ContactMessageRepository,
        SentMailRepository,
        ReceiveContactMessageUseCase,
        ReceiveContactMessageJobHandler,
        SendMailUseCase,
        SendMailJobHandler,
        ForgetContactMessagesUseCase,
        ForgetContactMessagesJobHandler,
        ...exportExpiryProviders('notification', SentMailRepository, { storage: false }),
      ],
      exports: [part],
    };
  }
}
