import { routePath } from '@chatexhibit/proto/contract';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { PaymentStatusResponse } from '@chatexhibit/proto/payment';
import { getJson } from '../../../lib/api-client';

const route = HTTP_API.paymentStatus;

/** GET /api/payment/{bundleId} (SPEC §7) → `{isPaid, pdfUrl, chatExportId}`. */
export async function getPaymentStatus(bundleId: string): Promise<PaymentStatusResponse> {
  return route.responses[200].schema.parse(await getJson(routePath(route, { bundleId })));
}
