import { useQuery } from '@tanstack/react-query';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { basemapQueries } from './basemaps.queries';
import { basemapOptions, chosenBasemap, readBasemapChoice } from '../../lib/map/basemap-choice';
import { configuredBasemap, mapConfigQuery } from '../../lib/map/map-config';
import { offlineBasemaps } from '../../lib/map/offline-areas';

/**
 * The street basemap the maps of this browser draw: the user's choice or the administrators'
 * default, from the saved areas when the list cannot be fetched (docs/decisions/0048-offline-map-area.md).
 */
export function useShownBasemap(): Basemap | null {
  const config = useQuery(mapConfigQuery);
  const list = useQuery(basemapQueries.list());
  const options = basemapOptions(list.data?.basemaps ?? offlineBasemaps(), configuredBasemap(config.data));
  return chosenBasemap(options, readBasemapChoice());
}
