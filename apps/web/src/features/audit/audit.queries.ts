import { infiniteQueryOptions } from '@tanstack/react-query';
import { AuditListResponse } from '@argus/contracts/http/audit';
import { api } from '../../lib/api';

export interface AuditFilterValues {
  action: string;
  /** yyyy-mm-dd from a date input, local time; empty for no bound. */
  fromDate: string;
  toDate: string;
  text: string;
}

const PAGE_SIZE = 50;

/** The query string for one page: dates become the start of the first day and the end of the last. */
export function auditSearchParams(filters: AuditFilterValues, before?: number): URLSearchParams {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filters.action) params.set('action', filters.action);
  if (filters.fromDate) params.set('from', String(new Date(`${filters.fromDate}T00:00:00`).getTime()));
  if (filters.toDate) params.set('to', String(new Date(`${filters.toDate}T23:59:59.999`).getTime()));
  if (filters.text.trim()) params.set('q', filters.text.trim());
  if (before !== undefined) params.set('before', String(before));
  return params;
}

/** The audit log, page by page (newest first), for the filters applied. */
export const auditQueries = {
  list: (filters: AuditFilterValues) =>
    infiniteQueryOptions({
      queryKey: ['audit', 'list', filters],
      queryFn: ({ pageParam, signal }) => api.get(`/audit?${auditSearchParams(filters, pageParam)}`, AuditListResponse, { signal }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => last.nextBefore ?? undefined,
    }),
};
