import type { QueryClient } from '@tanstack/react-query';
import type { Report } from '@argus/contracts/http/reports';
import { patchLive } from '../../lib/live-patch';
import { byNewestCreated } from '../../lib/server-order';
import { AWAITING_TRIAGE, reportQueries, type NearbyData, type QueueFilter } from './reports.queries';

/**
 * A report's live updates, for every page that lists reports (the command map's reports awaiting
 * triage, the analysts' queues and open report, a reporter's or crew's own reports): one upsert,
 * by one rule for which copy is newest.
 */

/** Submitted or under review: not yet judged by an analyst. */
export function isAwaitingTriage(report: Pick<Report, 'status'>): boolean {
  return (AWAITING_TRIAGE as readonly string[]).includes(report.status);
}

/** Whether `next` is at least as new as `current`: the server stamps every change with its update time. */
export function isNewerReport(next: Report, current: Report): boolean {
  return next.updatedAt >= current.updatedAt;
}

/**
 * A report list after one report changed: replaced when newer, added in the server's order while
 * it `belongs` to the list, dropped once it no longer does. Extra fields of the list are kept.
 */
export function upsertReport<List extends { reports: Report[] }>(list: List, report: Report, belongs: boolean): List {
  const current = list.reports.find((item) => item.id === report.id);
  if (current && !isNewerReport(report, current)) return list;
  const rest = list.reports.filter((item) => item.id !== report.id);
  return { ...list, reports: belongs ? [...rest, report].sort(byNewestCreated) : rest };
}

/** Applies a changed report to a cached report list, waiting for a fetch in flight (see live-patch.ts). */
export function patchReportList(queryClient: QueryClient, queryKey: readonly unknown[], report: Report, belongs: boolean): void {
  patchLive<{ reports: Report[] }>(queryClient, queryKey, (list) => upsertReport(list, report, belongs));
}

/** A report of the signed-in user's (civic reporter or crew): their list shows its new status, or the new report, at once. */
export function patchOwnReport(queryClient: QueryClient, report: Report): void {
  patchReportList(queryClient, reportQueries.mine().queryKey, report, true);
}

/** The triage queue after one report changed: kept (newest first) while it awaits triage and matches the filter, dropped once judged. */
export function upsertQueueReport<Queue extends { reports: Report[] }>(queue: Queue, report: Report, filter: QueueFilter): Queue {
  return upsertReport(queue, report, isAwaitingTriage(report) && (filter === 'all' || report.kind === filter));
}

/** Nearby reports keep their distance and similarity; only the report itself (status, lock) is replaced. */
export function patchNearbyReport(nearby: NearbyData, report: Report): NearbyData {
  if (!nearby.reports.some((entry) => entry.report.id === report.id)) return nearby;
  return { ...nearby, reports: nearby.reports.map((entry) => (entry.report.id === report.id ? { ...entry, report } : entry)) };
}

/** A report the server just answered, or a frame carried, put everywhere the analysts see it: the triage queues, its detail and the nearby lists. */
export function patchTriageReport(queryClient: QueryClient, report: Report): void {
  for (const [queryKey] of queryClient.getQueriesData({ queryKey: reportQueries.triageQueues() })) {
    const filter = queryKey[2] as QueueFilter;
    patchLive(queryClient, reportQueries.triageQueue(filter).queryKey, (old) => upsertQueueReport(old, report, filter));
  }
  const detail = reportQueries.detail(report.id).queryKey;
  queryClient.setQueryData(detail, (old) => (!old || isNewerReport(report, old.report) ? { report } : old));
  queryClient.setQueriesData<NearbyData>({ queryKey: reportQueries.nearbyAll() }, (old) => (old ? patchNearbyReport(old, report) : old));
}
