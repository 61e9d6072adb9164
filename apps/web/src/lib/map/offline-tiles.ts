import { pointToTile } from '@mapbox/tilebelt';

/**
 * Tile arithmetic for saving a map area onto the phone (docs/decisions/0048-offline-map-area.md):
 * which tiles of a box, at which zooms, and how large the download is likely to be.
 */

/** West, south, east, north in degrees. */
export type Box = [number, number, number, number];

/** The deepest zoom saved: street level. Deeper views are drawn by MapLibre from these tiles (overzoom). */
export const STREET_ZOOM = 16;
/** The shallowest zoom saved: a district, enough to find the way in. */
export const DISTRICT_ZOOM = 10;
/** The most an area may take on the phone. */
export const OFFLINE_AREA_MAX_BYTES = 50 * 1024 * 1024;
/**
 * A street tile's usual size, for the estimate shown before saving: OpenMapTiles vector tiles of a
 * city are 10–60 KB, raster street tiles 15–40 KB; the real size is counted while saving.
 */
const TYPICAL_TILE_BYTES = { vector: 40 * 1024, raster: 30 * 1024 } as const;

const METRES_PER_DEGREE_LAT = 111_320;

/** The box that holds a circle of `radiusMetres` around a point. */
export function boxAround(center: { lat: number; lon: number }, radiusMetres: number): Box {
  const dLat = radiusMetres / METRES_PER_DEGREE_LAT;
  const dLon = radiusMetres / (METRES_PER_DEGREE_LAT * Math.max(Math.cos((center.lat * Math.PI) / 180), 0.01));
  return [clampLon(center.lon - dLon), clampLat(center.lat - dLat), clampLon(center.lon + dLon), clampLat(center.lat + dLat)];
}

const clampLon = (lon: number) => Math.max(-180, Math.min(180, lon));
// Web Mercator stops short of the poles.
const clampLat = (lat: number) => Math.max(-85.0511, Math.min(85.0511, lat));

/** The zooms to save for a basemap: district to street level, within what the basemap has. */
export function zoomsToSave(basemap: { minZoom: number; maxZoom: number }): { from: number; to: number } {
  const to = Math.max(basemap.minZoom, Math.min(basemap.maxZoom, STREET_ZOOM));
  return { from: Math.min(to, Math.max(basemap.minZoom, DISTRICT_ZOOM)), to };
}

interface TileRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function rangeAt([west, south, east, north]: Box, z: number): TileRange {
  // The east and north edges are nudged inwards so a box ending exactly on a tile edge takes no extra row.
  const [minX, minY] = pointToTile(west, north, z);
  const [maxX, maxY] = pointToTile(east - 1e-9, south + 1e-9, z);
  return { z, minX, maxX, minY, maxY };
}

/** How many tiles of the box each zoom has, shallowest first. */
export function tileCounts(box: Box, zooms: { from: number; to: number }): { z: number; count: number }[] {
  const counts: { z: number; count: number }[] = [];
  for (let z = zooms.from; z <= zooms.to; z++) {
    const range = rangeAt(box, z);
    counts.push({ z, count: (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1) });
  }
  return counts;
}

/** Every tile of the box at the zooms, shallowest first (so a partial save still draws the overview). */
export function* tilesOf(box: Box, zooms: { from: number; to: number }): Generator<{ z: number; x: number; y: number }> {
  for (let z = zooms.from; z <= zooms.to; z++) {
    const range = rangeAt(box, z);
    for (let x = range.minX; x <= range.maxX; x++) for (let y = range.minY; y <= range.maxY; y++) yield { z, x, y };
  }
}

/**
 * The likely size of `tiles` tiles: from one real tile of the area when it could be read (the
 * deepest zoom holds most of the tiles), else from a typical street tile. Never below 1 KB a tile.
 */
export function estimateBytes(tiles: number, tileType: 'vector' | 'raster', sampleBytes: number | null = null): number {
  return tiles * Math.max(sampleBytes ?? TYPICAL_TILE_BYTES[tileType], 1024);
}

/** A tile address from a {z}/{x}/{y} template (TMS {-y} flipped). */
export function tileUrl(template: string, { z, x, y }: { z: number; x: number; y: number }): string {
  return template
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{-y}', String(2 ** z - 1 - y));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
