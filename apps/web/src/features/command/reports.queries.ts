import { queryOptions } from '@tanstack/react-query';
import { ReportListResponse } from '@argus/contracts/http/reports';
import { api } from '../../lib/api';

/** Reports no analyst has judged yet: what the map shows as awaiting triage. */
export const AWAITING_TRIAGE = ['submitted', 'under_review'] as const;

export const awaitingTriageQuery = () =>
  queryOptions({
    queryKey: ['reports', 'awaiting-triage'] as const,
    queryFn: ({ signal }) => api.get(`/reports?${new URLSearchParams({ status: AWAITING_TRIAGE.join(','), limit: '200' })}`, ReportListResponse, { signal }),
  });
