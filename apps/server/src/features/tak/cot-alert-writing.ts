import CoT from '@tak-ps/node-cot';
import type { Alert } from '@argus/contracts/http/alerts';
import type { AlertSeverity } from '@argus/contracts/alerts';
import { ARGUS_UID_PREFIX, attribute, eventAttributes, point } from './cot-writing';

/**
 * Argus's open alerts as CoT (docs/decisions/0067-tak-geochat-filtering-and-alerts.md): a spot-map
 * marker (`b-m-p-s-m`), which every ATAK, iTAK and WinTAK draws and lists, coloured by severity,
 * its callsign the alert's title and its remarks the detail. ATAK's own alert types (`b-a-…`) are
 * a device's emergency, which ATAK would show as that device's 911, so none is used for Argus's.
 * It is taken off with the delete task of cot-picture-writing.ts once acknowledged or closed.
 */

/** Alerts live until Argus takes them off; a day covers a server that went away meanwhile. */
const ALERT_STALE_MS = 24 * 60 * 60_000;

export const alertCotUid = (alertId: string) => `${ARGUS_UID_PREFIX}alert-${alertId}`;

const SEVERITY_ARGB: Record<AlertSeverity, string> = {
  info: String((0xff << 24) | 0x1565c0),
  warning: String((0xff << 24) | 0xf9a825),
  critical: String((0xff << 24) | 0xc62828),
};

/** An alert with a place, as a marker; null for one with none to show. */
export function alertMarker(alert: Alert, now: number): string | null {
  if (!alert.location) return null;
  const colour = SEVERITY_ARGB[alert.severity];
  return new CoT({
    event: {
      _attributes: eventAttributes(alertCotUid(alert.id), 'b-m-p-s-m', now, ALERT_STALE_MS, 'h-g-i-g-o'),
      point: point(alert.location.lat, alert.location.lon),
      detail: {
        contact: { _attributes: { callsign: attribute(`Alert: ${alert.title}`) } },
        color: { _attributes: { argb: colour } },
        usericon: { _attributes: { iconsetpath: `COT_MAPPING_SPOTMAP/b-m-p-s-m/${colour}` } },
        remarks: { _text: `Argus ${alert.severity} alert${alert.detail ? `: ${alert.detail}` : ''}` },
      },
    },
  }).to_xml();
}
