import { type RepairResponse, RepairResponseSchema } from '@chatexhibit/proto/payment';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { buildRequestInit, throwIfResNotOk } from '../../../lib/api-client';

/** POST /api/payment/{bundleId}/repair (SPEC §7): JSON content type, no body → `{success, pdfUrl, chatExportId}`. */
export async function repairPayment(bundleId: string): Promise<RepairResponse> {
  const init = buildRequestInit({ method: 'POST' });
  const res = await fetch(`/api/payment/${encodeURIComponent(bundleId)}/repair`, {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });
  await throwIfResNotOk(res);
  return RepairResponseSchema.parse(await res.json());
}

type Options = Omit<UseMutationOptions<RepairResponse, Error, string>, 'mutationFn'>;

export function useRepairPayment(options: Options = {}) {
  return useMutation({ ...options, mutationFn: repairPayment });
}
