import type { ChatData } from '@chatexhibit/proto/chat';
import { routePath } from '@chatexhibit/proto/contract';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

const route = HTTP_API.chatData;

/** GET /api/whatsapp/chat/{chatExportId} (SPEC §7): the chat data of a free or paid export. */
export async function getChatData(chatExportId: string): Promise<ChatData> {
  return route.responses[200].schema.parse(await getJson(routePath(route, { chatExportId })));
}

export const chatDataQueryOptions = (chatExportId: string) =>
  queryOptions({ queryKey: ['chat-data', chatExportId], queryFn: () => getChatData(chatExportId) });

export function useChatData(chatExportId: string | null) {
  return useQuery({ ...chatDataQueryOptions(chatExportId ?? ''), enabled: chatExportId !== null });
}
