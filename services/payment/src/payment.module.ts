import { type DynamicModule, Module } from '@nestjs/common';
import { CheckoutSessionSync } from './bundles/checkout-session-sync';
import { LiveBundles } from './bundles/live-bundles';
import { PaymentCoreModule } from './payment-core.module';
import type { PaymentSettings } from './payment.settings';
import { PaymentRequestHandlers } from './payment.request-handlers';
import { RetentionModule } from './retention/retention.module';
import { TestCheckout } from './stripe/test-checkout';
import { CompleteTestCheckoutUseCase } from './use-cases/complete-test-checkout/complete-test-checkout.use-case';
import { CreateCheckoutUseCase } from './use-cases/create-checkout/create-checkout.use-case';
import { DecideEntitlementJobHandler } from './use-cases/decide-entitlement/decide-entitlement.job-handler';
import { DecideEntitlementUseCase } from './use-cases/decide-entitlement/decide-entitlement.use-case';
import { GetPaymentStatusUseCase } from './use-cases/get-payment-status/get-payment-status.use-case';
import { ReceiveStripeWebhookUseCase } from './use-cases/receive-stripe-webhook/receive-stripe-webhook.use-case';
import { RepairPaymentUseCase } from './use-cases/repair-payment/repair-payment.use-case';
import { ExtendRetentionUseCase } from './use-cases/support/extend-retention/extend-retention.use-case';
import { FindBundlesUseCase } from './use-cases/support/find-bundles/find-bundles.use-case';
import { RefundBundleUseCase } from './use-cases/support/refund-bundle/refund-bundle.use-case';
import { ResendDownloadLinksUseCase } from './use-cases/support/resend-download-links/resend-download-links.use-case';
import { SyncCheckoutSessionJobHandler } from './use-cases/sync-checkout-session/sync-checkout-session.job-handler';
import { SyncCheckoutSessionUseCase } from './use-cases/sync-checkout-session/sync-checkout-session.use-case';
import { ViewTestCheckoutUseCase } from './use-cases/view-test-checkout/view-test-checkout.use-case';

/**
 * The payment service: the free-tier decision, bundles, buying a bundle through Stripe Checkout
 * (or the local test checkout without keys) and support's operations; the export lifecycle (how
 * long each export is kept, deletion, who may read it) is its RetentionModule.
 */
@Module({})
export class PaymentModule {
  static forRoot(settings: PaymentSettings): DynamicModule {
    const core = PaymentCoreModule.forRoot(settings);
    return {
      module: PaymentModule,
      imports: [core, RetentionModule.forRoot(core)],
      providers: [
        LiveBundles,
        CheckoutSessionSync,
        TestCheckout,
        DecideEntitlementUseCase,
        DecideEntitlementJobHandler,
        CreateCheckoutUseCase,
        ReceiveStripeWebhookUseCase,
        SyncCheckoutSessionUseCase,
        SyncCheckoutSessionJobHandler,
        GetPaymentStatusUseCase,
        RepairPaymentUseCase,
        ViewTestCheckoutUseCase,
        CompleteTestCheckoutUseCase,
        FindBundlesUseCase,
        ExtendRetentionUseCase,
        ResendDownloadLinksUseCase,
        RefundBundleUseCase,
        PaymentRequestHandlers,
      ],
      exports: [core],
    };
  }
}
