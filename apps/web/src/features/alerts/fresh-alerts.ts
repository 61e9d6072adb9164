import type { Alert } from '@argus/contracts/http/alerts';
import { isNewerAlert } from './alerts.live';

/**
 * Alerts that arrived while the page was open, newest first: the banner's own list, fed straight
 * from the realtime frames so it shows before any batched cache update or page-wide render.
 */
export type FreshAlerts = readonly Alert[];

/** An alert.created frame: a new alert joins the front (once), anything else is ignored. */
export function addFresh(fresh: FreshAlerts, alert: Alert): FreshAlerts {
  if (alert.status !== 'new' || fresh.some((known) => known.id === alert.id)) return fresh;
  return [alert, ...fresh];
}

/** An alert.updated frame: the banner follows it (acknowledged elsewhere, it goes). */
export function updateFresh(fresh: FreshAlerts, alert: Alert): FreshAlerts {
  return fresh.some((known) => known.id === alert.id && isNewerAlert(alert, known))
    ? fresh.map((known) => (known.id === alert.id ? alert : known))
    : fresh;
}

/** What the banner shows: fresh alerts still new (by the newest copy, theirs or the list's), minus the hidden ones. */
export function visibleFresh(fresh: FreshAlerts, listed: readonly Alert[] | undefined, hidden: ReadonlySet<string>): Alert[] {
  const byId = new Map((listed ?? []).map((alert) => [alert.id, alert]));
  return fresh.filter((alert) => {
    const listedCopy = byId.get(alert.id);
    const newest = listedCopy && !isNewerAlert(alert, listedCopy) ? listedCopy : alert;
    return newest.status === 'new' && !hidden.has(alert.id);
  });
}
