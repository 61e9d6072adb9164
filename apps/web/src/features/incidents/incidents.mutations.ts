import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateIncidentRequest, Incident, UpdateIncidentRequest } from '@argus/contracts/http/incidents';
import type { ThreatLevel } from '@argus/contracts/incidents';
import { api } from '../../lib/api';
import { IncidentResponse, incidentQueries } from './incidents.queries';
import { patchTriageIncident, upsertOpenIncident } from './incidents.live';

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
    mutationFn: ({ id, changes }: { id: string; changes: UpdateIncidentRequest }) =>
      api.patch(`/incidents/${encodeURIComponent(id)}`, changes, IncidentResponse),
    onSuccess: ({ incident }) => remember(incident),
  });
}

/** An analyst grades an incident's threat level: the open incidents and the reports' nearby lists show it at once. */
export function useThreatLevelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentId, threatLevel }: { incidentId: string; threatLevel: ThreatLevel }) =>
      api.patch(`/incidents/${encodeURIComponent(incidentId)}`, { threatLevel }, IncidentResponse),
    onSuccess: ({ incident }) => patchTriageIncident(queryClient, incident),
  });
}
