import { type DynamicModule, Module } from '@nestjs/common';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import { BundleRepository } from './bundles/bundle.repository';
import { PAYMENT_TABLES } from './database/payment-tables';
import { PAYMENT_SETTINGS, type PaymentSettings } from './payment.settings';
import { LocalStripeObjectRepository } from './stripe/local-stripe/local-stripe-object.repository';
import { StripeAccount } from './stripe/stripe-account';

const part = ServicePartModule.forPart('payment', PAYMENT_TABLES);

/**
 * What the checkout and retention halves of the payment service share: its schema, settings,
 * the bundles (decisions, bundles, checkout sessions) and the Stripe account they are bought
 * through. Made once per service and imported by both halves.
 */
@Module({})
export class PaymentCoreModule {
  static forRoot(settings: PaymentSettings): DynamicModule {
    return {
      module: PaymentCoreModule,
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
      ],
      exports: [part, PAYMENT_SETTINGS, BundleRepository, LocalStripeObjectRepository, StripeAccount],
    };
  }
}
