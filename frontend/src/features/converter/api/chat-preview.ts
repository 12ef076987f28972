import type { ChatPreview } from '@chatexhibit/proto/chat-preview';
import { routePath } from '@chatexhibit/proto/contract';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

const route = HTTP_API.chatPreview;

/** GET /api/whatsapp/preview/{exportId}: the first page of an export waiting for payment. */
export async function getChatPreview(exportId: string): Promise<ChatPreview> {
  return route.responses[200].schema.parse(await getJson(routePath(route, { exportId })));
}

export function useChatPreview(exportId: string | null) {
  return useQuery({
    queryKey: ['chat-preview', exportId],
    queryFn: () => getChatPreview(exportId ?? ''),
    enabled: exportId !== null,
    staleTime: Infinity,
  });
}
