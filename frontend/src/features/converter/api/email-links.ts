import {
  type LinksMailRequest,
  type LinksMailResponse,
  LinksMailResponseSchema,
} from '@chatexhibit/proto/links-mail';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/whatsapp/export/{exportId}/email: a free export's links mailed to its uploader. */
export async function emailLinks({
  exportId,
  ...request
}: LinksMailRequest & { exportId: string }): Promise<LinksMailResponse> {
  const res = await apiRequest(`/api/whatsapp/export/${encodeURIComponent(exportId)}/email`, {
    method: 'POST',
    body: request,
  });
  return LinksMailResponseSchema.parse(await res.json());
}

type Options = Omit<
  UseMutationOptions<LinksMailResponse, Error, LinksMailRequest & { exportId: string }>,
  'mutationFn'
>;

export function useEmailLinks(options: Options = {}) {
  return useMutation({ ...options, mutationFn: emailLinks });
}
