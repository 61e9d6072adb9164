import { queryOptions } from '@tanstack/react-query';
import { ZoneDetailResponse, ZoneImportListResponse, ZoneListResponse } from '@argus/contracts/http/zones';
import { api } from '../../lib/api';

/** Every zone, active or not; pages filter in the browser so a live update patches one cached list. */
export const zoneQueries = {
  all: ['zones'] as const,
  list: () =>
    queryOptions({
      queryKey: [...zoneQueries.all, 'list'] as const,
      queryFn: ({ signal }) => api.get('/zones?active=all', ZoneListResponse, { signal }),
    }),
  active: () =>
    queryOptions({
      queryKey: [...zoneQueries.all, 'active'] as const,
      queryFn: ({ signal }) => api.get('/zones', ZoneListResponse, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...zoneQueries.all, 'detail', id] as const,
      queryFn: ({ signal }) => api.get(`/zones/${encodeURIComponent(id)}`, ZoneDetailResponse, { signal }),
    }),
  imports: () =>
    queryOptions({
      queryKey: [...zoneQueries.all, 'imports'] as const,
      queryFn: ({ signal }) => api.get('/zones/imports', ZoneImportListResponse, { signal }),
    }),
};
