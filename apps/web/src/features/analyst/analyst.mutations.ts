import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MessageResponse } from '@argus/contracts/http/messages';
import { ReportResponse } from '@argus/contracts/http/reports';
import type { IncidentSeverity, ThreatLevel } from '@argus/contracts/incidents';
import { api } from '../../lib/api';
import { patchTriageIncident } from '../incidents/incidents.live';
import { IncidentResponse, incidentQueries } from '../incidents/incidents.queries';
import { addMessage } from '../messages/messages.live';
import { messageQueries } from '../messages/messages.queries';
import { patchTriageReport } from '../reports/reports.live';
import { reportQueries } from '../reports/reports.queries';

const reportPath = (id: string, action: string) => `/reports/${encodeURIComponent(id)}/${action}`;

/** Opening a new incident from the report (optionally titled and graded), or attaching it to an open one. */
export type VerifyVariables = { reportId: string } & ({ incidentId: string } | { title?: string; severity?: IncidentSeverity });

/** After a verdict the report leaves the queue and an incident may have opened or changed: refresh what shows incidents. */
function useAfterVerdict() {
  const queryClient = useQueryClient();
  return (report: z.infer<typeof ReportResponse>['report']) => {
    patchTriageReport(queryClient, report);
    void queryClient.invalidateQueries({ queryKey: incidentQueries.open().queryKey });
    void queryClient.invalidateQueries({ queryKey: reportQueries.nearbyAll() });
  };
}

export function useVerifyReportMutation() {
  const afterVerdict = useAfterVerdict();
  return useMutation({
    mutationFn: ({ reportId, ...body }: VerifyVariables) => api.post(reportPath(reportId, 'verify'), body, ReportResponse),
    onSuccess: ({ report }) => afterVerdict(report),
  });
}

export function useRejectReportMutation() {
  const afterVerdict = useAfterVerdict();
  return useMutation({
    mutationFn: ({ reportId, reason }: { reportId: string; reason: string }) => api.post(reportPath(reportId, 'reject'), { reason }, ReportResponse),
    onSuccess: ({ report }) => afterVerdict(report),
  });
}

export function useMergeReportMutation() {
  const afterVerdict = useAfterVerdict();
  return useMutation({
    mutationFn: ({ reportId, incidentId }: { reportId: string; incidentId: string }) => api.post(reportPath(reportId, 'merge'), { incidentId }, ReportResponse),
    onSuccess: ({ report }) => afterVerdict(report),
  });
}

/** Command breaks another analyst's triage lock (the server refuses anyone else). */
export function useBreakLockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) => api.delete(`${reportPath(reportId, 'lock')}?force=true`, ReportResponse),
    onSuccess: ({ report }) => patchTriageReport(queryClient, report),
  });
}

export function useThreatLevelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentId, threatLevel }: { incidentId: string; threatLevel: ThreatLevel }) =>
      api.patch(`/incidents/${encodeURIComponent(incidentId)}`, { threatLevel }, IncidentResponse),
    onSuccess: ({ incident }) => patchTriageIncident(queryClient, incident),
  });
}

/** A note is a message in the incident's conversation; its clientId makes a retried send post once. */
export function useAddNoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentId, body, clientId }: { incidentId: string; body: string; clientId: string }) =>
      api.post('/messages', { clientId, channel: 'incident', targetId: incidentId, body }, MessageResponse),
    onSuccess: ({ message }, { incidentId }) =>
      queryClient.setQueryData(messageQueries.notes(incidentId).queryKey, (old) => (old ? addMessage(old, message) : old)),
  });
}
