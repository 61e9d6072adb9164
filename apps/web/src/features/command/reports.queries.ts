import { queryOptions } from '@tanstack/react-query';
import { ReportListResponse } from '@argus/contracts/http/reports';
import type { Report } from '@argus/contracts/http/reports';
import { api } from '../../lib/api';

/** Reports no analyst has judged yet: what the map shows as awaiting triage. */
export const AWAITING_TRIAGE = ['submitted', 'under_review'] as const;

export function isAwaitingTriage(report: Report): boolean {
  return (AWAITING_TRIAGE as readonly string[]).includes(report.status);
}

export const awaitingTriageQuery = () =>
  queryOptions({
    queryKey: ['reports', 'awaiting-triage'] as const,
    queryFn: ({ signal }) => api.get(`/reports?${new URLSearchParams({ status: AWAITING_TRIAGE.join(','), limit: '200' })}`, ReportListResponse, { signal }),
  });

/** The list after one report changed: kept while it awaits triage, dropped once judged. */
export function upsertAwaitingReport<List extends { reports: Report[] }>(list: List, report: Report): List {
  const current = list.reports.find((item) => item.id === report.id);
  if (current && current.updatedAt > report.updatedAt) return list;
  const rest = list.reports.filter((item) => item.id !== report.id);
  return { ...list, reports: isAwaitingTriage(report) ? [report, ...rest] : rest };
}
