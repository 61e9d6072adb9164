import kinks from '@turf/kinks';
import type { Polygon, Position } from 'geojson';
import type { LatLon } from '../../lib/geo/mgrs';

/**
 * A zone's outline as the list of corners a person edits (docs/decisions/0031-coordinates-in-every-format.md):
 * the outer ring without its closing repeat, in order. The map and the list both edit this one list.
 */
export type Corners = readonly LatLon[];

/** The corners of a polygon's outer ring (the closing repeat dropped). */
export function cornersOf(polygon: Polygon): LatLon[] {
  const ring = polygon.coordinates[0] ?? [];
  const open = ring.length > 1 && samePosition(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring;
  return open.map(([lon = 0, lat = 0]) => ({ lat, lon }));
}

/** The polygon the corners make (ring closed), or null while there are fewer than three. */
export function polygonOf(corners: Corners): Polygon | null {
  if (corners.length < 3) return null;
  const ring = corners.map(({ lat, lon }): Position => [lon, lat]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0] as Position]] };
}

function samePosition(a: Position | undefined, b: Position | undefined): boolean {
  return Boolean(a && b && a[0] === b[0] && a[1] === b[1]);
}

export function addCorner(corners: Corners, corner: LatLon): LatLon[] {
  return [...corners, corner];
}

export function replaceCorner(corners: Corners, index: number, corner: LatLon): LatLon[] {
  return corners.map((existing, at) => (at === index ? corner : existing));
}

export function removeCorner(corners: Corners, index: number): LatLon[] {
  return corners.filter((_, at) => at !== index);
}

/** The corner moved one place earlier (-1) or later (+1); at either end nothing changes. */
export function moveCorner(corners: Corners, index: number, step: -1 | 1): LatLon[] {
  const target = index + step;
  if (index < 0 || index >= corners.length || target < 0 || target >= corners.length) return [...corners];
  const moved = [...corners];
  [moved[index], moved[target]] = [moved[target] as LatLon, moved[index] as LatLon];
  return moved;
}

export function sameCorners(a: Corners, b: Corners): boolean {
  return a.length === b.length && a.every((corner, index) => corner.lat === b[index]?.lat && corner.lon === b[index]?.lon);
}

export type OutlineCheck = { ok: true; polygon: Polygon } | { ok: false; problem: string };

/**
 * Whether the corners make a zone: at least three, no two in a row at the same place, and an outline
 * that does not cross itself (Turf's kinks), since "inside" means nothing for a figure of eight.
 */
export function checkOutline(corners: Corners): OutlineCheck {
  const polygon = polygonOf(corners);
  if (!polygon) {
    const count = corners.length === 0 ? 'none yet' : corners.length === 1 ? 'only 1' : `only ${corners.length}`;
    return { ok: false, problem: `A zone needs at least 3 corners; it has ${count}.` };
  }
  for (let index = 0; index < corners.length; index += 1) {
    const next = (index + 1) % corners.length;
    const a = corners[index] as LatLon;
    const b = corners[next] as LatLon;
    if (a.lat === b.lat && a.lon === b.lon) {
      return { ok: false, problem: `Corners ${index + 1} and ${next + 1} are at the same place; remove one of them.` };
    }
  }
  const crossings = kinks(polygon).features;
  if (crossings.length > 0) {
    const sides = crossingSides(corners);
    const where = sides ? ` (the side from corner ${sides[0]} crosses the side from corner ${sides[1]})` : '';
    return { ok: false, problem: `The outline crosses itself${where}. Reorder or move the corners so it goes round once.` };
  }
  return { ok: true, polygon };
}

/** The first two sides (numbered by their first corner, from 1) that cross, for the message. */
function crossingSides(corners: Corners): [number, number] | null {
  const n = corners.length;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 2; j < n; j += 1) {
      // The last side touches the first at corner 1: neighbours share an end, which is no crossing.
      if (i === 0 && j === n - 1) continue;
      if (segmentsCross(corners[i], corners[(i + 1) % n], corners[j], corners[(j + 1) % n])) return [i + 1, j + 1];
    }
  }
  return null;
}

function segmentsCross(a?: LatLon, b?: LatLon, c?: LatLon, d?: LatLon): boolean {
  if (!a || !b || !c || !d) return false;
  const side = (p: LatLon, q: LatLon, r: LatLon) => Math.sign((q.lon - p.lon) * (r.lat - p.lat) - (q.lat - p.lat) * (r.lon - p.lon));
  return side(a, b, c) !== side(a, b, d) && side(c, d, a) !== side(c, d, b);
}
