import type { Basemap } from '@argus/contracts/http/basemaps';
import { BASEMAP_COLOURS } from '../palette';
import { streetPrefix, type BasemapContent } from './content';
import { genericLayers } from './generic';
import type { LayerTarget } from './layer-kit';
import { adoptOnlineStyle, fetchOnlineStyle } from './online-style';
import { openMapTilesLayers } from './openmaptiles';
import { protomapsLayers } from './protomaps';
import { rasterContent, rasterTileJsonContent, vectorSource } from './raster';
import { tileAt, vectorTileLayerNames } from './vector-layer-names';

/**
 * The sources and layers that draw a basemap on an operational map, chosen by its kind, format and
 * vector schema (docs/decisions/0032-basemap-styles-and-switching.md). Asynchronous because an
 * online style, and a vector archive in an unknown schema, are read first.
 */
export async function basemapContent(basemap: Basemap, signal?: AbortSignal): Promise<BasemapContent> {
  const prefix = streetPrefix(basemap.id);
  if (basemap.format === 'style') {
    const url = basemap.sourceUrl ?? '';
    return adoptOnlineStyle(await fetchOnlineStyle(url, signal), url, prefix);
  }
  if (basemap.tileType === 'raster')
    return basemap.format === 'tilejson' ? rasterTileJsonContent(basemap, prefix) : rasterContent(basemap, prefix);
  const source = `${prefix}tiles`;
  const target = { prefix, source };
  const vector: BasemapContent = { sources: { [source]: vectorSource(basemap) }, layers: await vectorLayers(basemap, target, signal) };
  const extent = landExtent(basemap, prefix);
  return extent ? { sources: { ...extent.sources, ...vector.sources }, layers: [...extent.layers, ...vector.layers] } : vector;
}

async function vectorLayers(basemap: Basemap, target: LayerTarget, signal?: AbortSignal) {
  switch (basemap.vectorSchema) {
    case 'openmaptiles':
      return openMapTilesLayers(target);
    case 'protomaps':
      return protomapsLayers(target);
    default:
      return genericLayers(target, await tileLayersOf(basemap, signal));
  }
}

/**
 * An uploaded vector archive's area painted as land from street zoom down to a town's size. The
 * world outline's coastline (Natural Earth 1:50m) is kilometres off at street zoom and would lay
 * sea over a harbour town's streets; the archive's own water polygons are drawn over this.
 */
function landExtent(basemap: Basemap, prefix: string): BasemapContent | null {
  if (basemap.kind !== 'file' || !basemap.bounds) return null;
  const [west, south, east, north] = basemap.bounds;
  const source = `${prefix}extent`;
  const ring = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
  return {
    sources: { [source]: { type: 'geojson', data: { type: 'Polygon', coordinates: [ring] } } },
    layers: [{ id: `${prefix}extent`, type: 'fill', source, minzoom: LAND_EXTENT_MIN_ZOOM, paint: { 'fill-color': BASEMAP_COLOURS.land } }],
  };
}

const LAND_EXTENT_MIN_ZOOM = 10;

/** The layer names of an archive in an unknown schema, read from its tiles at the middle of its coverage. */
async function tileLayersOf(basemap: Basemap, signal?: AbortSignal): Promise<string[]> {
  if (!basemap.tileUrl) return [];
  const [west, south, east, north] = basemap.bounds ?? [-180, -85, 180, 85];
  const names = new Set<string>();
  for (const zoom of new Set([basemap.maxZoom, Math.max(basemap.minZoom, Math.min(basemap.maxZoom, 10))])) {
    const { z, x, y } = tileAt((west + east) / 2, (south + north) / 2, zoom);
    const response = await fetch(basemap.tileUrl.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)), { signal });
    if (response.status !== 200) continue;
    for (const name of vectorTileLayerNames(new Uint8Array(await response.arrayBuffer()))) names.add(name);
  }
  return [...names];
}
