import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DispatchListResponse } from '@argus/contracts/http/units';
import { api } from '../../lib/api';
import { incidentQueries } from '../incidents/incidents.queries';
import { unitQueries } from '../units/units.queries';
import { dispatchQueries } from './dispatch.queries';

/** Assigns units to an incident; the units, the incident and its timeline all change with it. */
export function useDispatchMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentId, unitIds }: { incidentId: string; unitIds: string[] }) =>
      api.post(`/incidents/${encodeURIComponent(incidentId)}/dispatch`, { unitIds }, DispatchListResponse),
    onSuccess: (_answer, { incidentId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dispatchQueries.all }),
        queryClient.invalidateQueries({ queryKey: unitQueries.all }),
        queryClient.invalidateQueries({ queryKey: incidentQueries.detail(incidentId).queryKey }),
        queryClient.invalidateQueries({ queryKey: incidentQueries.timeline(incidentId).queryKey }),
        queryClient.invalidateQueries({ queryKey: incidentQueries.open().queryKey }),
      ]),
  });
}
