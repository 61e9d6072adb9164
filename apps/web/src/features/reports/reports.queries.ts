import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { NearbyResponse, ReportListResponse, ReportResponse } from '@argus/contracts/http/reports';
import type { ReportKind } from '@argus/contracts/reports';
import { api } from '../../lib/api';
import { CIVIC_POLL_MS } from '../../lib/poll-interval';

/** Reports no analyst has judged yet: what the map shows as awaiting triage. */
export const AWAITING_TRIAGE = ['submitted', 'under_review'] as const;

/** The API's page limit: the triage queue shows at most this many reports, the newest. */
export const TRIAGE_QUEUE_LIMIT = 200;

/** "all" or one kind: the triage queue's filter, part of its key. */
export type QueueFilter = ReportKind | 'all';

/** A report's nearby reports and open incidents, with distance and similarity. */
export type NearbyData = z.infer<typeof NearbyResponse>;

/**
 * Reports under one key space, each request under a key of its own (['reports', 'mine'] holds
 * only the list, selected; the others the whole answer). A reporter's own reports: the server
 * answers nothing else to a reporter, newest first. The analysts' triage queues, the open report
 * and its nearby lists: realtime frames patch these same keys (reports.live.ts).
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
  triageQueues: () => [...reportQueries.all, 'triage-queue'] as const,
  /** The reports awaiting triage, of one kind or all, newest first. */
  triageQueue: (filter: QueueFilter) =>
    queryOptions({
      queryKey: [...reportQueries.triageQueues(), filter] as const,
      queryFn: ({ signal }) => {
        const params = new URLSearchParams({ status: AWAITING_TRIAGE.join(','), limit: String(TRIAGE_QUEUE_LIMIT) });
        if (filter !== 'all') params.set('kind', filter);
        return api.get(`/reports?${params}`, ReportListResponse, { signal });
      },
    }),
  details: () => [...reportQueries.all, 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...reportQueries.details(), id] as const,
      queryFn: ({ signal }) => api.get(`/reports/${encodeURIComponent(id)}`, ReportResponse, { signal }),
      select: (data) => data.report,
    }),
  nearbyAll: () => [...reportQueries.all, 'nearby'] as const,
  nearby: (id: string) =>
    queryOptions({
      queryKey: [...reportQueries.nearbyAll(), id] as const,
      queryFn: ({ signal }) => api.get(`/reports/${encodeURIComponent(id)}/nearby`, NearbyResponse, { signal }),
    }),
};

/** The reports awaiting triage, for the command map. */
export const awaitingTriageQuery = () =>
  queryOptions({
    queryKey: [...reportQueries.all, 'awaiting-triage'] as const,
    queryFn: ({ signal }) =>
      api.get(`/reports?${new URLSearchParams({ status: AWAITING_TRIAGE.join(','), limit: '200' })}`, ReportListResponse, { signal }),
  });
