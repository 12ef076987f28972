import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { PaymentModule } from './payment.module';

// loadPartConfig reads PUBLIC_URL and the Stripe variables of payment.
void runService('payment', (config) =>
  PaymentModule.forRoot({ publicUrl: config.publicUrl!, stripe: config.stripe ?? null }),
);
