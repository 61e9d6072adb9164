import { queryOptions } from '@tanstack/react-query';
import { PublicAlertListResponse } from '@argus/contracts/http/alerts';
import { ReportListResponse } from '@argus/contracts/http/reports';
import type { LatLon } from '../../lib/geo/mgrs';
import { api } from '../../lib/api';

/** Polled until the realtime socket pushes report and alert changes; then only a safety net. */
export const CIVIC_POLL_MS = 30_000;

/** A reporter's own reports (the server answers nothing else to a reporter), newest first. */
export const reportQueries = {
  all: ['reports'] as const,
  mine: () =>
    queryOptions({
      queryKey: [...reportQueries.all, 'mine'],
      queryFn: ({ signal }) => api.get('/reports?limit=50', ReportListResponse, { signal }),
      select: (data) => data.reports,
      refetchInterval: CIVIC_POLL_MS,
    }),
};

/** Coordinates rounded to about 1 km: close enough for "near me", and one cache entry per area rather than per fix. */
const roughly = (value: number) => Math.round(value * 100) / 100;

export const publicAlertQueries = {
  all: ['public-alerts'] as const,
  near: (point: LatLon | null) =>
    queryOptions({
      queryKey: [...publicAlertQueries.all, point ? roughly(point.lat) : null, point ? roughly(point.lon) : null],
      queryFn: ({ signal }) => {
        const query = point ? `?${new URLSearchParams({ lat: String(roughly(point.lat)), lon: String(roughly(point.lon)) }).toString()}` : '';
        return api.get(`/alerts/public${query}`, PublicAlertListResponse, { signal });
      },
      select: (data) => data.alerts,
      refetchInterval: CIVIC_POLL_MS,
    }),
};
