import { HOME_AREA_MAX_LATITUDE, type HomeAreaBox } from '@argus/contracts/http/home-area';
import type { Extent } from './home-area.repository';

/** Room around what is on the maps, as a share of the box's width and height on each side. */
const PADDING_SHARE = 0.1;
/**
 * The least room on each side, in degrees (about 1 km of latitude): one unit or one incident alone
 * still opens on its neighbourhood rather than on a single street corner.
 */
const MIN_PADDING_DEGREES = 0.01;

/**
 * The home area derived from what is on the maps (docs/decisions/0058-home-area.md): the box around
 * every extent that has something in it, padded, and kept inside what the maps can show. Null when
 * every extent is empty.
 */
export function derivedHomeArea(extents: readonly Extent[]): HomeAreaBox | null {
  let box: HomeAreaBox | null = null;
  for (const extent of extents) {
    const { west, south, east, north } = extent;
    if (west === null || south === null || east === null || north === null) continue;
    // Made numbers here so an aggregate reads the same from either database driver.
    const [w, s, e, n] = [west, south, east, north].map(Number) as [number, number, number, number];
    box = box
      ? { west: Math.min(box.west, w), south: Math.min(box.south, s), east: Math.max(box.east, e), north: Math.max(box.north, n) }
      : { west: w, south: s, east: e, north: n };
  }
  if (!box) return null;
  const padLon = Math.max((box.east - box.west) * PADDING_SHARE, MIN_PADDING_DEGREES);
  const padLat = Math.max((box.north - box.south) * PADDING_SHARE, MIN_PADDING_DEGREES);
  return {
    west: Math.max(-180, box.west - padLon),
    south: Math.max(-HOME_AREA_MAX_LATITUDE, box.south - padLat),
    east: Math.min(180, box.east + padLon),
    north: Math.min(HOME_AREA_MAX_LATITUDE, box.north + padLat),
  };
}
