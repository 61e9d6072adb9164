import { useState } from 'react';
import { BellRing, Volume2, VolumeX } from 'lucide-react';
import type { Alert } from '@argus/contracts/http/alerts';
import { Button } from '../../components/ui/Button';
import { describeError } from '../../lib/api-error';
import { useRealtime } from '../../lib/realtime';
import { ALERT_COLOURS } from '../../lib/map/palette';
import { isAlertSoundOn, playAlertBeep, playSosSiren, saveAlertSound } from './alert-sound';
import { useAlertActionMutation } from './alerts.mutations';
import { addFresh, updateFresh, visibleFresh, type FreshAlerts } from './fresh-alerts';

export interface AlertBannerProps {
  /** The page's list of open alerts, when it has one: it may know of an acknowledgement first. */
  alerts: readonly Alert[] | undefined;
  onShow?: (alert: Alert) => void;
}

/**
 * A visible banner and a short beep for each alert that arrives while the page is open
 * (docs/decisions/0013-threat-rules-engine.md). It listens to the "alerts" channel itself, so it shows as soon as the frame
 * lands, ahead of the page's batched updates. It stays until the alert is acknowledged or hidden;
 * the feed keeps it either way.
 */
export function AlertBanner({ alerts, onShow }: AlertBannerProps) {
  const [arrived, setArrived] = useState<FreshAlerts>([]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [soundOn, setSoundOn] = useState(() => isAlertSoundOn());
  const action = useAlertActionMutation();

  useRealtime(['alerts'], (frame) => {
    if (frame.type !== 'alert.created' && frame.type !== 'alert.updated') return;
    const alert = frame.data;
    // An SOS has its own siren (docs/decisions/0036-command-inbox-and-attention.md).
    if (frame.type === 'alert.created' && alert.status === 'new') {
      if (alert.rule === 'unit.sos') playSosSiren();
      else playAlertBeep(alert.severity);
    }
    setArrived((current) => (frame.type === 'alert.created' ? addFresh(current, alert) : updateFresh(current, alert)));
  });

  const fresh = visibleFresh(arrived, alerts, hidden);
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
        <Button
          variant="ghost"
          onClick={() => setHidden(new Set([...hidden, latest!.id]))}
          aria-label={`Hide the banner for ${latest!.title}`}
        >
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
