import { queryOptions } from '@tanstack/react-query';
import { SentOfflineAreaListResponse } from '@argus/contracts/http/offline-areas';
import { api } from '../../lib/api';

/** Map areas command sent to a unit's phone (docs/decisions/0057-offline-areas-sent-by-command.md); realtime frames invalidate them. */
export const sentOfflineAreaQueries = {
  all: ['sent-offline-areas'] as const,
  forUnit: (unitId: string) =>
    queryOptions({
      queryKey: [...sentOfflineAreaQueries.all, unitId] as const,
      queryFn: ({ signal }) => api.get(`/units/${encodeURIComponent(unitId)}/offline-areas`, SentOfflineAreaListResponse, { signal }),
      select: (data) => data.areas,
    }),
};
