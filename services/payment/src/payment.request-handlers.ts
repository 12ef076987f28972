import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  DELETE_EXPORT_REQUEST,
  EXPORT_ACCESS_REQUEST,
  PAYMENT_CHECKOUT_REQUEST,
  PAYMENT_REPAIR_REQUEST,
  PAYMENT_STATUS_REQUEST,
  STRIPE_WEBHOOK_REQUEST,
  SUPPORT_EXTEND_REQUEST,
  SUPPORT_REFUND_REQUEST,
  SUPPORT_RESEND_REQUEST,
  SUPPORT_STATUS_REQUEST,
  TEST_CHECKOUT_COMPLETE_REQUEST,
  TEST_CHECKOUT_VIEW_REQUEST,
} from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { CheckExportAccessUseCase } from './use-cases/check-export-access/check-export-access.use-case';
import { CreateCheckoutUseCase } from './use-cases/create-checkout/create-checkout.use-case';
import { DeleteExportUseCase } from './use-cases/delete-export/delete-export.use-case';
import { GetPaymentStatusUseCase } from './use-cases/get-payment-status/get-payment-status.use-case';
import { ReceiveStripeWebhookUseCase } from './use-cases/receive-stripe-webhook/receive-stripe-webhook.use-case';
import { RepairPaymentUseCase } from './use-cases/repair-payment/repair-payment.use-case';
import { SupportBundlesUseCase } from './use-cases/support/support-bundles.use-case';
import { TestCheckoutUseCase } from './use-cases/test-checkout/test-checkout.use-case';

/** The payment service's queries on the bus, each answered by its use case. */
@Injectable()
export class PaymentRequestHandlers implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly checkExportAccess: CheckExportAccessUseCase,
    private readonly createCheckout: CreateCheckoutUseCase,
    private readonly receiveStripeWebhook: ReceiveStripeWebhookUseCase,
    private readonly getPaymentStatus: GetPaymentStatusUseCase,
    private readonly repairPayment: RepairPaymentUseCase,
    private readonly testCheckout: TestCheckoutUseCase,
    private readonly support: SupportBundlesUseCase,
    private readonly deleteExport: DeleteExportUseCase,
  ) {}

  onModuleInit(): void {
    const bus = this.requestBus;
    bus.handle(EXPORT_ACCESS_REQUEST, (request) => this.checkExportAccess.execute(request));
    bus.handle(PAYMENT_CHECKOUT_REQUEST, (request) => this.createCheckout.execute(request));
    bus.handle(STRIPE_WEBHOOK_REQUEST, (request) => this.receiveStripeWebhook.execute(request));
    bus.handle(PAYMENT_STATUS_REQUEST, (request) => this.getPaymentStatus.execute(request));
    bus.handle(PAYMENT_REPAIR_REQUEST, (request) => this.repairPayment.execute(request));
    bus.handle(TEST_CHECKOUT_VIEW_REQUEST, (request) => this.testCheckout.view(request));
    bus.handle(TEST_CHECKOUT_COMPLETE_REQUEST, (request) => this.testCheckout.complete(request));
    bus.handle(SUPPORT_STATUS_REQUEST, (request) => this.support.status(request));
    bus.handle(SUPPORT_EXTEND_REQUEST, (request) => this.support.extend(request));
    bus.handle(SUPPORT_RESEND_REQUEST, (request) => this.support.resend(request));
    bus.handle(SUPPORT_REFUND_REQUEST, (request) => this.support.refund(request));
    bus.handle(DELETE_EXPORT_REQUEST, (request) => this.deleteExport.execute(request));
  }
}
