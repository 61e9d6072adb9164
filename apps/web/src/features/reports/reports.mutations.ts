import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ReportResponse } from '@argus/contracts/http/reports';
import type { IncidentSeverity } from '@argus/contracts/incidents';
import { api } from '../../lib/api';
import type { OutboxItem } from '../../lib/outbox/outbox-item';
import { useOutboxDelivered } from '../../lib/outbox/useOutbox';
import { incidentQueries } from '../incidents/incidents.queries';
import { patchTriageReport } from './reports.live';
import { reportQueries } from './reports.queries';

/**
 * Reports are filed through the outbox (written on the device first, then sent): each time one
 * is delivered, the reports are read again, so the reporter's list shows it as the server holds it.
 */
export function useReportDeliveredUpdates(): void {
  const queryClient = useQueryClient();
  const handleDelivered = useCallback(
    (item: OutboxItem) => {
      if (item.action.kind === 'report') void queryClient.invalidateQueries({ queryKey: reportQueries.all });
    },
    [queryClient],
  );
  useOutboxDelivered(handleDelivered);
}

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
    mutationFn: ({ reportId, reason }: { reportId: string; reason: string }) =>
      api.post(reportPath(reportId, 'reject'), { reason }, ReportResponse),
    onSuccess: ({ report }) => afterVerdict(report),
  });
}

export function useMergeReportMutation() {
  const afterVerdict = useAfterVerdict();
  return useMutation({
    mutationFn: ({ reportId, incidentId }: { reportId: string; incidentId: string }) =>
      api.post(reportPath(reportId, 'merge'), { incidentId }, ReportResponse),
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
