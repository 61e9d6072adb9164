import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { HomeAreaBox, HomeAreaResponse } from '@argus/contracts/http/home-area';
import { Button } from '../../components/ui/Button';
import { QueryProblem } from '../../components/ui/QueryProblem';
import { FormMessage } from '../../components/ui/FormMessage';
import { toast } from '../../components/ui/toast-store';
import { describeError, isApiError } from '../../lib/api-error';
import { boundsOfHomeArea, homeAreaToSave, isUnmoved, type MapCamera, type OpenedOnArea } from '../../lib/map/home-area-box';
import type { MapLibreMap } from '../../lib/map/maplibre';
import { OperationalMap } from '../../lib/map/OperationalMap';
import { coverageOverlay } from '../../lib/map/overlays/coverage';
import { homeAreaQuery } from '../../lib/map/useHomeArea';
import { formatDateTime } from '../../lib/time-format';
import { useSetHomeAreaMutation } from './home-area.mutations';

/** Room around the outlined area when the small map opens, so its edges are seen, not cut by the map's. */
const OUTLINE_PADDING_PX = 40;

function cameraOf(map: MapLibreMap): MapCamera {
  const centre = map.getCenter();
  return { lng: centre.lng, lat: centre.lat, zoom: map.getZoom() };
}

/** The subsection's anchor, for a link straight to it. */
const HOME_AREA_SECTION_ID = 'home-area';

function describeHomeArea(homeArea: HomeAreaResponse): string {
  switch (homeArea.source) {
    case 'set':
      return `Set${homeArea.updatedAt ? ` ${formatDateTime(homeArea.updatedAt)}` : ''}${homeArea.updatedBy ? ` by ${homeArea.updatedBy}` : ''}: maps open on the outlined area.`;
    case 'derived':
      return 'None is set: maps open on the outlined area around the units, open incidents and zones, which moves with them.';
    case 'none':
      return 'None is set and nothing is on the maps yet: maps open on the world and say so until you set one.';
  }
}

/**
 * Settings › Maps › Home area (docs/decisions/0058-home-area.md): where every map with no subject of
 * its own opens. An administrator moves the small map to the area and keeps its view, or clears the
 * area so the maps open on what is on them again. Loaded lazily with the rest of the section.
 */
export function HomeAreaSection() {
  const homeArea = useQuery(homeAreaQuery);
  const save = useSetHomeAreaMutation();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const area = homeArea.data?.area ?? null;
  // The small map opens on the area with room around it, so the whole outline is seen; what saving
  // then keeps is homeAreaToSave's choice (the area itself while unmoved, so saves do not grow it).
  const opened = useRef<OpenedOnArea | null>(null);
  const handleMapReady = (ready: MapLibreMap | null) => {
    setMap(ready);
    opened.current = null;
    if (!ready || !area) return;
    const fit = () => {
      const { clientHeight: height, clientWidth: width } = ready.getContainer();
      const padding = Math.min(OUTLINE_PADDING_PX, Math.floor(Math.min(width, height) / 5));
      ready.fitBounds(boundsOfHomeArea(area), { padding, animate: false });
      opened.current = { camera: cameraOf(ready), area };
    };
    fit();
    // A map that gets its final size later (a phone's column settling) is fitted again while unmoved.
    ready.on('resize', () => {
      if (isUnmoved(cameraOf(ready), opened.current)) fit();
    });
  };
  const overlays = useMemo(
    () => [coverageOverlay(area ? [{ id: 'home-area', name: 'Home area', bounds: [area.west, area.south, area.east, area.north] }] : [])],
    [area],
  );

  const submit = (request: { area: HomeAreaBox | null }, done: string) => {
    setFailure(null);
    save.mutate(request, {
      onSuccess: () => toast({ title: done }),
      onError: (error) => {
        const issues = isApiError(error) ? error.issues : [];
        setFailure(issues.length > 0 ? issues.map((issue) => issue.message).join(' ') : describeError(error));
      },
    });
  };
  const useCurrentView = () => {
    if (!map) return;
    const bounds = map.getBounds();
    const view = { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() };
    submit({ area: homeAreaToSave(view, cameraOf(map), opened.current, area) }, 'Home area saved');
  };

  return (
    <section id={HOME_AREA_SECTION_ID} aria-labelledby="home-area-heading" className="scroll-mt-4 space-y-3">
      <h3 id="home-area-heading" className="text-lg font-semibold">
        Home area
      </h3>
      <p className="text-ink-muted">
        Where every map opens when it has nothing of its own to show: the command, surveillance, analyst and zones maps, and every
        &ldquo;Pick on the map&rdquo;. Move this map to the operation&rsquo;s area, then keep its view.
      </p>
      <QueryProblem query={homeArea} loading="Loading the home area..." what="the home area" />
      {homeArea.isSuccess ? (
        <>
          <p data-testid="home-area-state" data-source={homeArea.data.source}>
            {describeHomeArea(homeArea.data)}
          </p>
          <OperationalMap
            overlays={overlays}
            onMapReady={handleMapReady}
            goTo
            label="Home area map: move it to the operation's area"
            className="h-64 w-full overflow-hidden rounded-lg border border-line sm:h-80"
          />
          <div className="flex flex-wrap gap-3">
            <Button onClick={useCurrentView} disabled={!map || save.isPending}>
              Use the current map view
            </Button>
            <Button
              variant="secondary"
              onClick={() => submit({ area: null }, 'Home area cleared')}
              disabled={homeArea.data.source !== 'set' || save.isPending}
            >
              Clear
            </Button>
          </div>
          {failure ? <FormMessage tone="error">{`Nothing was saved: ${failure}`}</FormMessage> : null}
        </>
      ) : null}
    </section>
  );
}
