import { routePath } from '@chatexhibit/proto/contract';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { LinksMailRequest, LinksMailResponse } from '@chatexhibit/proto/links-mail';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const route = HTTP_API.emailLinks;

/** POST /api/whatsapp/export/{exportId}/email: a free export's links mailed to its uploader. */
export async function emailLinks({
  exportId,
  ...request
}: LinksMailRequest & { exportId: string }): Promise<LinksMailResponse> {
  const res = await apiRequest(routePath(route, { exportId }), { method: route.method, body: request });
  return route.responses[202].schema.parse(await res.json());
}

type Options = Omit<
  UseMutationOptions<LinksMailResponse, Error, LinksMailRequest & { exportId: string }>,
  'mutationFn'
>;

export function useEmailLinks(options: Options = {}) {
  return useMutation({ ...options, mutationFn: emailLinks });
}
