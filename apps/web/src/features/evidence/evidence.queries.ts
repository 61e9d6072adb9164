import { queryOptions } from '@tanstack/react-query';
import { CustodyResponse, EvidenceListResponse, EvidenceResponse, VerificationResponse } from '@argus/contracts/http/evidence';
import type { EvidenceKind, EvidenceStatus } from '@argus/contracts/evidence';
import { api } from '../../lib/api';

/** The list's filters, as the page holds them (empty string: any). */
export interface EvidenceFilterValues {
  incidentId: string;
  kind: EvidenceKind | '';
  status: EvidenceStatus | '';
  capturedBy: string;
  from: string;
  to: string;
}

export const NO_FILTERS: EvidenceFilterValues = { incidentId: '', kind: '', status: '', capturedBy: '', from: '', to: '' };
export const EVIDENCE_PAGE = 50;

/** The list's query string: date inputs become epoch milliseconds, empty filters are left out. */
export function evidenceSearch(filters: EvidenceFilterValues, cursor: string | null): URLSearchParams {
  const params = new URLSearchParams({ limit: String(EVIDENCE_PAGE) });
  if (filters.incidentId) params.set('incidentId', filters.incidentId);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.status) params.set('status', filters.status);
  if (filters.capturedBy) params.set('capturedBy', filters.capturedBy);
  const from = filters.from ? Date.parse(filters.from) : NaN;
  const to = filters.to ? Date.parse(filters.to) : NaN;
  if (Number.isFinite(from)) params.set('from', String(from));
  if (Number.isFinite(to)) params.set('to', String(to));
  if (cursor) params.set('cursor', cursor);
  return params;
}

const itemPath = (id: string, rest = '') => `/evidence/${encodeURIComponent(id)}${rest}`;

export const evidenceQueries = {
  all: ['evidence'] as const,
  lists: () => [...evidenceQueries.all, 'list'] as const,
  list: (filters: EvidenceFilterValues, cursor: string | null) =>
    queryOptions({
      queryKey: [...evidenceQueries.lists(), filters, cursor] as const,
      queryFn: ({ signal }) => api.get(`/evidence?${evidenceSearch(filters, cursor)}`, EvidenceListResponse, { signal }),
    }),
  /** Opening an item records a "viewed" custody entry: fetched once per opening (dropped on close), never refetched behind the viewer's back. */
  item: (id: string) =>
    queryOptions({
      queryKey: [...evidenceQueries.all, 'item', id] as const,
      queryFn: ({ signal }) => api.get(itemPath(id), EvidenceResponse, { signal }),
      select: (data) => data.item,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
  custodyAll: () => [...evidenceQueries.all, 'custody'] as const,
  custody: (id: string) =>
    queryOptions({
      queryKey: [...evidenceQueries.custodyAll(), id] as const,
      queryFn: ({ signal }) => api.get(itemPath(id, '/custody'), CustodyResponse, { signal }),
      select: (data) => data.entries,
    }),
  verificationAll: () => [...evidenceQueries.all, 'verify'] as const,
  verification: (id: string) =>
    queryOptions({
      queryKey: [...evidenceQueries.verificationAll(), id] as const,
      queryFn: ({ signal }) => api.get(itemPath(id, '/verify'), VerificationResponse, { signal }),
      select: (data) => data.verification,
    }),
};

export const contentUrl = (id: string, download = false) => itemPath(id, `/content${download ? '?download=1' : ''}`);
