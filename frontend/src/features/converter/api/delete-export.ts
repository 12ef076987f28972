import { routePath } from '@chatexhibit/proto/contract';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { buildRequestInit, throwIfResNotOk } from '../../../lib/api-client';

const route = HTTP_API.deleteExport;

/**
 * DELETE /api/whatsapp/export/{chatExportId} → 204: the export and everything made of it are
 * deleted now. 410 means it was deleted already (or expired): gone either way.
 */
export async function deleteExport(chatExportId: string): Promise<void> {
  const res = await fetch(routePath(route, { chatExportId }), buildRequestInit({ method: route.method }));
  if (res.status === 410) return;
  await throwIfResNotOk(res);
}

type Options = Omit<UseMutationOptions<void, Error, string>, 'mutationFn'>;

export function useDeleteExport(options: Options = {}) {
  return useMutation({ ...options, mutationFn: deleteExport });
}
