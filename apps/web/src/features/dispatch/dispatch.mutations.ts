import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DispatchListResponse, DispatchResponse, ReassignDispatchResponse } from '@argus/contracts/http/units';
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

/** After a recall or a reassignment: the units, both incidents, their timelines and the queue. */
function useRefreshAfterMove() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dispatchQueries.all }),
      queryClient.invalidateQueries({ queryKey: unitQueries.all }),
      queryClient.invalidateQueries({ queryKey: incidentQueries.all }),
    ]);
}

/** Recalls a unit from its assignment with a reason (docs/decisions/0035-incident-management.md). */
export function useRecallMutation() {
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: ({ dispatchId, reason }: { dispatchId: string; reason: string }) =>
      api.post(`/dispatches/${encodeURIComponent(dispatchId)}/cancel`, { reason }, DispatchResponse),
    onSuccess: refresh,
  });
}

/** Moves a unit to another incident in one step: cancelled here, assigned there. */
export function useReassignMutation() {
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: ({ dispatchId, incidentId }: { dispatchId: string; incidentId: string }) =>
      api.post(`/dispatches/${encodeURIComponent(dispatchId)}/reassign`, { incidentId }, ReassignDispatchResponse),
    onSuccess: refresh,
  });
}
