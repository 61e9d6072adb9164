import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DispatchCapabilitiesResponse, type DispatchCapabilities } from '@argus/contracts/http/dispatch-capabilities';
import { apiRequest } from '../../lib/api';
import { dispatchCapabilityQueries } from './dispatch-capabilities.queries';

/** Saves the whole table; the answer replaces the cached one, so the dispatch advice follows at once. */
export function useSaveDispatchCapabilitiesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (table: DispatchCapabilities) =>
      apiRequest('/dispatch/capabilities', { method: 'PUT', body: table, schema: DispatchCapabilitiesResponse }),
    onSuccess: (answer) => queryClient.setQueryData(dispatchCapabilityQueries.all, answer),
  });
}
