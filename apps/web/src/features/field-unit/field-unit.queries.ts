import { queryOptions } from '@tanstack/react-query';
import { AssignmentListResponse, UnitListResponse } from '@argus/contracts/http/units';
import { api } from '../../lib/api';
import { lastKnown } from '../../lib/last-known';
import { FIELD_POLL_MS } from '../../lib/poll-interval';

/**
 * The crew's view: the units this user crews and their assignments in progress. The last answers
 * are kept on the device, so the page opens with no signal (stale: refetched when it can be).
 */
export const fieldUnitKeys = {
  all: ['field-unit'] as const,
  units: ['field-unit', 'units'] as const,
  assignments: ['field-unit', 'assignments'] as const,
  /** The assignment command last took back from this crew, with why (kept only in this page's memory). */
  recalled: ['field-unit', 'recalled'] as const,
};

export const fieldUnitQueries = {
  units: (userId: string) => {
    const saved = lastKnown('units', userId, UnitListResponse);
    return queryOptions({
      queryKey: fieldUnitKeys.units,
      queryFn: async ({ signal }) => {
        const answer = await api.get('/units', UnitListResponse, { signal });
        saved.write(answer);
        return answer;
      },
      initialData: saved.read,
      initialDataUpdatedAt: 0,
      select: (data) => data.units,
      refetchInterval: FIELD_POLL_MS,
    });
  },
  assignments: (userId: string) => {
    const saved = lastKnown('assignments', userId, AssignmentListResponse);
    return queryOptions({
      queryKey: fieldUnitKeys.assignments,
      queryFn: async ({ signal }) => {
        const answer = await api.get('/dispatches?active=true', AssignmentListResponse, { signal });
        saved.write(answer);
        return answer;
      },
      initialData: saved.read,
      initialDataUpdatedAt: 0,
      select: (data) => data.assignments,
      refetchInterval: FIELD_POLL_MS,
    });
  },
};
