import { HTTP_API } from '@chatexhibit/proto/http-api';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

const siteInfo = HTTP_API.siteInfo;

/** The build's support address (VITE_SUPPORT_EMAIL), for a gateway that is not given SUPPORT_EMAIL. */
const BUILT_IN_SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@chatexhibit.com';

/**
 * The support inbox the site shows: the server's SUPPORT_EMAIL (GET /api/site), the address
 * contact messages are mailed to and buyers' mails name, so the page and the mail agree.
 * Undefined while it loads.
 */
export function useSupportEmail(): string | undefined {
  const { data, isError } = useQuery({
    queryKey: ['site-info'],
    queryFn: async () => siteInfo.responses[200].schema.parse(await getJson(siteInfo.path)),
  });
  if (isError) return BUILT_IN_SUPPORT_EMAIL;
  return data === undefined ? undefined : (data.supportEmail ?? BUILT_IN_SUPPORT_EMAIL);
}
