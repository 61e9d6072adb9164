import { lengthToRadians, polygon, degreesToRadians, radiansToDegrees } from '@turf/helpers';
import type { Feature, Polygon } from 'geojson';
import type { Camera } from '@argus/contracts/http/cameras';

/** Default reach drawn for a camera whose range is not set. */
export const DEFAULT_RANGE_M = 100;
const ARC_STEPS = 24;

/** The point `distanceM` metres from `origin` along `bearing` degrees (great circle). */
export function destination(origin: { lat: number; lon: number }, distanceM: number, bearing: number): [lon: number, lat: number] {
  const angular = lengthToRadians(distanceM, 'meters');
  const lat1 = degreesToRadians(origin.lat);
  const lon1 = degreesToRadians(origin.lon);
  const theta = degreesToRadians(bearing);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta));
  const lon2 = lon1 + Math.atan2(Math.sin(theta) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return [((radiansToDegrees(lon2) + 540) % 360) - 180, radiansToDegrees(lat2)];
}

/**
 * What a camera sees, as a polygon: a wedge from its position along its heading, `fov` wide and
 * `rangeM` deep; a full circle when it has no heading or sees all round (a dome, a sensor).
 */
export function coverageWedge(camera: Pick<Camera, 'id' | 'location' | 'heading' | 'fov' | 'rangeM'>): Feature<Polygon, { id: string }> {
  const range = camera.rangeM ?? DEFAULT_RANGE_M;
  const fullCircle = camera.heading === null || camera.fov === null || camera.fov >= 360;
  const origin: [number, number] = [camera.location.lon, camera.location.lat];
  if (fullCircle) {
    const ring = Array.from({ length: ARC_STEPS * 2 }, (_, step) => destination(camera.location, range, (360 * step) / (ARC_STEPS * 2)));
    return polygon([[...ring, ring[0]!]], { id: camera.id });
  }
  const start = camera.heading! - camera.fov! / 2;
  const arc = Array.from({ length: ARC_STEPS + 1 }, (_, step) =>
    destination(camera.location, range, start + (camera.fov! * step) / ARC_STEPS),
  );
  return polygon([[origin, ...arc, origin]], { id: camera.id });
}
