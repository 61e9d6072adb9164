import { useEffect, useMemo, useRef, useState } from 'react';
import { BellRing, Volume2, VolumeX } from 'lucide-react';
import type { Alert } from '@argus/contracts/http/alerts';
import { Button } from '../../components/ui/Button';
import { describeError } from '../../lib/api-error';
import { ALERT_COLOURS } from '../../lib/map/palette';
import { isAlertSoundOn, playAlertBeep, saveAlertSound } from './alert-sound';
import { useAlertActionMutation } from './alerts.mutations';
import { FreshAlerts } from './fresh-alerts';

const SEVERITY_RANK = { info: 0, warning: 1, critical: 2 } as const;

export interface AlertBannerProps {
  alerts: readonly Alert[] | undefined;
  onShow?: (alert: Alert) => void;
}

/**
 * A visible banner and a short beep for each alert that arrives while the page is open
 * (DESIGN section 4). It stays until the alert is acknowledged or hidden; the feed keeps it.
 */
export function AlertBanner({ alerts, onShow }: AlertBannerProps) {
  const tracker = useRef(new FreshAlerts());
  const [version, setVersion] = useState(0);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [soundOn, setSoundOn] = useState(() => isAlertSoundOn());
  const action = useAlertActionMutation();

  useEffect(() => {
    if (!alerts) return;
    const added = tracker.current.take(alerts);
    if (added.length === 0) return;
    const worst = added.reduce((top, alert) => (SEVERITY_RANK[alert.severity] > SEVERITY_RANK[top.severity] ? alert : top));
    playAlertBeep(worst.severity);
    setVersion((value) => value + 1);
  }, [alerts]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` marks a change inside the tracker
  const fresh = useMemo(() => (alerts ? tracker.current.current(alerts, hidden) : []), [alerts, hidden, version]);
  if (fresh.length === 0) return null;
  const [latest] = fresh;
  const busy = action.isPending && action.variables?.id === latest!.id;

  return (
    <section
      role="alert"
      aria-labelledby="alert-banner-heading"
      data-testid="alert-banner"
      className="mb-3 flex flex-col gap-2 rounded-lg border-2 bg-surface-raised p-3 sm:flex-row sm:items-center sm:justify-between"
      style={{ borderColor: ALERT_COLOURS[latest!.severity] }}
    >
      <div className="min-w-0">
        <h2 id="alert-banner-heading" className="flex items-center gap-2 font-bold">
          <BellRing aria-hidden="true" className="size-5 motion-safe:animate-pulse" style={{ color: ALERT_COLOURS[latest!.severity] }} />
          {`New ${latest!.tier === 'detection' ? 'detection' : 'alert'} (${latest!.severity}): ${latest!.title}`}
        </h2>
        {latest!.detail ? <p className="truncate text-sm">{latest!.detail}</p> : null}
        {fresh.length > 1 ? <p className="text-sm text-ink-muted">{`and ${fresh.length - 1} more new`}</p> : null}
        {action.isError ? <p className="text-sm text-danger">{`Could not acknowledge: ${describeError(action.error)}`}</p> : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button disabled={busy} onClick={() => action.mutate({ id: latest!.id, action: 'acknowledge' })}>
          Acknowledge
        </Button>
        {onShow ? (
          <Button variant="secondary" onClick={() => onShow(latest!)}>
            Show
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => setHidden(new Set([...hidden, latest!.id]))} aria-label={`Hide the banner for ${latest!.title}`}>
          Hide
        </Button>
        <Button
          variant="ghost"
          aria-pressed={soundOn}
          aria-label={soundOn ? 'Turn alert sound off' : 'Turn alert sound on'}
          onClick={() => {
            saveAlertSound(!soundOn);
            setSoundOn(!soundOn);
          }}
        >
          {soundOn ? <Volume2 aria-hidden="true" className="size-4" /> : <VolumeX aria-hidden="true" className="size-4" />}
        </Button>
      </div>
    </section>
  );
}
