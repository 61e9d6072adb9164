import { queryOptions } from '@tanstack/react-query';
import { MapConfigResponse } from '@argus/contracts/http/map';
import { api } from '../api';
import type { TileBasemap } from './overlay';

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

export function configuredTiles(config: MapConfigResponse | undefined): TileBasemap | undefined {
  const tiles = config?.tiles;
  if (!tiles) return undefined;
  return { url: tiles.url, maxZoom: tiles.maxZoom, ...(tiles.attribution ? { attribution: tiles.attribution } : {}) };
}
