import type { Alert } from '@argus/contracts/http/alerts';
import { MapPin } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { ALERT_COLOURS } from '../../lib/map/palette';
import { formatAge } from '../../lib/time-format';
import { useAlertActionMutation } from './alerts.mutations';

const SEVERITY_ORDER = { critical: 0, warning: 1, info: 2 } as const;

/** New before acknowledged, then most severe, then newest. */
export function sortFeed(alerts: readonly Alert[]): Alert[] {
  return [...alerts].sort(
    (a, b) => Number(a.status !== 'new') - Number(b.status !== 'new') || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.createdAt - a.createdAt,
  );
}

export interface AlertFeedProps {
  alerts: readonly Alert[];
  now: number;
  onShowOnMap: (alert: Alert) => void;
}

/** Alerts waiting on command: acknowledge the new ones, resolve the ones dealt with. */
export function AlertFeed({ alerts, now, onShowOnMap }: AlertFeedProps) {
  const action = useAlertActionMutation();
  const feed = sortFeed(alerts);
  return (
    <section aria-labelledby="alerts-heading" className="space-y-3">
      <h2 id="alerts-heading" className="text-lg font-semibold">{`Alerts (${alerts.filter((alert) => alert.status === 'new').length} new)`}</h2>
      {action.isError ? <FormMessage tone="error">{`Could not update the alert: ${describeError(action.error)}`}</FormMessage> : null}
      {feed.length === 0 ? <p className="text-ink-muted">No open alerts.</p> : null}
      <ul className="space-y-2">
        {feed.map((alert) => {
          const busy = action.isPending && action.variables?.id === alert.id;
          return (
            <li key={alert.id} className="space-y-2 rounded-md border border-line bg-surface-raised p-3" style={{ borderLeftColor: ALERT_COLOURS[alert.severity], borderLeftWidth: 4 }}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">{alert.title}</span>
                <span className="text-sm text-ink-muted">{`${alert.severity} · ${formatAge(alert.createdAt, now)}`}</span>
              </div>
              {alert.detail ? <p className="text-sm">{alert.detail}</p> : null}
              <p className="text-sm text-ink-muted">
                {alert.status === 'new' ? 'Not yet acknowledged' : `Acknowledged ${alert.acknowledgedAt ? formatAge(alert.acknowledgedAt, now) : ''}`}
              </p>
              <div className="flex flex-wrap gap-2">
                {alert.status === 'new' ? (
                  <Button disabled={busy} onClick={() => action.mutate({ id: alert.id, action: 'acknowledge' })} aria-label={`Acknowledge ${alert.title}`}>
                    Acknowledge
                  </Button>
                ) : null}
                <Button variant="secondary" disabled={busy} onClick={() => action.mutate({ id: alert.id, action: 'resolve' })} aria-label={`Resolve ${alert.title}`}>
                  Resolve
                </Button>
                {alert.location ? (
                  <Button variant="ghost" onClick={() => onShowOnMap(alert)} aria-label={`Show ${alert.title} on the map`}>
                    <MapPin aria-hidden="true" className="size-4" />
                    Map
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
