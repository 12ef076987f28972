import { routePath } from '@chatexhibit/proto/contract';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { PaymentStatusResponse } from '@chatexhibit/proto/payment';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

const route = HTTP_API.paymentStatus;

/** GET /api/payment/{bundleId} (SPEC §7) → `{isPaid, pdfUrl, chatExportId}`. */
export async function getPaymentStatus(bundleId: string): Promise<PaymentStatusResponse> {
  return route.responses[200].schema.parse(await getJson(routePath(route, { bundleId })));
}

/** One poll's query: never cached as fresh beyond its attempt, since polling asks again on purpose. */
export const paymentStatusQueryOptions = (bundleId: string, attempt: number) =>
  queryOptions({
    queryKey: ['payment-status', bundleId, attempt],
    queryFn: () => getPaymentStatus(bundleId),
  });
