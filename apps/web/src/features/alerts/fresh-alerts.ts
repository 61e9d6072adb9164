import type { Alert } from '@argus/contracts/http/alerts';

/**
 * Which alerts arrived while the page was open: the first list loaded is what the person walked
 * in on (no banner, no beep for those); any alert id seen after that is fresh while it is new.
 */
export class FreshAlerts {
  private known: Set<string> | null = null;
  private fresh: string[] = [];

  /** Takes the current list; returns the alerts that just arrived and are new. */
  take(alerts: readonly Alert[]): Alert[] {
    if (this.known === null) {
      this.known = new Set(alerts.map((alert) => alert.id));
      return [];
    }
    const arrived = alerts.filter((alert) => !this.known!.has(alert.id));
    for (const alert of arrived) this.known.add(alert.id);
    const added = arrived.filter((alert) => alert.status === 'new');
    this.fresh = [...added.map((alert) => alert.id), ...this.fresh];
    return added;
  }

  /** Fresh alerts still new, newest first, without the ones hidden from the banner. */
  current(alerts: readonly Alert[], hidden: ReadonlySet<string>): Alert[] {
    const byId = new Map(alerts.map((alert) => [alert.id, alert]));
    return this.fresh.map((id) => byId.get(id)).filter((alert): alert is Alert => alert !== undefined && alert.status === 'new' && !hidden.has(alert.id));
  }
}
