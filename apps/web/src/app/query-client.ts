import { QueryClient, onlineManager } from '@tanstack/react-query';
import { QUERY_CACHE } from '@argus/contracts/constants';
import { shouldRetryMutation, shouldRetryQuery } from './retry-policy';

/** The data-request cache of docs/specification.md: fresh 5 minutes, kept 10, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  // TanStack assumes it starts online and only reacts to a change. A page opened with no signal
  // would then never see "online" as news, and what failed offline would not refetch when the
  // signal returns. Start from what the browser knows.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE.staleTimeMs,
        gcTime: QUERY_CACHE.gcTimeMs,
        refetchOnWindowFocus: QUERY_CACHE.refetchOnWindowFocus,
        retry: shouldRetryQuery,
      },
      mutations: {
        retry: shouldRetryMutation,
      },
    },
  });
}
