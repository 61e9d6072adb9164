import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Crosshair, Info } from 'lucide-react';
import type { Alert } from '@argus/contracts/http/alerts';
import { describeError } from '../../lib/api-error';
import { distanceMetres, formatDistance } from '../../lib/geo/distance';
import type { LatLon } from '../../lib/geo/mgrs';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/class-names';
import { currentPosition } from '../../lib/geo/device-position';
import { CIVIC_POLL_MS, pollInterval } from '../../lib/poll-interval';
import { publicAlertQueries } from '../alerts/alerts.queries';

const SEVERITY_TONES: Record<Alert['severity'], string> = {
  info: 'border-line',
  warning: 'border-warning',
  critical: 'border-danger bg-danger-surface/40',
};

/** Asks for the device's place only if the person already allowed it; otherwise waits for the button. */
async function locationAlreadyAllowed(): Promise<boolean> {
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state === 'granted';
  } catch {
    return false;
  }
}

/** Public safety alerts near the reporter (or all current ones until the device's place is known). */
export function PublicAlerts({ live }: { live: boolean }) {
  const headingId = useId();
  const [here, setHere] = useState<LatLon | null>(null);
  const [problem, setProblem] = useState<string>();
  const alerts = useQuery({ ...publicAlertQueries.near(here), refetchInterval: pollInterval(live, CIVIC_POLL_MS) });

  const locate = async () => {
    const position = await currentPosition();
    if (position.status === 'fix') {
      setHere(position.location);
      setProblem(undefined);
    } else {
      setProblem(position.status === 'error' ? position.message : 'This browser cannot tell where it is.');
    }
  };

  useEffect(() => {
    let cancelled = false;
    void locationAlreadyAllowed().then((allowed) => {
      if (allowed && !cancelled) void locate();
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const list = alerts.data ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {here ? 'Public alerts near you' : 'Public alerts'}
      </h2>
      {!here ? (
        <Button variant="secondary" onClick={() => void locate()} className="w-full">
          <Crosshair aria-hidden="true" className="size-5" />
          Show alerts near me
        </Button>
      ) : null}
      {problem ? <p className="text-sm text-warning">{problem}</p> : null}
      {alerts.isError && !alerts.data ? (
        <p className="text-danger">{`Alerts could not be loaded: ${describeError(alerts.error)}`}</p>
      ) : null}
      {alerts.data && list.length === 0 ? (
        <p className="text-ink-muted">{here ? 'No public alerts around you.' : 'No public alerts right now.'}</p>
      ) : null}
      <ul className="space-y-2">
        {list.map((alert) => {
          const Icon = alert.severity === 'info' ? Info : AlertTriangle;
          return (
            <li key={alert.id} className={cn('rounded-lg border bg-surface p-3', SEVERITY_TONES[alert.severity])}>
              <p className="flex items-center gap-2 font-semibold">
                <Icon aria-hidden="true" className={cn('size-5 shrink-0', alert.severity === 'info' ? 'text-gold' : 'text-danger')} />
                {alert.title}
              </p>
              {alert.detail ? <p className="mt-1 whitespace-pre-wrap">{alert.detail}</p> : null}
              <p className="mt-1 text-sm text-ink-muted">
                {new Date(alert.createdAt).toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}
                {here && alert.location ? ` · ${formatDistance(distanceMetres(here, alert.location))} away` : ''}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
