import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { PaymentModule } from './payment.module';

// loadPartConfig reads PUBLIC_URL, the Stripe variables, the sweep interval and SUPPORT_TOKEN of payment.
void runService('payment', (config) =>
  PaymentModule.forRoot({
    publicUrl: config.publicUrl!,
    stripe: config.stripe ?? null,
    retentionSweepIntervalMs: config.retentionSweepIntervalMs!,
    supportToken: config.supportToken ?? null,
  }),
);
