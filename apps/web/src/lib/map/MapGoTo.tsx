import { useEffect, useRef, useState } from 'react';
import { LocateFixed, X } from 'lucide-react';
import { CoordinateField } from '../../components/CoordinateField';
import type { LatLon } from '../geo/mgrs';
import type { MapLibreMap } from './maplibre';
import { prefersReducedMotion } from './reduced-motion';
import { searchPlaceNames, type NamedFeatureInput, type PlaceMatch } from './place-names';

/** Close enough to see the streets around the place. */
const GO_TO_ZOOM = 14;
/** Narrower than this the open box would hide too much map to stay open after going. */
const NARROW_MAP_PX = 640;

/** Every vector source in the map's style, with the source layers its tiles hold. */
function vectorSources(map: MapLibreMap): { id: string; layers: string[] }[] {
  const style = map.getStyle();
  return Object.entries(style.sources)
    .filter(([, source]) => source.type === 'vector')
    .map(([id]) => {
      const listed = (map.getSource(id) as { vectorLayerIds?: string[] } | undefined)?.vectorLayerIds;
      const styled = style.layers.flatMap((layer) =>
        'source' in layer && layer.source === id && layer['source-layer'] ? [layer['source-layer']] : [],
      );
      return { id, layers: [...new Set(listed ?? styled)] };
    });
}

/** The features of the tiles the map has loaded, from every vector source: what names are searched in. */
function* loadedFeatures(map: MapLibreMap): Generator<NamedFeatureInput> {
  for (const source of vectorSources(map)) {
    for (const sourceLayer of source.layers) {
      for (const feature of map.querySourceFeatures(source.id, { sourceLayer })) {
        yield { geometry: feature.geometry, properties: feature.properties, sourceLayer };
      }
    }
  }
}

/**
 * "Go to": a coordinate in any format, or with a vector basemap a street or place name from its
 * labels, and the map flies there (docs/decisions/0031-coordinates-in-every-format.md). Folded
 * to one button until wanted; open, it is one row, closes with its × or Escape, and on a narrow
 * map folds itself once the map has gone, so the top of the map is not left covered.
 */
export function MapGoTo({ map }: { map: MapLibreMap }) {
  const [open, setOpen] = useState(false);
  const [matches, setMatches] = useState<PlaceMatch[] | null>(null);
  const [hasNames, setHasNames] = useState(false);
  const summaryRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (open) setHasNames(vectorSources(map).length > 0);
    else setMatches(null);
  }, [open, map]);

  const fold = () => {
    setOpen(false);
    summaryRef.current?.focus();
  };
  const fly = (point: LatLon) => {
    const view = { center: [point.lon, point.lat] as [number, number], zoom: Math.max(map.getZoom(), GO_TO_ZOOM) };
    if (prefersReducedMotion()) map.jumpTo(view);
    else map.flyTo({ ...view, duration: 800 });
    setMatches(null);
    if (map.getContainer().clientWidth < NARROW_MAP_PX) fold();
  };
  // Coordinates win: a name is looked for only when the text does not read as one.
  const findName = (text: string, problem: string): string | undefined => {
    if (!hasNames) return problem;
    const found = searchPlaceNames(loadedFeatures(map), text);
    setMatches(found);
    return found.length > 0
      ? undefined
      : `No coordinate, and no street or place named “${text.trim()}” in the map’s loaded area. ${problem}`;
  };

  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) fold();
      }}
      className="absolute right-12 top-2 z-10 max-w-[calc(100%-4rem)] rounded-md border border-line bg-surface/95 text-sm open:left-2 open:top-12 sm:open:left-auto sm:open:top-2 sm:open:w-96"
    >
      <summary
        ref={summaryRef}
        className="flex min-h-9 cursor-pointer items-center justify-end gap-1 px-2 py-1 font-medium in-open:sr-only"
      >
        <LocateFixed aria-hidden="true" className="size-4" />
        Go to
      </summary>
      <div className="p-1.5">
        <CoordinateField
          label={hasNames ? 'Coordinate or place to go to' : 'Coordinate to go to'}
          labelHidden
          placeholder={hasNames ? 'MGRS, lat lon, street' : 'MGRS or lat, lon'}
          actionLabel="Go"
          onLocate={fly}
          onUnreadable={findName}
          onTextChange={() => setMatches(null)}
          trailing={
            <button type="button" onClick={fold} aria-label="Close Go to" className="rounded-md px-2 hover:bg-surface-raised">
              <X aria-hidden="true" className="size-4" />
            </button>
          }
        />
        {hasNames ? <p className="px-1 text-xs text-ink-muted">Street and place names are searched in the map’s loaded area.</p> : null}
        {matches && matches.length > 0 ? (
          <ul aria-label="Places found" className="mt-1 max-h-48 overflow-y-auto">
            {matches.map((match) => (
              <li key={`${match.name}|${match.kind}|${match.point.lat}|${match.point.lon}`}>
                <button
                  type="button"
                  onClick={() => fly(match.point)}
                  className="flex min-h-11 w-full flex-col items-start rounded px-2 py-1 text-left hover:bg-surface-raised"
                >
                  <span className="font-medium">{match.name}</span>
                  <span className="text-xs text-ink-muted">{match.kind}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}
