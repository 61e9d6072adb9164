import { queryOptions } from '@tanstack/react-query';
import { CallerLinkListResponse } from '@argus/contracts/http/caller-links';
import { api } from '../../lib/api';

/** Caller location links: an incident's links, and every caller position the command map draws. Realtime frames patch these keys. */
export const callerLinkQueries = {
  all: ['caller-links'] as const,
  forIncident: (incidentId: string) =>
    queryOptions({
      queryKey: [...callerLinkQueries.all, 'incident', incidentId] as const,
      queryFn: ({ signal }) => api.get(`/incidents/${encodeURIComponent(incidentId)}/caller-links`, CallerLinkListResponse, { signal }),
      select: (data) => data.links,
    }),
  located: () =>
    queryOptions({
      queryKey: [...callerLinkQueries.all, 'located'] as const,
      queryFn: ({ signal }) => api.get('/caller-links/located', CallerLinkListResponse, { signal }),
      select: (data) => data.links,
    }),
};
