import { formatMgrs } from '../geo/mgrs';

const hemisphere = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(5)}° ${value >= 0 ? positive : negative}`;

/** "51.50720° N 0.12760° W": a reading a person can say over the radio without sign mistakes. */
export function formatLatLon({ lat, lon }: { lat: number; lon: number }): string {
  return `${hemisphere(lat, 'N', 'S')} ${hemisphere(lon, 'E', 'W')}`;
}

/** The MGRS reference, or a plain word where the grid does not reach (the poles). */
export function formatGrid(point: { lat: number; lon: number }): string {
  return formatMgrs(point) ?? 'outside the MGRS grid';
}

/** Longitude folded into -180…180, as the API accepts it (the map may have panned round the world). */
export function wrapLongitude(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}
