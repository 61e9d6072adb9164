import type { Alert } from '@argus/contracts/http/alerts';
import { isActiveAlert } from './alerts.queries';

/** The active feed after one alert changed: newest first, gone once resolved or dismissed. */
export function upsertActiveAlert(feed: { alerts: Alert[] }, alert: Alert): { alerts: Alert[] } {
  const current = feed.alerts.find((item) => item.id === alert.id);
  if (current && current.updatedAt > alert.updatedAt) return feed;
  const rest = feed.alerts.filter((item) => item.id !== alert.id);
  return { alerts: isActiveAlert(alert) ? [alert, ...rest] : rest };
}
