import { useState } from 'react';
import type { Alert } from '@argus/contracts/http/alerts';
import { isCommandRole } from '@argus/contracts/roles';
import { MapPin } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { ALERT_COLOURS } from '../../lib/map/palette';
import { formatAge } from '../../lib/time-format';
import { useAuth } from '../auth/auth-context';
import { AlertDetails } from './AlertDetails';
import { useAlertActionMutation } from './alerts.mutations';
import { DismissAlertForm } from './DismissAlertForm';

const SEVERITY_ORDER = { critical: 0, warning: 1, info: 2 } as const;

/** New before acknowledged, then most severe, then newest. */
export function sortFeed(alerts: readonly Alert[]): Alert[] {
  return [...alerts].sort(
    (a, b) =>
      Number(a.status !== 'new') - Number(b.status !== 'new') ||
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      b.createdAt - a.createdAt,
  );
}

export interface AlertFeedProps {
  alerts: readonly Alert[];
  now: number;
  onShowOnMap?: (alert: Alert) => void;
}

/**
 * Alerts waiting on operations: anyone here acknowledges; command also resolves, or dismisses
 * with a verdict. Each alert opens to the events that raised it and its latencies.
 */
export function AlertFeed({ alerts, now, onShowOnMap }: AlertFeedProps) {
  const action = useAlertActionMutation();
  const { user } = useAuth();
  const canClose = isCommandRole(user?.role);
  const [open, setOpen] = useState<string | null>(null);
  const [dismissing, setDismissing] = useState<string | null>(null);
  const feed = sortFeed(alerts);
  return (
    <section aria-labelledby="alerts-heading" className="space-y-3">
      <h2
        id="alerts-heading"
        className="text-lg font-semibold"
      >{`Alerts (${alerts.filter((alert) => alert.status === 'new').length} new)`}</h2>
      {action.isError ? <FormMessage tone="error">{`Could not update the alert: ${describeError(action.error)}`}</FormMessage> : null}
      {feed.length === 0 ? <p className="text-ink-muted">No open alerts.</p> : null}
      <ul className="space-y-2">
        {feed.map((alert) => {
          const busy = action.isPending && action.variables?.id === alert.id;
          return (
            <li
              key={alert.id}
              data-testid="alert-item"
              className="space-y-2 rounded-md border border-line bg-surface-raised p-3"
              style={{ borderLeftColor: ALERT_COLOURS[alert.severity], borderLeftWidth: 4 }}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">{alert.title}</span>
                <span className="text-sm text-ink-muted">
                  {`${alert.tier === 'detection' ? 'detection · ' : ''}${alert.severity}${alert.occurrences > 1 ? ` · ×${alert.occurrences}` : ''} · ${formatAge(alert.createdAt, now)}`}
                </span>
              </div>
              {alert.detail ? <p className="text-sm">{alert.detail}</p> : null}
              <p className="text-sm text-ink-muted">
                {alert.status === 'new'
                  ? 'Not yet acknowledged'
                  : `Acknowledged ${alert.acknowledgedAt ? formatAge(alert.acknowledgedAt, now) : ''}`}
              </p>
              {open === alert.id ? <AlertDetails alert={alert} /> : null}
              {dismissing === alert.id ? (
                <DismissAlertForm
                  title={alert.title}
                  busy={busy}
                  onCancel={() => setDismissing(null)}
                  onDismiss={(verdict) =>
                    action.mutate({ id: alert.id, action: 'dismiss', verdict }, { onSuccess: () => setDismissing(null) })
                  }
                />
              ) : null}
              <div className="flex flex-wrap gap-2">
                {alert.status === 'new' ? (
                  <Button
                    disabled={busy}
                    onClick={() => action.mutate({ id: alert.id, action: 'acknowledge' })}
                    aria-label={`Acknowledge ${alert.title}`}
                  >
                    Acknowledge
                  </Button>
                ) : null}
                {canClose ? (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() => action.mutate({ id: alert.id, action: 'resolve' })}
                    aria-label={`Resolve ${alert.title}`}
                  >
                    Resolve
                  </Button>
                ) : null}
                {canClose && dismissing !== alert.id ? (
                  <Button variant="secondary" disabled={busy} onClick={() => setDismissing(alert.id)} aria-label={`Dismiss ${alert.title}`}>
                    Dismiss…
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  aria-expanded={open === alert.id}
                  onClick={() => setOpen(open === alert.id ? null : alert.id)}
                  aria-label={`Details of ${alert.title}`}
                >
                  Details
                </Button>
                {alert.location && onShowOnMap ? (
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
