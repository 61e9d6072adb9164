import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { BORDERS_SOURCE, LAND_SOURCE, basemapStyle, loadBasemapGeometry } from './basemap';
import type { MapView } from './basemap-coverage';
import { addCornerControls } from './corner-controls';
import type { ReadoutPoint } from './CoordinateReadout';
import { mapImages } from './images';
import { MapLibreMap, type GeoJSONSource } from './maplibre';
import { openingArea, type MapOpening } from './map-opening';
import { reportPicks } from './map-picks';
import type { OperationalMapProps } from './map-props';
import { followPointerAndView } from './map-readout';
import { OverlaySync } from './overlay-sync';
import { StreetBasemap } from './street-basemap';
import { symbolImage } from './symbol-image';
import { provideSymbolImages } from './symbol-images';
import { removeKeepingPageHash } from './view-in-address';

export interface Engine {
  map: MapLibreMap;
  sync: OverlaySync;
  street: StreetBasemap;
  /** The MapLibre control in the map's corner that holds the basemap switcher. */
  switcherCorner: HTMLElement;
}

type EngineOptions = Pick<OperationalMapProps, 'onPick' | 'onMapReady' | 'initialView'> & {
  picking: boolean;
  viewInAddress: boolean;
  label: string;
  opening: MapOpening;
  basemap: Basemap | null;
  basemaps: readonly Basemap[];
};

/** Where a map with no start view and no area to open over starts: the whole world, a little north of the equator. */
const WORLD_VIEW = { center: [10, 25] as [number, number], zoom: 1.3 };
/** A map with nothing to fit opens over its home area or basemap's area, but no closer than a neighbourhood. */
const AREA_FIT_MAX_ZOOM = 15;

/**
 * Starts the MapLibre map in the container once (outside React state, so live data never
 * re-renders it) and shows the chosen basemap on it. The engine is there once the map's style has
 * loaded; the readout, the view and failures are React state for the controls drawn over the map.
 */
export function useMapEngine(containerRef: RefObject<HTMLDivElement | null>, options: EngineOptions) {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [readout, setReadout] = useState<ReadoutPoint | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const [basemapFailure, setBasemapFailure] = useState<string | null>(null);
  // The latest options for handlers registered once on the map.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const start = latest.current;
    let map: MapLibreMap;
    const area = openingArea(start);
    try {
      map = new MapLibreMap({
        container,
        style: basemapStyle(),
        center: start.initialView ? [start.initialView.center.lon, start.initialView.center.lat] : WORLD_VIEW.center,
        zoom: start.initialView?.zoom ?? WORLD_VIEW.zoom,
        ...(area ? { bounds: area, fitBoundsOptions: { maxZoom: AREA_FIT_MAX_ZOOM } } : {}),
        attributionControl: false,
        fadeDuration: 0, // labels placed in one frame, not faded over many: docs/decisions/0034-map-update-path.md
        dragRotate: false,
        pitchWithRotate: false,
        maxPitch: 0,
        locale: { 'Map.Title': start.label },
        // MapLibre keeps the history entry's state when it rewrites the hash, so the router is undisturbed.
        hash: start.viewInAddress,
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'This browser could not start the map.');
      return;
    }
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    const switcherCorner = addCornerControls(map);

    const sync = new OverlaySync(map);
    const street = new StreetBasemap(map, (message) => {
      if (alive) setBasemapFailure(message);
    });
    // Unit and incident symbols are drawn when a layer first asks for one; set before any layer can ask.
    const stopSymbolImages = provideSymbolImages(map, symbolImage);
    let alive = true;
    const stopFollowing = followPointerAndView(map, sync, {
      onReadout: setReadout,
      onView: setView,
      picking: () => latest.current.picking,
    });

    map.on('load', () => {
      if (!alive) return;
      for (const image of mapImages()) {
        map.addImage(image.name, { width: image.width, height: image.height, data: image.data }, { pixelRatio: image.pixelRatio });
      }
      setEngine({ map, sync, street, switcherCorner });
      latest.current.onMapReady?.(map);
      void loadBasemapGeometry().then(({ land, borders }) => {
        if (!alive) return;
        void map.getSource<GeoJSONSource>(LAND_SOURCE)?.setData(land);
        void map.getSource<GeoJSONSource>(BORDERS_SOURCE)?.setData(borders);
        container.dataset.mapReady = 'true';
      });
    });
    map.on('error', (event) => {
      // A failed tile or font falls back (offline basemap, local font); the map keeps working.
      console.warn('Map:', event.error?.message);
    });
    reportPicks(map, sync, () => latest.current);

    return () => {
      alive = false;
      stopFollowing();
      stopSymbolImages();
      street.dispose();
      sync.dispose();
      latest.current.onMapReady?.(null);
      delete container.dataset.mapReady;
      removeKeepingPageHash(map);
      setEngine(null);
    };
  }, [containerRef]);

  // Only another basemap (or the same one changed) is redrawn, never the map: overlays stay.
  const basemapKey = options.basemap ? `${options.basemap.id}@${options.basemap.updatedAt}` : 'none';
  useEffect(() => {
    if (engine) void engine.street.show(latest.current.basemap);
  }, [engine, basemapKey]);

  return { engine, failure, readout, view, basemapFailure };
}
