import { queryOptions } from '@tanstack/react-query';
import { AssignmentListResponse } from '@argus/contracts/http/units';
import { api } from '../../lib/api';

/** Assignments with their unit's callsign and incident: those in progress, and one incident's whole history. */
export const dispatchQueries = {
  all: ['dispatches'] as const,
  active: () =>
    queryOptions({
      queryKey: [...dispatchQueries.all, 'active'] as const,
      queryFn: ({ signal }) => api.get('/dispatches?active=true', AssignmentListResponse, { signal }),
      select: (data) => data.assignments,
    }),
  /** Every assignment an incident has had, current and past, so its units list keeps who came and went. */
  forIncident: (incidentId: string) =>
    queryOptions({
      queryKey: [...dispatchQueries.all, 'incident', incidentId] as const,
      queryFn: ({ signal }) =>
        api.get(`/dispatches?${new URLSearchParams({ active: 'false', incidentId })}`, AssignmentListResponse, { signal }),
      select: (data) => data.assignments,
    }),
};
