import { routePath } from '@chatexhibit/proto/contract';
import type { ExhibitDraft, SavedExhibitDraft } from '@chatexhibit/proto/exhibit-spec';
import { EXHIBIT_DRAFT_ROUTE, SAVE_EXHIBIT_DRAFT_ROUTE } from '@chatexhibit/proto/http-routes';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, ApiError, getJson } from '../../../lib/api-client';

/** Said when the server gives no sentence of its own (a proxy's page, the network gone). */
export const DRAFT_NOT_SAVED = 'The server could not be reached. Your next change tries again.';

/** GET /api/whatsapp/export/{exportId}/exhibit-draft: the Exhibit mode's draft as last saved, or null. */
export async function getExhibitDraft(exportId: string): Promise<SavedExhibitDraft> {
  return EXHIBIT_DRAFT_ROUTE.responses[200].schema.parse(
    await getJson(routePath(EXHIBIT_DRAFT_ROUTE, { exportId })),
  );
}

/**
 * PUT /api/whatsapp/export/{exportId}/exhibit-draft: keeps the draft with the export on the
 * server (never in this browser: a family's computer is shared). A refusal's error is the
 * server's sentence.
 */
export async function saveExhibitDraft(exportId: string, draft: ExhibitDraft): Promise<string> {
  const route = SAVE_EXHIBIT_DRAFT_ROUTE;
  try {
    const res = await apiRequest(routePath(route, { exportId }), { method: route.method, body: draft });
    return route.responses[200].schema.parse(await res.json()).savedAt;
  } catch (error) {
    throw new Error(error instanceof ApiError ? (error.body.message ?? DRAFT_NOT_SAVED) : DRAFT_NOT_SAVED);
  }
}

/** The export's saved draft, read once when the Exhibit mode opens. */
export function useSavedExhibitDraft(exportId: string) {
  return useQuery({
    queryKey: ['exhibit-draft', exportId],
    queryFn: () => getExhibitDraft(exportId),
    // What the mode saves afterwards is its own: a refetch must not bring an older draft back.
    staleTime: Infinity,
    gcTime: 0,
  });
}
