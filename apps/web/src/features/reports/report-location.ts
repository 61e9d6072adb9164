import { parseMgrs, type LatLon } from '../../lib/geo/mgrs';

/** What people report: a short fixed list, so triage can sort and count. */
export const REPORT_CATEGORIES = ['fire', 'medical', 'crime', 'traffic', 'hazard', 'infrastructure', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** Each category as people read it. */
export const CATEGORY_LABELS: Record<ReportCategory, string> = {
  fire: 'Fire',
  medical: 'Medical',
  crime: 'Crime',
  traffic: 'Traffic',
  hazard: 'Hazard',
  infrastructure: 'Infrastructure',
  other: 'Other',
};

const LAT_LON = /^\s*([-+]?\d{1,2}(?:\.\d+)?)\s*[,;\s]\s*([-+]?\d{1,3}(?:\.\d+)?)\s*$/;

export type LocationParse = { ok: true; point: LatLon } | { ok: false; problem: string };

/** A place typed by a person: "51.5072, -0.1276" (lat, lon) or an MGRS grid reference. */
export function parseTypedLocation(text: string): LocationParse {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, problem: 'Enter a grid reference or a latitude and longitude.' };
  const match = LAT_LON.exec(trimmed);
  if (match) {
    const lat = Number(match[1]);
    const lon = Number(match[2]);
    if (lat < -90 || lat > 90) return { ok: false, problem: 'Latitude is between -90 and 90.' };
    if (lon < -180 || lon > 180) return { ok: false, problem: 'Longitude is between -180 and 180.' };
    return { ok: true, point: { lat, lon } };
  }
  const grid = parseMgrs(trimmed);
  if (grid.ok) return grid;
  return { ok: false, problem: `${grid.problem} Or type a latitude and longitude such as 51.5072, -0.1276.` };
}
