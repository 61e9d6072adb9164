import type { Alert } from '@argus/contracts/http/alerts';
import type { Report } from '@argus/contracts/http/reports';
import type { TakContact } from '@argus/contracts/http/tak';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import type { Unit } from '@argus/contracts/http/units';
import type { MapSelectionTarget } from './MapSelection';

/** A feature tapped on the command map, by its overlay and id. */
export type MapPicked = { overlayId: string; id: string } | null;

/** What a pick shows in the card over the map, read from the current lists so it stays live; gone once its item is. */
export function selectionFor(
  picked: MapPicked,
  lists: {
    units: readonly Unit[];
    reports: readonly Report[];
    alerts: readonly Alert[];
    takContacts: readonly TakContact[];
    takPoints: readonly TakPoint[];
  },
): MapSelectionTarget | null {
  if (!picked) return null;
  if (picked.overlayId === 'units' || picked.overlayId === 'emergencies') {
    const unit = lists.units.find((item) => item.id === picked.id);
    return unit ? { kind: 'unit', unit } : null;
  }
  if (picked.overlayId === 'reports') {
    const report = lists.reports.find((item) => item.id === picked.id);
    return report ? { kind: 'report', report } : null;
  }
  if (picked.overlayId === 'alerts') {
    const alert = lists.alerts.find((item) => item.id === picked.id);
    return alert ? { kind: 'alert', alert } : null;
  }
  if (picked.overlayId === 'tak-contacts') {
    const contact = lists.takContacts.find((item) => item.uid === picked.id);
    // Bound since it was picked: it is its unit on the map now, not a contact.
    return contact && !contact.unit ? { kind: 'tak-contact', contact } : null;
  }
  if (picked.overlayId === 'tak-points') {
    // Deleted on its device since it was picked: the card goes with it.
    const point = lists.takPoints.find((item) => item.uid === picked.id);
    return point ? { kind: 'tak-point', point } : null;
  }
  return null;
}
