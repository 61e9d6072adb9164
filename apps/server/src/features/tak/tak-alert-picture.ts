import type { Alert } from '@argus/contracts/http/alerts';
import type { Clock } from '../../lib/clock';
import { presentAlert } from '../alerts/alerts.presenter';
import type { AlertsService } from '../alerts/alerts.service';
import { alertCotUid, alertMarker } from './cot-alert-writing';
import { removal } from './cot-picture-writing';
import type { TakPicture } from './tak-picture';

/** What the alerts on devices are read from. */
export interface AlertSources {
  alerts: AlertsService;
}

/** New alerts read for a device that connects; far above what command leaves unacknowledged. */
const MAX_NEW_ALERTS = 200;

/** An SOS is already on every device that may see its unit, as that unit's 911 alert. */
const SHOWN_AS_EMERGENCY = 'unit.sos';

/**
 * Argus's alerts on each connected TAK device (docs/decisions/0067-tak-geochat-filtering-and-alerts.md):
 * a new alert with a place goes to the devices whose users may see it (TakPicture.seesAlert, the
 * channel rule of the web app) and comes off once acknowledged, resolved or dismissed.
 */
export class TakAlertPicture {
  /** The alerts each connection was sent. */
  private readonly shown = new Map<number, Set<string>>();

  constructor(
    private readonly sources: AlertSources,
    private readonly picture: TakPicture,
    private readonly clock: Clock,
    private readonly send: (connectionId: number, xml: string) => void,
  ) {}

  async join(connectionId: number): Promise<void> {
    const shown = new Set<string>();
    this.shown.set(connectionId, shown);
    const { rows } = await this.sources.alerts.list({ status: ['new'], limit: MAX_NEW_ALERTS });
    if (this.shown.get(connectionId) !== shown) return;
    for (const row of rows) this.show(connectionId, shown, presentAlert(row));
  }

  leave(connectionId: number): void {
    this.shown.delete(connectionId);
  }

  alertChanged(alert: Alert): void {
    for (const [connectionId, shown] of this.shown) this.show(connectionId, shown, alert);
  }

  private show(connectionId: number, shown: Set<string>, alert: Alert): void {
    const marker =
      alert.status === 'new' && alert.rule !== SHOWN_AS_EMERGENCY && this.picture.seesAlert(connectionId, alert)
        ? alertMarker(alert, this.clock.now())
        : null;
    if (marker) {
      this.send(connectionId, marker);
      shown.add(alert.id);
    } else if (shown.delete(alert.id)) {
      this.send(connectionId, removal(alertCotUid(alert.id), this.clock.now()));
    }
  }
}
