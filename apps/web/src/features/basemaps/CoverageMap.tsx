import { useEffect, useMemo, useState } from 'react';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { OperationalMap } from '../../lib/map/OperationalMap';
import type { MapLibreMap } from '../../lib/map/maplibre';
import type { MapPick } from '../../lib/map/overlay';
import { prefersReducedMotion } from '../../lib/map/reduced-motion';
import { coverageOverlay, type CoverageArea, type CoverageBounds } from '../../lib/map/overlays/coverage';

/** A box MapLibre can fit: across the antimeridian its east edge goes past 180 so the box stays whole. */
function fittable([west, south, east, north]: CoverageBounds): [[number, number], [number, number]] {
  return [
    [west, south],
    [west <= east ? east : east + 360, north],
  ];
}

/** Each basemap's coverage outlined and labelled; the chosen one highlighted and fitted to, and a pick on an area chooses it. */
export function CoverageMap({
  basemaps,
  selectedId,
  onSelect,
}: {
  basemaps: readonly Basemap[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const areas = useMemo(
    () =>
      basemaps.flatMap((basemap): CoverageArea[] =>
        basemap.bounds ? [{ id: basemap.id, name: basemap.name, bounds: basemap.bounds }] : [],
      ),
    [basemaps],
  );
  const overlays = useMemo(() => [coverageOverlay(areas, { selectedId })], [areas, selectedId]);
  const selectedBounds = areas.find((area) => area.id === selectedId)?.bounds ?? null;
  const boundsKey = selectedBounds?.join(',');

  useEffect(() => {
    if (!map || !selectedBounds) return;
    map.fitBounds(fittable(selectedBounds), { padding: 32, animate: !prefersReducedMotion() });
    // The box is compared by value: a refetched list must not pull the view back.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- boundsKey stands for selectedBounds
  }, [map, boundsKey]);

  const handlePick = (pick: MapPick) => {
    if (pick.feature?.overlayId === 'coverage') onSelect(pick.feature.id);
  };

  return (
    <figure className="space-y-1">
      <OperationalMap
        overlays={overlays}
        onMapReady={setMap}
        onPick={handlePick}
        opensOnData
        label="Coverage of the basemaps"
        className="h-64 w-full overflow-hidden rounded-lg border border-line sm:h-80"
      />
      <figcaption className="text-sm text-ink-muted">
        {areas.length === 0
          ? 'No basemap states its coverage yet.'
          : 'Each outline is the area a basemap covers. Choose a basemap’s name, or its area, to show it here.'}
      </figcaption>
    </figure>
  );
}
