import { type PaymentStatusResponse, PaymentStatusResponseSchema } from '@chatexhibit/proto/payment';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/payment/{bundleId} (SPEC §7) → `{isPaid, pdfUrl, chatExportId}`. */
export async function getPaymentStatus(bundleId: string): Promise<PaymentStatusResponse> {
  return PaymentStatusResponseSchema.parse(await getJson(`/api/payment/${encodeURIComponent(bundleId)}`));
}

/** One poll's query: never cached as fresh beyond its attempt, since polling asks again on purpose. */
export const paymentStatusQueryOptions = (bundleId: string, attempt: number) =>
  queryOptions({
    queryKey: ['payment-status', bundleId, attempt],
    queryFn: () => getPaymentStatus(bundleId),
  });
