import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { sampleTileBytes } from './offline-areas';
import { OFFLINE_AREA_MAX_BYTES, estimateBytes, tileCounts, zoomsToSave, type Box } from './offline-tiles';

export interface OfflineAreaPlan {
  zooms: { from: number; to: number };
  tiles: number;
  bytes: number;
  tooBig: boolean;
}

/**
 * What saving a box of a basemap would take: the zooms, the tile count and the estimated size
 * (docs/decisions/0048-offline-map-area.md), shown before a crew saves an area or command sends one.
 */
export function useOfflineAreaPlan(basemap: Basemap | null, box: Box | null): OfflineAreaPlan | null {
  const zooms = useMemo(() => (basemap ? zoomsToSave(basemap) : null), [basemap]);
  // One real tile of the area, read once per basemap, place and zoom, sizes the estimate.
  const sample = useQuery({
    queryKey: ['offline-area-sample', basemap?.id, box?.map((edge) => edge.toFixed(3)).join(','), zooms?.to],
    queryFn: ({ signal }) => (basemap && box && zooms ? sampleTileBytes(basemap, box, zooms.to, signal) : null),
    enabled: basemap !== null && box !== null,
    staleTime: Infinity,
    retry: false,
  });
  return useMemo(() => {
    if (!basemap || !box || !zooms) return null;
    const tiles = tileCounts(box, zooms).reduce((sum, row) => sum + row.count, 0);
    const bytes = estimateBytes(tiles, basemap.tileType, sample.data ?? null);
    return { zooms, tiles, bytes, tooBig: bytes > OFFLINE_AREA_MAX_BYTES };
  }, [basemap, box, zooms, sample.data]);
}
