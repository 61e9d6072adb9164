import { queryOptions } from '@tanstack/react-query';
import { MessageListResponse } from '@argus/contracts/http/messages';
import { api } from '../../lib/api';

/**
 * What the analyst console reads, under its own keys so no other page's cache shape collides
 * with them. Realtime frames patch these same keys (analyst-cache.ts).
 */
export const analystQueries = {
  all: ['analyst'] as const,
  notesAll: () => [...analystQueries.all, 'notes'] as const,
  /** The incident's conversation, used as the analysts' notes thread (newest first, as the API answers). */
  notes: (incidentId: string) =>
    queryOptions({
      queryKey: [...analystQueries.notesAll(), incidentId] as const,
      queryFn: ({ signal }) =>
        api.get(`/messages?${new URLSearchParams({ channel: 'incident', targetId: incidentId, limit: '100' })}`, MessageListResponse, { signal }),
    }),
};
