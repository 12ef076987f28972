import { routePath } from '@chatexhibit/proto/contract';
import { type ExhibitMessagesResponse, EXHIBIT_MESSAGES_PAGE_LIMIT } from '@chatexhibit/proto/exhibit-api';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

const route = HTTP_API.exhibitMessages;

/**
 * GET /api/whatsapp/export/{exportId}/messages?from&limit: a page of a free or paid export's
 * messages, numbered as its transcript numbers them.
 */
export async function getExhibitMessages(
  exportId: string,
  from: number,
  limit: number = EXHIBIT_MESSAGES_PAGE_LIMIT,
): Promise<ExhibitMessagesResponse> {
  const query = new URLSearchParams({ from: String(from), limit: String(limit) });
  return route.responses[200].schema.parse(await getJson(`${routePath(route, { exportId })}?${query}`));
}

/** The number of the page after `page`, or undefined once the transcript's last message is loaded. */
export const nextPageFrom = (page: ExhibitMessagesResponse): number | undefined => {
  const last = page.messages.at(-1)?.number;
  return last !== undefined && last < page.totalMessages ? last + 1 : undefined;
};

/** The export's messages, a page at a time from message 1. */
export function useExhibitMessages(exportId: string, limit: number = EXHIBIT_MESSAGES_PAGE_LIMIT) {
  return useInfiniteQuery({
    queryKey: ['exhibit-messages', exportId, limit],
    queryFn: ({ pageParam }) => getExhibitMessages(exportId, pageParam, limit),
    initialPageParam: 1,
    getNextPageParam: nextPageFrom,
  });
}
