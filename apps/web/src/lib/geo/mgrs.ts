import { forward, toPoint } from 'mgrs';

/**
 * MGRS grid references for the field (docs/decisions/0011-what-each-page-does.md). The `mgrs` package turns some
 * malformed references into a point instead of refusing them, so references are checked here
 * against the grammar first: zone 1–60, latitude band C–X without I and O, two 100 km square
 * letters without I and O, then an even number of digits (0 to 10).
 */
const GRID_REFERENCE = /^(0?[1-9]|[1-5][0-9]|60)([C-HJ-NP-X])([A-HJ-NP-Z])([A-HJ-NP-V])(\d{0,10})$/;

export interface LatLon {
  lat: number;
  lon: number;
}

/** Precision in metres by digits per axis: 5 digits is 1 m, 4 is 10 m, … */
export type MgrsDigits = 1 | 2 | 3 | 4 | 5;

/** The grid reference of a point, grouped for reading aloud ("33U UP 04971 10814"), or null outside 80°S–84°N. */
export function formatMgrs({ lat, lon }: LatLon, digits: MgrsDigits = 5): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || lat < -80 || lat > 84 || lon < -180 || lon > 180) return null;
  const compact = forward([lon, lat], digits);
  const match = GRID_REFERENCE.exec(compact);
  if (!match) return compact;
  const [, zone, band, column, row, numbers = ''] = match;
  const half = numbers.length / 2;
  return `${zone}${band} ${column}${row} ${numbers.slice(0, half)} ${numbers.slice(half)}`.trim();
}

export type MgrsParse = { ok: true; point: LatLon } | { ok: false; problem: string };

/** Reads a grid reference typed by a person (spaces and lower case allowed) into the centre of its square. */
export function parseMgrs(text: string): MgrsParse {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (!compact) return { ok: false, problem: 'Enter a grid reference.' };
  const match = GRID_REFERENCE.exec(compact);
  if (!match) return { ok: false, problem: 'That is not a grid reference such as 33U UP 04971 10814.' };
  if ((match[5] ?? '').length % 2 !== 0) return { ok: false, problem: 'A grid reference has as many easting digits as northing digits.' };
  try {
    const [lon, lat] = toPoint(compact);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return { ok: false, problem: 'That grid reference does not name a place.' };
    // A square past its zone's edge projects past the antimeridian ("1CAA" reads as 186.9° W): the
    // same place, named as a longitude the map knows, as fromUtm does for UTM.
    return { ok: true, point: { lat, lon: ((((lon + 180) % 360) + 360) % 360) - 180 } };
  } catch {
    return { ok: false, problem: 'That grid reference does not name a place.' };
  }
}
