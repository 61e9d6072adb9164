import type { QueryClient } from '@tanstack/react-query';
import { Report, type ReportListResponse } from '@argus/contracts/http/reports';
import { channels, type Channel, type RealtimeFrame } from '@argus/contracts/realtime/protocol';
import type { z } from 'zod';
import { publicAlertQueries } from '../alerts/alerts.queries';
import { reportQueries } from '../reports/reports.queries';
import { patchLive } from '../../lib/live-patch';

type ReportList = z.infer<typeof ReportListResponse>;

/** What a civic reporter listens to: their own reports and public alerts. */
export function civicChannels(userId: string): Channel[] {
  return [channels.user(userId), 'public-alerts'];
}

/** A report frame: the reporter's list shows the new status (or the new report) at once. */
export function patchReport(queryClient: QueryClient, data: unknown): void {
  const parsed = Report.safeParse(data);
  if (!parsed.success) return;
  const report = parsed.data;
  patchLive<ReportList>(queryClient, reportQueries.mine().queryKey, (list) => {
    const known = list.reports.some((candidate) => candidate.id === report.id);
    const reports = known
      ? list.reports.map((candidate) => (candidate.id === report.id && candidate.updatedAt <= report.updatedAt ? report : candidate))
      : [report, ...list.reports];
    return { ...list, reports };
  });
}

/** Applies one realtime frame to the civic reporter page's caches. */
export function applyCivicFrame(queryClient: QueryClient, frame: RealtimeFrame): void {
  switch (frame.type) {
    case 'report.created':
    case 'report.updated':
      return patchReport(queryClient, frame.data);
    case 'alert.created':
    case 'alert.updated':
      return void queryClient.invalidateQueries({ queryKey: publicAlertQueries.all });
    case 'realtime.reset':
      void queryClient.invalidateQueries({ queryKey: reportQueries.all });
      void queryClient.invalidateQueries({ queryKey: publicAlertQueries.all });
      return;
  }
}
