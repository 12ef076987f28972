import { type DynamicModule, Module } from '@nestjs/common';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import {
  BundleEntity,
  CheckoutSessionEntity,
  DecisionEntity,
  LocalStripeObjectEntity,
  RetentionEntity,
} from './bundles/bundle.entities';
import { BundleRepository } from './bundles/bundle.repository';
import { LocalStripeObjectRepository } from './bundles/local-stripe-object.repository';
import { CreateBundles1763800300000 } from './database/migrations/1763800300000-create-bundles';
import { AddCheckout1764100000000 } from './database/migrations/1764100000000-add-checkout';
import { AddSessionRefunds1764200000000 } from './database/migrations/1764200000000-add-session-refunds';
import { AddExportReferences1764300000000 } from './database/migrations/1764300000000-add-export-references';
import { PAYMENT_SETTINGS, type PaymentSettings } from './payment.settings';
import { PaymentRequestHandlers } from './payment.request-handlers';
import { StripeAccount } from './stripe/stripe-account';
import { CheckExportAccessUseCase } from './use-cases/check-export-access/check-export-access.use-case';
import { CreateCheckoutUseCase } from './use-cases/create-checkout/create-checkout.use-case';
import { DeleteExportUseCase } from './use-cases/delete-export/delete-export.use-case';
import { ExpireExportUseCase } from './use-cases/expire-export/expire-export.use-case';
import { DecideEntitlementJobHandler } from './use-cases/decide-entitlement/decide-entitlement.job-handler';
import { DecideEntitlementUseCase } from './use-cases/decide-entitlement/decide-entitlement.use-case';
import { GetPaymentStatusUseCase } from './use-cases/get-payment-status/get-payment-status.use-case';
import { ReceiveStripeWebhookUseCase } from './use-cases/receive-stripe-webhook/receive-stripe-webhook.use-case';
import { RepairPaymentUseCase } from './use-cases/repair-payment/repair-payment.use-case';
import { SyncCheckoutSessionJobHandler } from './use-cases/sync-checkout-session/sync-checkout-session.job-handler';
import { SyncCheckoutSessionUseCase } from './use-cases/sync-checkout-session/sync-checkout-session.use-case';
import { TestCheckoutUseCase } from './use-cases/test-checkout/test-checkout.use-case';
import { RetainExportJobHandler } from './use-cases/retain-export/retain-export.job-handler';
import { RetainExportUseCase } from './use-cases/retain-export/retain-export.use-case';
import { SupportBundlesUseCase } from './use-cases/support/support-bundles.use-case';
import { RetentionSweeper } from './use-cases/sweep-retention/retention-sweeper';
import { SweepRetentionUseCase } from './use-cases/sweep-retention/sweep-retention.use-case';

const part = ServicePartModule.forPart('payment', {
  entities: [DecisionEntity, BundleEntity, CheckoutSessionEntity, RetentionEntity, LocalStripeObjectEntity],
  migrations: [
    CreateBundles1763800300000,
    AddCheckout1764100000000,
    AddSessionRefunds1764200000000,
    AddExportReferences1764300000000,
  ],
});

/**
 * The payment service: the free-tier decision, bundles, who may read an export's results,
 * buying a bundle through Stripe Checkout (or the local test checkout without keys), and how
 * long each export is kept.
 */
@Module({})
export class PaymentModule {
  static forRoot(settings: PaymentSettings): DynamicModule {
    return {
      module: PaymentModule,
      imports: [part],
      providers: [
        { provide: PAYMENT_SETTINGS, useValue: settings },
        BundleRepository,
        LocalStripeObjectRepository,
        {
          provide: StripeAccount,
          inject: [LocalStripeObjectRepository],
          useFactory: (store: LocalStripeObjectRepository) => StripeAccount.open(settings, store),
        },
        DecideEntitlementUseCase,
        DecideEntitlementJobHandler,
        CheckExportAccessUseCase,
        CreateCheckoutUseCase,
        ReceiveStripeWebhookUseCase,
        SyncCheckoutSessionUseCase,
        SyncCheckoutSessionJobHandler,
        GetPaymentStatusUseCase,
        RepairPaymentUseCase,
        TestCheckoutUseCase,
        RetainExportUseCase,
        RetainExportJobHandler,
        ExpireExportUseCase,
        DeleteExportUseCase,
        SweepRetentionUseCase,
        RetentionSweeper,
        SupportBundlesUseCase,
        PaymentRequestHandlers,
      ],
      exports: [part],
    };
  }
}
