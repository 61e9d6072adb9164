import { queryOptions } from '@tanstack/react-query';
import { DispatchCapabilitiesResponse } from '@argus/contracts/http/dispatch-capabilities';
import { api } from '../../lib/api';

/** The dispatch capability table (docs/decisions/0039-dispatch-by-capability.md), one key for the whole table. */
export const dispatchCapabilityQueries = {
  all: ['dispatch-capabilities'] as const,
  table: () =>
    queryOptions({
      queryKey: dispatchCapabilityQueries.all,
      queryFn: ({ signal }) => api.get('/dispatch/capabilities', DispatchCapabilitiesResponse, { signal }),
      // Administrators change it rarely; a minute old is fresh enough for advice, and saving replaces it at once.
      staleTime: 60_000,
    }),
};
