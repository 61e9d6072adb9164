import { queryOptions } from '@tanstack/react-query';
import { AssignmentListResponse, UnitListResponse } from '@argus/contracts/http/units';
import { api } from '../../lib/api';
import { FIELD_POLL_MS } from '../../lib/poll-interval';

/**
 * The crew's view: the units this user crews and their assignments in progress. The last answers
 * are kept on the device (field-device-cache.ts), so the page opens with no signal, marked with
 * their time, and refetched as soon as it can be.
 */
export const fieldUnitKeys = {
  all: ['field-unit'] as const,
  units: ['field-unit', 'units'] as const,
  assignments: ['field-unit', 'assignments'] as const,
  /** The assignment command last took back from this crew, with why (kept only in this page's memory). */
  recalled: ['field-unit', 'recalled'] as const,
};

export const fieldUnitQueries = {
  units: () =>
    queryOptions({
      queryKey: fieldUnitKeys.units,
      queryFn: ({ signal }) => api.get('/units', UnitListResponse, { signal }),
      select: (data) => data.units,
      refetchInterval: FIELD_POLL_MS,
    }),
  assignments: () =>
    queryOptions({
      queryKey: fieldUnitKeys.assignments,
      queryFn: ({ signal }) => api.get('/dispatches?active=true', AssignmentListResponse, { signal }),
      select: (data) => data.assignments,
      refetchInterval: FIELD_POLL_MS,
    }),
};
