import { queryOptions } from '@tanstack/react-query';
import { ReportListResponse } from '@argus/contracts/http/reports';
import { api } from '../../lib/api';
import { CIVIC_POLL_MS } from '../../lib/poll-interval';

/** Reports no analyst has judged yet: what the map shows as awaiting triage. */
export const AWAITING_TRIAGE = ['submitted', 'under_review'] as const;

/**
 * Reports under one key space. A reporter's own reports: the server answers nothing else to a
 * reporter, newest first. (The analyst console's queue still has keys of its own, in
 * analyst/analyst.queries.ts, because its realtime cache resets them together.)
 */
export const reportQueries = {
  all: ['reports'] as const,
  mine: () =>
    queryOptions({
      queryKey: [...reportQueries.all, 'mine'],
      queryFn: ({ signal }) => api.get('/reports?limit=50', ReportListResponse, { signal }),
      select: (data) => data.reports,
      refetchInterval: CIVIC_POLL_MS,
    }),
};

/** The reports awaiting triage, for the command map. */
export const awaitingTriageQuery = () =>
  queryOptions({
    queryKey: [...reportQueries.all, 'awaiting-triage'] as const,
    queryFn: ({ signal }) => api.get(`/reports?${new URLSearchParams({ status: AWAITING_TRIAGE.join(','), limit: '200' })}`, ReportListResponse, { signal }),
  });
