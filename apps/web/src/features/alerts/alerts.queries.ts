import { queryOptions } from '@tanstack/react-query';
import { AlertListResponse, PublicAlertListResponse } from '@argus/contracts/http/alerts';
import type { Alert } from '@argus/contracts/http/alerts';
import { api } from '../../lib/api';
import type { LatLon } from '../../lib/geo/mgrs';
import { CIVIC_POLL_MS } from '../../lib/poll-interval';

/** Alerts still needing command: new ones to acknowledge and acknowledged ones to resolve. */
export const ACTIVE_ALERT_STATUSES = ['new', 'acknowledged'] as const;

/** Whether an alert still needs command (see ACTIVE_ALERT_STATUSES). */
export function isActiveAlert(alert: Alert): boolean {
  return (ACTIVE_ALERT_STATUSES as readonly string[]).includes(alert.status);
}

/** The active alerts of command's feed: both statuses asked for at once, one list. */
export const alertQueries = {
  all: ['alerts'] as const,
  active: () =>
    queryOptions({
      queryKey: [...alertQueries.all, 'active'] as const,
      queryFn: async ({ signal }) => {
        const pages = await Promise.all(
          ACTIVE_ALERT_STATUSES.map((status) => api.get(`/alerts?status=${status}&limit=200`, AlertListResponse, { signal })),
        );
        return { alerts: pages.flatMap((page) => page.alerts) };
      },
    }),
};

/** Coordinates rounded to about 1 km: close enough for "near me", and one cache entry per area rather than per fix. */
const roughly = (value: number) => Math.round(value * 100) / 100;

/** Public alerts near a point, for civic reporters and field units (a key of its own: anyone may read them). */
export const publicAlertQueries = {
  all: ['public-alerts'] as const,
  near: (point: LatLon | null) =>
    queryOptions({
      queryKey: [...publicAlertQueries.all, point ? roughly(point.lat) : null, point ? roughly(point.lon) : null],
      queryFn: ({ signal }) => {
        const query = point
          ? `?${new URLSearchParams({ lat: String(roughly(point.lat)), lon: String(roughly(point.lon)) }).toString()}`
          : '';
        return api.get(`/alerts/public${query}`, PublicAlertListResponse, { signal });
      },
      select: (data) => data.alerts,
      refetchInterval: CIVIC_POLL_MS,
    }),
};
