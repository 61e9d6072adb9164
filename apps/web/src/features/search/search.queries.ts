import { queryOptions } from '@tanstack/react-query';
import { SearchResponse, type SEARCH_KINDS } from '@argus/contracts/http/search';
import { api } from '../../lib/api';

export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Full-text search over reports, incidents and messages (command and analysts). */
export const searchQueries = {
  all: ['search'] as const,
  results: (q: string, kind: SearchKind | null) =>
    queryOptions({
      queryKey: [...searchQueries.all, q, kind ?? 'all'] as const,
      queryFn: ({ signal }) => {
        const params = new URLSearchParams({ q });
        if (kind) params.set('kind', kind);
        return api.get(`/search?${params}`, SearchResponse, { signal });
      },
      select: (data) => data.hits,
      // Results go stale quickly while reports keep arriving; a repeated search asks again.
      staleTime: 10_000,
    }),
};
