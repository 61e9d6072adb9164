import { queryOptions } from '@tanstack/react-query';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { MapConfigResponse } from '@argus/contracts/http/map';
import { api } from '../api';
import { CONFIGURED_BASEMAP_ID } from './basemap-choice';

/**
 * The operator's optional tile source, asked once per session. With no signal the question fails
 * at once (networkMode always) and the map opens on its offline basemap alone.
 */
export const mapConfigQuery = queryOptions({
  queryKey: ['map', 'config'],
  queryFn: ({ signal }) => api.get('/map/config', MapConfigResponse, { signal }),
  staleTime: Infinity,
  retry: false,
  networkMode: 'always',
});

/**
 * MAP_TILE_URL as a built-in online XYZ source in the basemap list, so the older setting keeps
 * working beside the administrators' basemaps (docs/decisions/0029-basemaps-served-by-argus.md).
 */
export function configuredBasemap(config: MapConfigResponse | undefined): Basemap | null {
  const tiles = config?.tiles;
  if (!tiles) return null;
  return {
    id: CONFIGURED_BASEMAP_ID,
    name: 'Configured online tiles',
    kind: 'online',
    format: 'xyz',
    tileType: 'raster',
    tileFormat: null,
    vectorSchema: null,
    minZoom: 0,
    maxZoom: tiles.maxZoom,
    bounds: null,
    attribution: tiles.attribution ?? '',
    order: Number.MAX_SAFE_INTEGER,
    isDefault: false,
    sizeBytes: null,
    filename: null,
    createdAt: 0,
    updatedAt: 0,
    tileUrl: tiles.url,
    sourceUrl: tiles.url,
  };
}
