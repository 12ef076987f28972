import { type ChatData, ChatDataSchema } from '@chatexhibit/proto/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/whatsapp/chat/{chatExportId} (SPEC §7): the chat data of a free or paid export. */
export async function getChatData(chatExportId: string): Promise<ChatData> {
  return ChatDataSchema.parse(await getJson(`/api/whatsapp/chat/${encodeURIComponent(chatExportId)}`));
}

export const chatDataQueryOptions = (chatExportId: string) =>
  queryOptions({ queryKey: ['chat-data', chatExportId], queryFn: () => getChatData(chatExportId) });

export function useChatData(chatExportId: string | null) {
  return useQuery({ ...chatDataQueryOptions(chatExportId ?? ''), enabled: chatExportId !== null });
}
