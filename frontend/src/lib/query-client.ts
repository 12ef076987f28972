import { QUERY_DEFAULTS } from '@chatexhibit/proto/constants';
import { QueryClient } from '@tanstack/react-query';

/** SPEC §9 data fetching defaults: never stale, no timed or focus refetch, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTime,
        refetchInterval: QUERY_DEFAULTS.refetchInterval,
        refetchOnWindowFocus: QUERY_DEFAULTS.refetchOnWindowFocus,
        retry: QUERY_DEFAULTS.retryQueries,
      },
      mutations: { retry: QUERY_DEFAULTS.retryMutations },
    },
  });
}
