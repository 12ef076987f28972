import { routePath } from '@chatexhibit/proto/contract';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { RepairResponse } from '@chatexhibit/proto/payment';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { buildRequestInit, throwIfResNotOk } from '../../../lib/api-client';

const route = HTTP_API.repairPayment;

/** POST /api/payment/{bundleId}/repair (SPEC §7): JSON content type, no body → `{success, pdfUrl, chatExportId}`. */
export async function repairPayment(bundleId: string): Promise<RepairResponse> {
  const init = buildRequestInit({ method: route.method });
  const res = await fetch(routePath(route, { bundleId }), {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });
  await throwIfResNotOk(res);
  return route.responses[200].schema.parse(await res.json());
}

type Options = Omit<UseMutationOptions<RepairResponse, Error, string>, 'mutationFn'>;

export function useRepairPayment(options: Options = {}) {
  return useMutation({ ...options, mutationFn: repairPayment });
}
