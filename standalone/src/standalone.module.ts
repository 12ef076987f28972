import { type DynamicModule, Module } from '@nestjs/common';
import { GatewayModule } from '@chatexhibit/gateway/gateway.module';
import type { GatewaySettings } from '@chatexhibit/gateway/gateway.settings';
import { IngestModule } from '@chatexhibit/ingest/ingest.module';
import { MediaModule } from '@chatexhibit/media/media.module';
import { NotificationModule } from '@chatexhibit/notification/notification.module';
import type { NotificationSettings } from '@chatexhibit/notification/notification.settings';
import type { PaymentSettings } from '@chatexhibit/payment/payment.settings';
import { ParseModule } from '@chatexhibit/parse/parse.module';
import { PaymentModule } from '@chatexhibit/payment/payment.module';
import { PdfModule } from '@chatexhibit/pdf/pdf.module';
import type { PdfSettings } from '@chatexhibit/pdf/pdf.settings';

/** Gateway and all six services in one process, talking over the in-process bus. */
@Module({})
export class StandaloneModule {
  static forRoot(settings: {
    gateway: GatewaySettings;
    pdf: PdfSettings;
    payment: PaymentSettings;
    notification: NotificationSettings;
  }): DynamicModule {
    return {
      module: StandaloneModule,
      imports: [
        GatewayModule.forRoot(settings.gateway),
        IngestModule,
        ParseModule,
        MediaModule,
        PdfModule.forRoot(settings.pdf),
        PaymentModule.forRoot(settings.payment),
        NotificationModule.forRoot(settings.notification),
      ],
    };
  }
}
