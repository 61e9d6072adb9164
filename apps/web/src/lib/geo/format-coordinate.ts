import { formatMgrs, type LatLon } from './mgrs';
import { formatUtm } from './utm';

/** The ways a coordinate can be written: a user picks one to read everywhere (docs/decisions/0031-coordinates-in-every-format.md). */
export const COORDINATE_FORMATS = ['decimal', 'dms', 'mgrs', 'utm'] as const;
export type CoordinateFormat = (typeof COORDINATE_FORMATS)[number];

/** Each format as people name it. */
export const COORDINATE_FORMAT_LABELS: Record<CoordinateFormat, string> = {
  decimal: 'Decimal degrees (51.50720° N 0.12760° W)',
  dms: 'Degrees, minutes, seconds (51°30′25.9″ N 000°07′39.4″ W)',
  mgrs: 'MGRS grid reference (30U XC 99311 10854)',
  utm: 'UTM (30U 699311 5710854)',
};

/** The short name put in front of a reading ("MGRS 30U XC …"). */
export const COORDINATE_FORMAT_NAMES: Record<CoordinateFormat, string> = { decimal: 'Lat/lon', dms: 'Lat/lon', mgrs: 'MGRS', utm: 'UTM' };

const hemisphere = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(5)}° ${value >= 0 ? positive : negative}`;

/** One axis in degrees, minutes and tenths of seconds, rounded once so 59.96″ never shows as 60.0″. */
function dmsAxis(value: number, positive: string, negative: string, degreeDigits: number): string {
  const tenths = Math.round(Math.abs(value) * 36_000);
  const degrees = Math.floor(tenths / 36_000);
  const minutes = Math.floor((tenths % 36_000) / 600);
  const seconds = (tenths % 600) / 10;
  const letter = value >= 0 ? positive : negative;
  return `${String(degrees).padStart(degreeDigits, '0')}°${String(minutes).padStart(2, '0')}′${seconds.toFixed(1).padStart(4, '0')}″ ${letter}`;
}

/** A point written in one format; where a grid does not reach (near the poles) it says so in plain words. */
export function formatCoordinate({ lat, lon }: LatLon, format: CoordinateFormat): string {
  switch (format) {
    case 'decimal':
      return `${hemisphere(lat, 'N', 'S')} ${hemisphere(lon, 'E', 'W')}`;
    case 'dms':
      return `${dmsAxis(lat, 'N', 'S', 2)} ${dmsAxis(lon, 'E', 'W', 3)}`;
    case 'mgrs':
      return formatMgrs({ lat, lon }) ?? 'outside the MGRS grid';
    case 'utm':
      return formatUtm({ lat, lon }) ?? 'outside the UTM grid';
  }
}

export interface CoordinateReading {
  /** "Lat/lon", "MGRS" or "UTM". */
  name: string;
  text: string;
}

/**
 * The two readings shown where a place is described: the preferred format first, then the grid
 * reference for the radio, or the latitude and longitude when the grid reference is the preferred one.
 */
export function coordinateReadings(point: LatLon, preferred: CoordinateFormat): [CoordinateReading, CoordinateReading] {
  const second: CoordinateFormat = preferred === 'mgrs' ? 'decimal' : 'mgrs';
  return [
    { name: COORDINATE_FORMAT_NAMES[preferred], text: formatCoordinate(point, preferred) },
    { name: COORDINATE_FORMAT_NAMES[second], text: formatCoordinate(point, second) },
  ];
}

/** Both readings on one line, "38.70690° N 9.13570° W · MGRS 29S MC 88662 84936": grids are named, degrees speak for themselves. */
export function formatReadings(point: LatLon, preferred: CoordinateFormat): string {
  return coordinateReadings(point, preferred)
    .map((reading) => (reading.name === 'Lat/lon' ? reading.text : `${reading.name} ${reading.text}`))
    .join(' · ');
}
