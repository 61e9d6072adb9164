import { queryOptions } from '@tanstack/react-query';
import { IncidentListResponse } from '@argus/contracts/http/incidents';
import { MessageListResponse } from '@argus/contracts/http/messages';
import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import { api } from '../../lib/api';
import { OPEN_INCIDENTS_LIMIT } from '../incidents/incidents.queries';

/**
 * What the analyst console reads, under its own keys so no other page's cache shape collides
 * with them. Realtime frames patch these same keys (analyst-cache.ts).
 */
export const analystQueries = {
  all: ['analyst'] as const,
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
