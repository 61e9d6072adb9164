import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { IncidentListResponse } from '@argus/contracts/http/incidents';
import { MessageListResponse } from '@argus/contracts/http/messages';
import { NearbyResponse, ReportListResponse, ReportResponse } from '@argus/contracts/http/reports';
import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import type { ReportKind } from '@argus/contracts/reports';
import { api } from '../../lib/api';
import { OPEN_INCIDENTS_LIMIT } from '../incidents/incidents.queries';
import { AWAITING_TRIAGE } from '../reports/reports.queries';

/** The API's page limit: the queue shows at most this many reports, the newest. */
export const QUEUE_LIMIT = 200;

/** "all" or one kind: the queue's filter, part of its key. */
export type QueueFilter = ReportKind | 'all';

/** A report's nearby reports and open incidents, with distance and similarity. */
export type NearbyData = z.infer<typeof NearbyResponse>;

/**
 * What the analyst console reads, under its own keys so no other page's cache shape collides
 * with them. Realtime frames patch these same keys (analyst-cache.ts).
 */
export const analystQueries = {
  all: ['analyst'] as const,
  queues: () => [...analystQueries.all, 'queue'] as const,
  queue: (filter: QueueFilter) =>
    queryOptions({
      queryKey: [...analystQueries.queues(), filter] as const,
      queryFn: ({ signal }) => {
        const params = new URLSearchParams({ status: AWAITING_TRIAGE.join(','), limit: String(QUEUE_LIMIT) });
        if (filter !== 'all') params.set('kind', filter);
        return api.get(`/reports?${params}`, ReportListResponse, { signal });
      },
    }),
  report: (id: string) =>
    queryOptions({
      queryKey: [...analystQueries.all, 'report', id] as const,
      queryFn: ({ signal }) => api.get(`/reports/${encodeURIComponent(id)}`, ReportResponse, { signal }),
      select: (data) => data.report,
    }),
  nearbyAll: () => [...analystQueries.all, 'nearby'] as const,
  nearby: (id: string) =>
    queryOptions({
      queryKey: [...analystQueries.nearbyAll(), id] as const,
      queryFn: ({ signal }) => api.get(`/reports/${encodeURIComponent(id)}/nearby`, NearbyResponse, { signal }),
    }),
  openIncidents: () =>
    queryOptions({
      queryKey: [...analystQueries.all, 'open-incidents'] as const,
      queryFn: ({ signal }) =>
        api.get(`/incidents?${new URLSearchParams({ status: OPEN_INCIDENT_STATUSES.join(','), limit: String(OPEN_INCIDENTS_LIMIT) })}`, IncidentListResponse, { signal }),
    }),
  notesAll: () => [...analystQueries.all, 'notes'] as const,
  /** The incident's conversation, used as the analysts' notes thread (newest first, as the API answers). */
  notes: (incidentId: string) =>
    queryOptions({
      queryKey: [...analystQueries.notesAll(), incidentId] as const,
      queryFn: ({ signal }) =>
        api.get(`/messages?${new URLSearchParams({ channel: 'incident', targetId: incidentId, limit: '100' })}`, MessageListResponse, { signal }),
    }),
};
