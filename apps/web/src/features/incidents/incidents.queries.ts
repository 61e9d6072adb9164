import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import { Incident, IncidentListResponse, TimelineResponse } from '@argus/contracts/http/incidents';
import { api } from '../../lib/api';

/** The queue shows at most this many open incidents (the API's page limit); the answer says when there are more. */
export const OPEN_INCIDENTS_LIMIT = 200;

export const IncidentResponse = z.object({ incident: Incident });

/** Incidents: the open queue, one incident and its timeline. Realtime frames patch these same keys. */
export const incidentQueries = {
  all: ['incidents'] as const,
  open: () =>
    queryOptions({
      queryKey: [...incidentQueries.all, 'open'] as const,
      queryFn: ({ signal }) =>
        api.get(
          `/incidents?${new URLSearchParams({ status: OPEN_INCIDENT_STATUSES.join(','), limit: String(OPEN_INCIDENTS_LIMIT) })}`,
          IncidentListResponse,
          { signal },
        ),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...incidentQueries.all, 'detail', id] as const,
      queryFn: ({ signal }) => api.get(`/incidents/${encodeURIComponent(id)}`, IncidentResponse, { signal }),
      select: (data) => data.incident,
    }),
  timeline: (id: string) =>
    queryOptions({
      queryKey: [...incidentQueries.all, 'timeline', id] as const,
      queryFn: ({ signal }) => api.get(`/incidents/${encodeURIComponent(id)}/timeline`, TimelineResponse, { signal }),
      select: (data) => data.entries,
    }),
};
