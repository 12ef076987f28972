import { type ChatPreview, ChatPreviewSchema } from '@chatexhibit/proto/chat-preview';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/whatsapp/preview/{exportId}: the first page of an export waiting for payment. */
export async function getChatPreview(exportId: string): Promise<ChatPreview> {
  return ChatPreviewSchema.parse(await getJson(`/api/whatsapp/preview/${encodeURIComponent(exportId)}`));
}

export function useChatPreview(exportId: string | null) {
  return useQuery({
    queryKey: ['chat-preview', exportId],
    queryFn: () => getChatPreview(exportId ?? ''),
    enabled: exportId !== null,
    staleTime: Infinity,
  });
}
