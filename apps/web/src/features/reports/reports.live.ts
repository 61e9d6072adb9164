import type { QueryClient } from '@tanstack/react-query';
import type { Report } from '@argus/contracts/http/reports';
import { patchLive } from '../../lib/live-patch';
import { byNewestCreated } from '../../lib/server-order';
import { AWAITING_TRIAGE, reportQueries } from './reports.queries';

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
