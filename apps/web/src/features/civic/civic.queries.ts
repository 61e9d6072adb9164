import { queryOptions } from '@tanstack/react-query';
import { CivicSettingsResponse } from '@argus/contracts/http/civic';
import { FOLLOW_TOKEN_HEADER, FollowedReportResponse } from '@argus/contracts/http/reports';
import { api } from '../../lib/api';

/** How often a follow link asks again: the reporter has no account, so no realtime channel of their own. */
export const FOLLOW_POLL_MS = 10_000;

/**
 * The civic site's settings, and the report a private follow link stands for
 * (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md). The token stays in a header; the
 * query key names only a short hash-free prefix, so caches and devtools do not hold the whole secret.
 */
export const civicQueries = {
  all: ['civic'] as const,
  settings: () =>
    queryOptions({
      queryKey: [...civicQueries.all, 'settings'] as const,
      queryFn: ({ signal }) => api.get('/civic/settings', CivicSettingsResponse, { signal }),
      select: (data) => data.settings,
    }),
  followed: (token: string) =>
    queryOptions({
      queryKey: [...civicQueries.all, 'followed', token.slice(0, 8)] as const,
      queryFn: ({ signal }) =>
        api.get('/public/reports/followed', FollowedReportResponse, { signal, headers: { [FOLLOW_TOKEN_HEADER]: token } }),
      select: (data) => data.report,
      refetchInterval: FOLLOW_POLL_MS,
    }),
};
