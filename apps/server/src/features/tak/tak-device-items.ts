import type { CotMessage } from './cot-reading';
import type { DeviceIdentity } from './tak-certificates.service';
import type { ItemLanding, TakDrawings } from './tak-drawings';
import type { ReportLanding, TakIncidentReports } from './tak-incident-reports';
import type { PointLanding, TakPointsService } from './tak-points.service';
import type { TakVideo, VideoLanding } from './tak-video';

/** What devices put on the map and Argus keeps (docs/decisions/0068-tak-items-from-devices.md). */
export interface DeviceItems {
  /** Drawings devices send, kept as zones. */
  drawings: TakDrawings;
  /** Video feeds devices announce, kept as cameras. */
  video: TakVideo;
  /** Incidents devices mark, filed as field reports. */
  reports: TakIncidentReports;
  /** Point markers devices place, kept for command's map (docs/decisions/0072-tak-map-points.md). */
  points: TakPointsService;
}

export type DeviceItemLanding = ItemLanding | VideoLanding | ReportLanding | PointLanding;

/**
 * Lands a device's drawing, video feed, incident or point marker or delete task in Argus; null for any other
 * event, or while the endpoint keeps no items.
 */
export function landItem(items: DeviceItems | null, message: CotMessage, device: DeviceIdentity | null): Promise<DeviceItemLanding> | null {
  if (!items) return null;
  switch (message.kind) {
    case 'drawing':
      return items.drawings.drawing(message, device);
    case 'video':
      return items.video.video(message, device);
    case 'incident-report':
      return items.reports.report(message, device);
    case 'marker':
      return items.points.marker(message, device);
    case 'removal':
      return removal(items, message, device);
    default:
      return null;
  }
}

/** TAK's delete task: of a kept point, of a video feed kept as a camera, else of a drawing kept as a zone. */
async function removal(
  items: DeviceItems,
  message: Extract<CotMessage, { kind: 'removal' }>,
  device: DeviceIdentity | null,
): Promise<DeviceItemLanding> {
  return (
    (await items.points.removal(message, device)) ??
    (await items.video.removal(message, device)) ??
    (await items.drawings.removal(message, device)) ?? { landed: false, reason: 'no items kept' }
  );
}
