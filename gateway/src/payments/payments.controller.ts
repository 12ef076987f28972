import { Controller, NotFoundException, Req, Res, UseGuards } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { BundleIdSchema, HTTP_API } from '@chatexhibit/proto/http-api';
import {
  PAYMENT_ERRORS,
  type PaymentIntentRequest,
  type PaymentIntentResponse,
  type PaymentStatusResponse,
  type RepairResponse,
} from '@chatexhibit/proto/payment';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import { ExportBinding } from '../access/export-binding';
import { Route, RouteForm, RouteParams } from '../http/http-route';
import { PaymentThrottlerGuard } from './payment-throttler.guard';
import { PaymentsService } from './payments.service';

/**
 * SPEC §7's payment calls: checkout for an unpaid bundle, the bundle's payment status, and
 * repair. Rate-limited per client address (the `payments` throttler). Each wants the cookie that
 * binds the bundle's export to the browser (the bundle id is in Stripe's return URL, which
 * proxies log); without it the bundle is answered as an unknown one.
 */
@Controller()
@UseGuards(PaymentThrottlerGuard)
@SkipThrottle({ uploads: true, contact: true, exhibits: true })
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly binding: ExportBinding,
  ) {}

  // Checkout sets the cookie again: its age starts over, to last the purchase's 90 days.
  @Route(HTTP_API.createPaymentIntent)
  async createPaymentIntent(
    @RouteForm(HTTP_API.createPaymentIntent) { bundleId, userEmail }: PaymentIntentRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PaymentIntentResponse> {
    // A bundle id that does not parse names no bundle, as in a path.
    const bundle = BundleIdSchema.safeParse(bundleId);
    if (!bundle.success) throw new NotFoundException(bundle.error.issues[0]?.message);
    const exportId = await this.payments.exportOf(bundle.data);
    this.assertOwner(request, exportId);
    const checkout = await this.payments.checkout(bundle.data, userEmail);
    this.binding.bind(request, response, exportId);
    return checkout;
  }

  @Route(HTTP_API.paymentStatus)
  status(
    @RouteParams(HTTP_API.paymentStatus) { bundleId }: BundleParams,
    @Req() request: Request,
  ): Promise<PaymentStatusResponse> {
    return this.payments.status(bundleId, (exportId) => this.assertOwner(request, exportId));
  }

  @Route(HTTP_API.repairPayment)
  async repair(
    @RouteParams(HTTP_API.repairPayment) { bundleId }: BundleParams,
    @Req() request: Request,
  ): Promise<RepairResponse> {
    this.assertOwner(request, await this.payments.exportOf(bundleId));
    return this.payments.repair(bundleId);
  }

  /** An unbound bundle gets the very answer of an unknown one. */
  private assertOwner(request: Request, exportId: string): void {
    if (!this.binding.isBound(request, exportId)) throw BusError.of(PAYMENT_ERRORS, 'BUNDLE_NOT_FOUND');
  }
}

interface BundleParams {
  bundleId: string;
}
