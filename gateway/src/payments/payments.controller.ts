import { Controller, NotFoundException, UseGuards } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { BundleIdSchema, HTTP_API } from '@chatexhibit/proto/http-api';
import type {
  PaymentIntentRequest,
  PaymentIntentResponse,
  PaymentStatusResponse,
  RepairResponse,
} from '@chatexhibit/proto/payment';
import { Route, RouteForm, RouteParams } from '../http/http-route';
import { PaymentThrottlerGuard } from './payment-throttler.guard';
import { PaymentsService } from './payments.service';

/**
 * SPEC §7's payment calls: checkout for an unpaid bundle, the bundle's payment status, and
 * repair. Rate-limited per client address (the `payments` throttler).
 */
@Controller()
@UseGuards(PaymentThrottlerGuard)
@SkipThrottle({ uploads: true, contact: true, exhibits: true })
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Route(HTTP_API.createPaymentIntent)
  createPaymentIntent(
    @RouteForm(HTTP_API.createPaymentIntent) { bundleId, userEmail }: PaymentIntentRequest,
  ): Promise<PaymentIntentResponse> {
    // A bundle id that does not parse names no bundle, as in a path.
    const bundle = BundleIdSchema.safeParse(bundleId);
    if (!bundle.success) throw new NotFoundException(bundle.error.issues[0]?.message);
    return this.payments.checkout(bundle.data, userEmail);
  }

  @Route(HTTP_API.paymentStatus)
  status(@RouteParams(HTTP_API.paymentStatus) { bundleId }: BundleParams): Promise<PaymentStatusResponse> {
    return this.payments.status(bundleId);
  }

  @Route(HTTP_API.repairPayment)
  repair(@RouteParams(HTTP_API.repairPayment) { bundleId }: BundleParams): Promise<RepairResponse> {
    return this.payments.repair(bundleId);
  }
}

interface BundleParams {
  bundleId: string;
}
