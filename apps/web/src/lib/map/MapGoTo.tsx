import { LocateFixed } from 'lucide-react';
import { CoordinateField } from '../../components/CoordinateField';
import type { MapLibreMap } from './maplibre';

/** Close enough to see the streets around the place. */
const GO_TO_ZOOM = 14;

/**
 * "Go to": a coordinate in any format, and the map flies there. Folded away like the legend, so it
 * hides no more of the map than its name until it is wanted.
 */
export function MapGoTo({ map }: { map: MapLibreMap }) {
  const handleLocate = (point: { lat: number; lon: number }) => {
    const view = { center: [point.lon, point.lat] as [number, number], zoom: Math.max(map.getZoom(), GO_TO_ZOOM) };
    if (document.documentElement.classList.contains('reduce-motion')) map.jumpTo(view);
    else map.flyTo({ ...view, duration: 800 });
  };
  return (
    <details className="absolute right-12 top-2 z-10 max-w-[calc(100%-4rem)] open:w-80 rounded-md border border-line bg-surface/95 text-sm">
      <summary className="flex min-h-9 cursor-pointer items-center justify-end gap-1 px-2 py-1 font-medium">
        <LocateFixed aria-hidden="true" className="size-4" />
        Go to
      </summary>
      <CoordinateField label="Coordinate to go to" actionLabel="Go" onLocate={handleLocate} className="px-2 pb-2" />
    </details>
  );
}
