import type { QueryClient } from '@tanstack/react-query';
import type { Alert } from '@argus/contracts/http/alerts';
import { patchLive } from '../../lib/live-patch';
import { alertQueries, isActiveAlert } from './alerts.queries';

/**
 * An alert's live updates, for every page that shows open alerts (the command dashboard, the
 * analyst console, the banner): one upsert, by one rule for which copy is newest.
 */

/** Whether `next` is at least as new as `current`: the server stamps every change with its update time. */
export function isNewerAlert(next: Alert, current: Alert): boolean {
  return next.updatedAt >= current.updatedAt;
}

/** The active feed after one alert changed: newest first, gone once resolved or dismissed. */
export function upsertActiveAlert(feed: { alerts: Alert[] }, alert: Alert): { alerts: Alert[] } {
  const current = feed.alerts.find((item) => item.id === alert.id);
  if (current && !isNewerAlert(alert, current)) return feed;
  const rest = feed.alerts.filter((item) => item.id !== alert.id);
  return { alerts: isActiveAlert(alert) ? [alert, ...rest] : rest };
}

/** Applies a changed alert to the cached active feed, waiting for a fetch in flight (see live-patch.ts). */
export function patchActiveAlerts(queryClient: QueryClient, alert: Alert): void {
  patchLive(queryClient, alertQueries.active().queryKey, (feed) => upsertActiveAlert(feed, alert));
}
