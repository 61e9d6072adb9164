import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateIncidentRequest, Incident, UpdateIncidentRequest } from '@argus/contracts/http/incidents';
import { DispatchListResponse } from '@argus/contracts/http/units';
import { api } from '../../lib/api';
import { unitQueries } from '../units/units.queries';
import { IncidentResponse, dispatchQueries, incidentQueries } from './incidents.queries';
import { upsertOpenIncident } from './incidents.live';

/** Puts an incident the server just answered into the queue and its detail, without waiting for a refetch. */
function useRememberIncident() {
  const queryClient = useQueryClient();
  return (incident: Incident) => {
    queryClient.setQueryData(incidentQueries.open().queryKey, (old) => (old ? upsertOpenIncident(old, incident) : old));
    queryClient.setQueryData(incidentQueries.detail(incident.id).queryKey, { incident });
    void queryClient.invalidateQueries({ queryKey: incidentQueries.timeline(incident.id).queryKey });
  };
}

export function useCreateIncidentMutation() {
  const remember = useRememberIncident();
  return useMutation({
    mutationFn: (body: CreateIncidentRequest) => api.post('/incidents', body, IncidentResponse),
    onSuccess: ({ incident }) => remember(incident),
  });
}

export function useUpdateIncidentMutation() {
  const remember = useRememberIncident();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateIncidentRequest }) => api.patch(`/incidents/${encodeURIComponent(id)}`, changes, IncidentResponse),
    onSuccess: ({ incident }) => remember(incident),
  });
}

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
