import turfBearing from '@turf/bearing';
import turfDistance from '@turf/distance';
import { point } from '@turf/helpers';
import type { LatLon } from './mgrs';

/** Straight-line (great-circle) distance in metres. */
export function distanceMetres(from: LatLon, to: LatLon): number {
  return turfDistance(point([from.lon, from.lat]), point([to.lon, to.lat]), { units: 'meters' });
}

/** Initial bearing from one point to another, 0–360° clockwise from true north. */
export function bearingDegrees(from: LatLon, to: LatLon): number {
  return (turfBearing(point([from.lon, from.lat]), point([to.lon, to.lat])) + 360) % 360;
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** "NE" for 45°: the eight-point compass word a person reads at a glance. */
export function compassPoint(degrees: number): (typeof COMPASS)[number] {
  return COMPASS[Math.round((((degrees % 360) + 360) % 360) / 45) % 8]!;
}

/** "850 m", "12.4 km". */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toFixed(metres < 10_000 ? 2 : 1)} km`;
}
