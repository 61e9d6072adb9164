import { queryOptions } from '@tanstack/react-query';
import { AssignmentListResponse } from '@argus/contracts/http/units';
import { api } from '../../lib/api';

/** Assignments still in progress (assigned → on scene), with their unit's callsign and incident. */
export const dispatchQueries = {
  all: ['dispatches'] as const,
  active: () =>
    queryOptions({
      queryKey: [...dispatchQueries.all, 'active'] as const,
      queryFn: ({ signal }) => api.get('/dispatches?active=true', AssignmentListResponse, { signal }),
      select: (data) => data.assignments,
    }),
};
