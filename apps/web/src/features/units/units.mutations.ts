import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UnitResponse } from '@argus/contracts/http/units';
import { api } from '../../lib/api';
import { unitQueries } from './units.queries';
import { upsertUnits } from './units.live';

/** Command ends a unit's SOS emergency once it has been dealt with. */
export function useClearSosMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unitId: string) => api.post(`/units/${encodeURIComponent(unitId)}/sos/clear`, {}, UnitResponse),
    onSuccess: ({ unit }) =>
      queryClient.setQueryData(unitQueries.list().queryKey, (old) => (old ? { ...old, units: upsertUnits(old.units, [unit]) } : old)),
  });
}

/** Command has seen a unit's SOS: the crew is told who and when (docs/decisions/0036-command-inbox-and-attention.md). */
export function useAcknowledgeSosMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unitId: string) => api.post(`/units/${encodeURIComponent(unitId)}/sos/acknowledge`, {}, UnitResponse),
    onSuccess: ({ unit }) =>
      queryClient.setQueryData(unitQueries.list().queryKey, (old) => (old ? { ...old, units: upsertUnits(old.units, [unit]) } : old)),
  });
}
