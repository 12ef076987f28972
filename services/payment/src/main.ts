import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { PaymentModule } from './payment.module';

void runService('payment', () => PaymentModule);
