import { routePath } from '@chatexhibit/proto/contract';
import type { ExhibitResponse } from '@chatexhibit/proto/exhibit-api';
import type { ExhibitSpecInput } from '@chatexhibit/proto/exhibit-spec';
import { MAKE_EXHIBIT_ROUTE } from '@chatexhibit/proto/http-routes';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../../../lib/api-client';

const route = MAKE_EXHIBIT_ROUTE;

/** Said when the server gives no sentence of its own (a proxy's page, the network gone). */
export const MAKE_EXHIBIT_FAILED = 'The exhibit could not be made. Please try again.';

/**
 * POST /api/whatsapp/export/{exportId}/exhibits → 201: the exhibit's files behind signed links.
 * A refusal's error is the server's sentence (a 400 starts with the field it is about).
 */
export async function makeExhibit({
  exportId,
  spec,
}: {
  exportId: string;
  spec: ExhibitSpecInput;
}): Promise<ExhibitResponse> {
  try {
    const res = await apiRequest(routePath(route, { exportId }), { method: route.method, body: spec });
    return route.responses[201].schema.parse(await res.json());
  } catch (error) {
    throw new Error(
      error instanceof ApiError ? (error.body.message ?? MAKE_EXHIBIT_FAILED) : MAKE_EXHIBIT_FAILED,
    );
  }
}

type Options = Omit<
  UseMutationOptions<ExhibitResponse, Error, Parameters<typeof makeExhibit>[0]>,
  'mutationFn'
>;

export function useMakeExhibit(options: Options = {}) {
  return useMutation({ ...options, mutationFn: makeExhibit });
}
