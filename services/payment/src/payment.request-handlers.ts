import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { RequestContract } from '@chatexhibit/proto/contract';
import {
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
import type { z } from 'zod';
import { RequestBus, type RequestHandler } from '@chatexhibit/kit/bus/request-bus';
import { PAYMENT_SETTINGS, type PaymentSettings } from './payment.settings';
import { CompleteTestCheckoutUseCase } from './use-cases/complete-test-checkout/complete-test-checkout.use-case';
import { CreateCheckoutUseCase } from './use-cases/create-checkout/create-checkout.use-case';
import { GetPaymentStatusUseCase } from './use-cases/get-payment-status/get-payment-status.use-case';
import { ReceiveStripeWebhookUseCase } from './use-cases/receive-stripe-webhook/receive-stripe-webhook.use-case';
import { RepairPaymentUseCase } from './use-cases/repair-payment/repair-payment.use-case';
import { ExtendRetentionUseCase } from './use-cases/support/extend-retention/extend-retention.use-case';
import { FindBundlesUseCase } from './use-cases/support/find-bundles/find-bundles.use-case';
import { RefundBundleUseCase } from './use-cases/support/refund-bundle/refund-bundle.use-case';
import { ResendDownloadLinksUseCase } from './use-cases/support/resend-download-links/resend-download-links.use-case';
import { checkSupportToken, type SupportOperation } from './use-cases/support/support-token';
import { ViewTestCheckoutUseCase } from './use-cases/view-test-checkout/view-test-checkout.use-case';

/** The checkout half's queries on the bus, each answered by its use case. */
@Injectable()
export class PaymentRequestHandlers implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly createCheckout: CreateCheckoutUseCase,
    private readonly receiveStripeWebhook: ReceiveStripeWebhookUseCase,
    private readonly getPaymentStatus: GetPaymentStatusUseCase,
    private readonly repairPayment: RepairPaymentUseCase,
    private readonly viewTestCheckout: ViewTestCheckoutUseCase,
    private readonly completeTestCheckout: CompleteTestCheckoutUseCase,
    private readonly findBundles: FindBundlesUseCase,
    private readonly extendRetention: ExtendRetentionUseCase,
    private readonly resendDownloadLinks: ResendDownloadLinksUseCase,
    private readonly refundBundle: RefundBundleUseCase,
    @Inject(PAYMENT_SETTINGS) private readonly settings: Pick<PaymentSettings, 'supportToken'>,
  ) {}

  /** Answers one of support's operations: the request's support token is checked before it runs. */
  private handleSupport<C extends RequestContract<z.ZodObject<{ supportToken: z.ZodString }>>>(
    contract: C,
    handler: (request: SupportOperation<C>) => ReturnType<RequestHandler<C>>,
  ): void {
    this.requestBus.handle(contract, async ({ supportToken, ...request }) => {
      checkSupportToken(this.settings.supportToken, supportToken);
      return handler(request);
    });
  }

  onModuleInit(): void {
    const bus = this.requestBus;
    bus.handle(PAYMENT_CHECKOUT_REQUEST, (request) => this.createCheckout.execute(request));
    bus.handle(STRIPE_WEBHOOK_REQUEST, (request) => this.receiveStripeWebhook.execute(request));
    bus.handle(PAYMENT_STATUS_REQUEST, (request) => this.getPaymentStatus.execute(request));
    bus.handle(PAYMENT_REPAIR_REQUEST, (request) => this.repairPayment.execute(request));
    bus.handle(TEST_CHECKOUT_VIEW_REQUEST, (request) => this.viewTestCheckout.execute(request));
    bus.handle(TEST_CHECKOUT_COMPLETE_REQUEST, (request) => this.completeTestCheckout.execute(request));
    this.handleSupport(SUPPORT_STATUS_REQUEST, (request) => this.findBundles.execute(request));
    this.handleSupport(SUPPORT_EXTEND_REQUEST, (request) => this.extendRetention.execute(request));
    this.handleSupport(SUPPORT_RESEND_REQUEST, (request) => this.resendDownloadLinks.execute(request));
    this.handleSupport(SUPPORT_REFUND_REQUEST, (request) => this.refundBundle.execute(request));
  }
}
