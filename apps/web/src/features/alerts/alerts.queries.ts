import { queryOptions } from '@tanstack/react-query';
import { AlertListResponse } from '@argus/contracts/http/alerts';
import type { Alert } from '@argus/contracts/http/alerts';
import { api } from '../../lib/api';

/** Alerts still needing command: new ones to acknowledge and acknowledged ones to resolve. */
export const ACTIVE_ALERT_STATUSES = ['new', 'acknowledged'] as const;

export function isActiveAlert(alert: Alert): boolean {
  return (ACTIVE_ALERT_STATUSES as readonly string[]).includes(alert.status);
}

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
