import type { Basemap, BasemapFormat, TileFormat, VectorSchema } from '@argus/contracts/http/basemaps';
import { formatBytes } from '@argus/contracts/evidence';
import { displayFileName } from '@argus/contracts/file-names';
import { coversWholeWorld } from '../../lib/map/overlays/coverage';

/** How each source format reads in the list and the forms. */
export const FORMAT_LABELS: Record<BasemapFormat, string> = {
  pmtiles: 'PMTiles',
  mbtiles: 'MBTiles',
  xyz: 'XYZ tiles',
  tilejson: 'TileJSON',
  style: 'MapLibre style',
};

const SCHEMA_LABELS: Record<VectorSchema, string> = {
  openmaptiles: 'OpenMapTiles',
  protomaps: 'Protomaps',
  unknown: 'unknown schema',
};

const TILE_FORMAT_LABELS: Record<TileFormat, string> = { mvt: 'MVT', png: 'PNG', jpeg: 'JPEG', webp: 'WebP' };

/** Where a basemap comes from: the uploaded file (format, size, name) or the online address. */
export function describeSource(basemap: Basemap): { summary: string; detail: string } {
  if (basemap.kind === 'file') {
    const size = basemap.sizeBytes === null ? null : formatBytes(basemap.sizeBytes);
    return {
      summary: `Uploaded ${FORMAT_LABELS[basemap.format]} file`,
      detail: [basemap.filename ? displayFileName(basemap.filename) : null, size].filter(Boolean).join(', '),
    };
  }
  return { summary: `Online ${FORMAT_LABELS[basemap.format]}`, detail: basemap.sourceUrl ?? basemap.tileUrl ?? '' };
}

/** Vector with its schema, or raster with its image format when Argus knows it. */
export function describeTiles(basemap: Basemap): string {
  if (basemap.tileType === 'vector') return `Vector, ${SCHEMA_LABELS[basemap.vectorSchema ?? 'unknown']}`;
  return basemap.tileFormat ? `Raster, ${TILE_FORMAT_LABELS[basemap.tileFormat]}` : 'Raster';
}

export function describeZoom(basemap: Basemap): string {
  return basemap.minZoom === basemap.maxZoom ? `Zoom ${basemap.minZoom}` : `Zoom ${basemap.minZoom}–${basemap.maxZoom}`;
}

/**
 * What a row says about coverage when the map cannot outline it, or it is the world. An XYZ template
 * addresses the world's whole tile grid; a TileJSON or style names its bounds in a document Argus
 * never reads (docs/decisions/0029-basemaps-served-by-argus.md: the browser reaches online sources).
 */
export function describeCoverage(basemap: Basemap): string | null {
  if (basemap.bounds) return coversWholeWorld(basemap.bounds) ? 'Covers the whole world' : null;
  return basemap.format === 'xyz' ? 'Covers the whole world' : 'Coverage not stated';
}
