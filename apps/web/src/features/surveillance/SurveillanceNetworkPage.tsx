import { NotYetAvailable } from '../../components/NotYetAvailable';

/** /surveillance-network: cameras, sensors and detections (DESIGN section 2). */
export function SurveillanceNetworkPage() {
  return (
    <NotYetAvailable>
      The registry of cameras and sensors (add, edit, place on the map), their health (online,
      degraded or offline from checks every 30 seconds), a live grid of feeds, detections from video
      analytics, and a map of coverage.
    </NotYetAvailable>
  );
}
