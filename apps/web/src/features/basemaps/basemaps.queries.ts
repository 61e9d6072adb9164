import { queryOptions } from '@tanstack/react-query';
import { BasemapListResponse } from '@argus/contracts/http/basemaps';
import { api } from '../../lib/api';

/**
 * The administrators' basemaps in their order (docs/decisions/0029-basemaps-served-by-argus.md).
 * Every signed-in role reads it: the maps pick their default from it and offer the rest.
 */
export const basemapQueries = {
  all: ['basemaps'] as const,
  list: () =>
    queryOptions({
      queryKey: [...basemapQueries.all, 'list'] as const,
      queryFn: ({ signal }) => api.get('/basemaps', BasemapListResponse, { signal }),
      // Basemaps change rarely; a map should not refetch the list on every mount.
      staleTime: 5 * 60_000,
    }),
};
