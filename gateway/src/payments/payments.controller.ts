import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { z } from 'zod';
import {
  PAYMENT_MESSAGES,
  PaymentIntentRequestSchema,
  type PaymentIntentResponse,
  type PaymentStatusResponse,
  type RepairResponse,
} from '@chatexhibit/proto/payment';
import { parseForm } from '../http/parse-request';
import { PaymentThrottlerGuard } from './payment-throttler.guard';
import { PaymentsService } from './payments.service';

const BundleIdSchema = z.uuid();

/** A bundle id in a path or body that does not parse names no bundle: SPEC §5's 'No payment bundle found'. */
function bundleIdOr404(value: unknown): string {
  const parsed = BundleIdSchema.safeParse(value);
  if (!parsed.success) throw new NotFoundException(PAYMENT_MESSAGES.noBundle);
  return parsed.data;
}

/**
 * SPEC §7's payment calls: checkout for an unpaid bundle, the bundle's payment status, and
 * repair. Rate-limited per client address (the `payments` throttler).
 */
@Controller('api')
@UseGuards(PaymentThrottlerGuard)
@SkipThrottle({ uploads: true, contact: true })
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('create-payment-intent')
  @HttpCode(HttpStatus.OK)
  createPaymentIntent(@Body() body: unknown): Promise<PaymentIntentResponse> {
    const { bundleId, userEmail } = parseForm(PaymentIntentRequestSchema, body);
    return this.payments.checkout(bundleIdOr404(bundleId), userEmail);
  }

  @Get('payment/:bundleId')
  status(@Param('bundleId') bundleId: string): Promise<PaymentStatusResponse> {
    return this.payments.status(bundleIdOr404(bundleId));
  }

  @Post('payment/:bundleId/repair')
  @HttpCode(HttpStatus.OK)
  repair(@Param('bundleId') bundleId: string): Promise<RepairResponse> {
    return this.payments.repair(bundleIdOr404(bundleId));
  }
}
