import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Point as GeoPoint } from 'geojson';
import type { Basemap } from '@argus/contracts/http/basemaps';
import type { HomeAreaBox, HomeAreaResponse } from '@argus/contracts/http/home-area';
import { BORDERS_SOURCE, LAND_SOURCE, basemapStyle, loadBasemapGeometry } from './basemap';
import { chosenBasemap, defaultBasemap, readBasemapChoice, writeBasemapChoice } from './basemap-choice';
import { lacksStreetMap, type MapView } from './basemap-coverage';
import { BasemapSwitcher } from './BasemapSwitcher';
import { wrapLongitude } from './coordinates';
import { addCornerControls } from './corner-controls';
import { CoordinateReadout, type ReadoutPoint } from './CoordinateReadout';
import { boundsOfHomeArea } from './home-area-box';
import { mapImages } from './images';
import { MapGoTo } from './MapGoTo';
import { NoHomeAreaNotice } from './NoHomeAreaNotice';
import { NoStreetMapNotice } from './NoStreetMapNotice';
import { MapLibreMap, type GeoJSONSource, type MapGeoJSONFeature } from './maplibre';
import type { OperationalMapProps } from './map-props';
import type { MapOverlay, OverlayFeatureProperties, OverlayGeometry } from './overlay';
import { OverlaySync } from './overlay-sync';
import { provideSymbolImages } from './symbol-images';
import { StreetBasemap } from './street-basemap';
import { symbolImage } from './symbol-image';

interface Engine {
  map: MapLibreMap;
  sync: OverlaySync;
  street: StreetBasemap;
  /** The MapLibre control in the map's corner that holds the basemap switcher. */
  switcherCorner: HTMLElement;
}

export interface MapEngineProps extends OperationalMapProps {
  /** The basemaps to offer, in order (basemap-choice.ts). */
  basemaps: readonly Basemap[];
  /** Command-level roles are pointed to where basemaps are added. */
  canManageBasemaps: boolean;
  /** Where a map with no subject of its own opens (docs/decisions/0058-home-area.md); null when it could not be read. */
  homeArea: HomeAreaResponse | null;
  /** Administrators are pointed to where the home area is set. */
  canManageHomeArea: boolean;
}

/** Fat fingers: a tap picks what lies within this many pixels. */
const PICK_TOLERANCE_PX = 8;
const FIT_MAX_ZOOM = 13;
/** A map with nothing to fit opens over its home area or basemap's area, but no closer than a neighbourhood. */
const AREA_FIT_MAX_ZOOM = 15;

const prefersReducedMotion = () => document.documentElement.classList.contains('reduce-motion');

/** A view MapLibre's hash option will take from the address: "#zoom/lat/lon". */
const VIEW_IN_ADDRESS = /^#\d+(?:\.\d+)?\/-?\d+(?:\.\d+)?\/-?\d+(?:\.\d+)?(?:[/&]|$)/;

function pickAt(map: MapLibreMap, sync: OverlaySync, x: number, y: number): MapGeoJSONFeature | undefined {
  const layers = sync.pickableLayerIds().filter((id) => map.getLayer(id));
  if (layers.length === 0) return undefined;
  const box: [[number, number], [number, number]] = [
    [x - PICK_TOLERANCE_PX, y - PICK_TOLERANCE_PX],
    [x + PICK_TOLERANCE_PX, y + PICK_TOLERANCE_PX],
  ];
  return map.queryRenderedFeatures(box, { layers })[0];
}

type Bounds = [[number, number], [number, number]];

/** A fit to data and the view it gave, to tell whether anyone has moved the map since. */
interface Fitted {
  bounds: Bounds;
  centre: [number, number];
  zoom: number;
}

/**
 * Fits the map to data, with room kept around it: clear of the controls along the top (zoom, basemaps, Go to, legend)
 * and the bottom (coordinate readout, scale), and no more than a fifth of a narrow map's width or
 * height a side, so a phone's map still gives most of itself to the shapes.
 */
function fitTo(map: MapLibreMap, bounds: Bounds): Fitted {
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const side = (wanted: number, size: number) => Math.min(wanted, Math.floor(size / 5));
  map.fitBounds(bounds, {
    padding: { top: side(56, height), bottom: side(56, height), left: side(32, width), right: side(56, width) },
    maxZoom: FIT_MAX_ZOOM,
    animate: false,
  });
  const centre = map.getCenter();
  return { bounds, centre: [centre.lng, centre.lat], zoom: map.getZoom() };
}

/** Every position of a point, line or polygon overlay feature. */
function positionsOf(geometry: OverlayGeometry): number[][] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
  }
}

/** The bounds of every point in the overlays, or null when there is none. */
function boundsOf(overlays: readonly MapOverlay[]): Bounds | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const overlay of overlays) {
    if (overlay.fit === false) continue;
    for (const feature of overlay.data.features) {
      for (const [lon = 0, lat = 0] of positionsOf(feature.geometry)) {
        west = Math.min(west, lon);
        east = Math.max(east, lon);
        south = Math.min(south, lat);
        north = Math.max(north, lat);
      }
    }
  }
  return west === Infinity
    ? null
    : [
        [west, south],
        [east, north],
      ];
}

/**
 * Where a map opens (docs/decisions/0058-home-area.md). A view in the address (a shared link, a
 * reload), a start view, a focus or data that is the map's subject come first; any other map opens
 * on the operation's home area and stays there as its data comes, or, with none, says so.
 */
function openingOf(props: Pick<MapEngineProps, 'initialView' | 'focus' | 'viewInAddress' | 'opensOnData' | 'homeArea'>): {
  /** The box to open on, when the map has no subject of its own and a home area is known. */
  home: HomeAreaBox | null;
  /** The view is settled (the address or the home area): the first data is not fitted. */
  fixed: boolean;
  /** The map had no subject and there is no home area at all. */
  noHomeArea: boolean;
} {
  const viewInAddress = Boolean(props.viewInAddress) && VIEW_IN_ADDRESS.test(window.location.hash);
  const ownSubject = Boolean(props.initialView || props.focus || viewInAddress || props.opensOnData);
  const home = ownSubject ? null : (props.homeArea?.area ?? null);
  return { home, fixed: viewInAddress || home !== null, noHomeArea: !ownSubject && props.homeArea?.source === 'none' };
}

/**
 * The MapLibre map behind `<OperationalMap>`: loaded lazily with MapLibre itself. It owns the
 * MapLibre instance (outside React state, so live data never re-renders it), keeps overlays in
 * step through OverlaySync, and reports picks, focus moves and the coordinate readout.
 */
export function MapEngine({
  overlays,
  onPick,
  onMapReady,
  picking = false,
  focus,
  initialView,
  opensOnData = false,
  basemaps,
  canManageBasemaps,
  homeArea,
  canManageHomeArea,
  goTo = false,
  viewInAddress = false,
  label = 'Operational map',
  className,
  children,
}: MapEngineProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [readout, setReadout] = useState<ReadoutPoint | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const [choice, setChoice] = useState(readBasemapChoice);
  const [basemapFailure, setBasemapFailure] = useState<string | null>(null);
  const basemap = chosenBasemap(basemaps, choice);
  // Where the map opens, settled once when it starts: a home area saved later moves no open map.
  const [opening] = useState(() => openingOf({ initialView, focus, viewInAddress, opensOnData, homeArea }));
  // The latest props for handlers registered once on the map.
  const latest = useRef({ overlays, onPick, onMapReady, picking, focus, initialView, opening, basemap, basemaps, label, viewInAddress });
  useEffect(() => {
    latest.current = { overlays, onPick, onMapReady, picking, focus, initialView, opening, basemap, basemaps, label, viewInAddress };
  });
  const hasFitted = useRef(Boolean(initialView || focus || opening.fixed));
  // The bounds the map was fitted to, kept while the user has not moved it: a map that gets its
  // final size after the fit (a phone's narrow column, a window turned) is fitted again.
  const fittedTo = useRef<Fitted | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const start = latest.current;
    let map: MapLibreMap;
    // The home area; with none, the basemap's own area rather than the middle of the world.
    const area = start.initialView
      ? null
      : start.opening.home
        ? boundsOfHomeArea(start.opening.home)
        : (start.basemap?.bounds ?? defaultBasemap(start.basemaps)?.bounds ?? null);
    try {
      map = new MapLibreMap({
        container,
        style: basemapStyle(),
        center: start.initialView ? [start.initialView.center.lon, start.initialView.center.lat] : [10, 25],
        zoom: start.initialView?.zoom ?? 1.3,
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
    let frame = 0;
    let pointer: { x: number; y: number; lat: number; lon: number } | null = null;

    const showCentre = () => {
      const centre = map.getCenter();
      setReadout({ kind: 'centre', lat: centre.lat, lon: wrapLongitude(centre.lng) });
    };
    const noteView = () => {
      const centre = map.getCenter();
      setView({ lat: centre.lat, lon: wrapLongitude(centre.lng), zoom: map.getZoom() });
    };
    const updatePointer = () => {
      frame = 0;
      if (!pointer) return;
      setReadout({ kind: 'pointer', lat: pointer.lat, lon: pointer.lon });
      if (!latest.current.picking) map.getCanvas().style.cursor = pickAt(map, sync, pointer.x, pointer.y) ? 'pointer' : '';
    };

    map.on('load', () => {
      if (!alive) return;
      for (const image of mapImages()) {
        map.addImage(image.name, { width: image.width, height: image.height, data: image.data }, { pixelRatio: image.pixelRatio });
      }
      showCentre();
      noteView();
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
    map.on('mousemove', (event) => {
      pointer = { x: event.point.x, y: event.point.y, lat: event.lngLat.lat, lon: wrapLongitude(event.lngLat.lng) };
      if (!frame) frame = requestAnimationFrame(updatePointer);
    });
    map.on('mouseout', () => {
      pointer = null;
      showCentre();
    });
    map.on('resize', () => {
      // A resize keeps the centre and zoom, so a view still where the fit left it was moved by no one.
      const fitted = fittedTo.current;
      const centre = map.getCenter();
      if (fitted && centre.lng === fitted.centre[0] && centre.lat === fitted.centre[1] && map.getZoom() === fitted.zoom) {
        fittedTo.current = fitTo(map, fitted.bounds);
      }
    });
    map.on('moveend', () => {
      if (!pointer) showCentre();
      noteView();
    });
    map.on('click', (event) => {
      const { onPick: handlePick, picking: isPicking } = latest.current;
      const location = { lat: event.lngLat.lat, lon: wrapLongitude(event.lngLat.lng) };
      if (isPicking) {
        handlePick?.({ location, feature: null });
        return;
      }
      const hit = pickAt(map, sync, event.point.x, event.point.y);
      const overlayId = hit ? sync.overlayOfLayer(hit.layer.id) : undefined;
      const properties = hit?.properties as (OverlayFeatureProperties & { cluster?: boolean; cluster_id?: number }) | undefined;
      if (hit && overlayId && properties?.cluster && properties.cluster_id !== undefined) {
        const [lon = 0, lat = 0] = (hit.geometry as GeoPoint).coordinates;
        void map
          .getSource<GeoJSONSource>(overlayId)
          ?.getClusterExpansionZoom(properties.cluster_id)
          .then((zoom) => map.easeTo({ center: [lon, lat], zoom, animate: !prefersReducedMotion() }));
        return;
      }
      handlePick?.({ location, feature: hit && overlayId && properties ? { overlayId, id: String(properties.id), properties } : null });
    });

    return () => {
      alive = false;
      if (frame) cancelAnimationFrame(frame);
      stopSymbolImages();
      street.dispose();
      sync.dispose();
      latest.current.onMapReady?.(null);
      delete container.dataset.mapReady;
      // MapLibre's hash handler strips the whole hash as it goes; by now the address may be the next
      // page's ("/settings#tak-devices"), whose hash is not a map view and must stay.
      const next = window.location.hash && !VIEW_IN_ADDRESS.test(window.location.hash) ? window.location.href : null;
      map.remove();
      if (next && window.location.href !== next) window.history.replaceState(window.history.state, '', next);
      setEngine(null);
    };
  }, []);

  // Only another basemap (or the same one changed) is redrawn, never the map: overlays stay.
  const basemapKey = basemap ? `${basemap.id}@${basemap.updatedAt}` : 'none';
  useEffect(() => {
    if (engine) void engine.street.show(latest.current.basemap);
  }, [engine, basemapKey]);

  const chooseBasemap = (id: string) => {
    writeBasemapChoice(id);
    setChoice(id);
  };

  useEffect(() => {
    if (!engine) return;
    engine.sync.sync(overlays);
    if (hasFitted.current) return;
    const bounds = boundsOf(overlays);
    if (!bounds) return;
    hasFitted.current = true;
    fittedTo.current = fitTo(engine.map, bounds);
  }, [engine, overlays]);

  // Only a new key moves the camera: the same focus re-rendered must not fight the user's panning.
  const focusKey = focus?.key;
  useEffect(() => {
    const { focus } = latest.current;
    if (!engine || !focus) return;
    hasFitted.current = true;
    const zoom = Math.max(engine.map.getZoom(), focus.zoom ?? 12);
    const center: [number, number] = [focus.location.lon, focus.location.lat];
    if (prefersReducedMotion()) engine.map.jumpTo({ center, zoom });
    else engine.map.flyTo({ center, zoom, duration: 800 });
  }, [engine, focusKey]);

  useEffect(() => {
    if (engine) engine.map.getCanvas().style.cursor = picking ? 'crosshair' : '';
  }, [engine, picking]);

  const noStreetMap = view !== null && lacksStreetMap(basemap, view);

  return (
    <div className={className}>
      <div className="flex h-full w-full flex-col overflow-hidden bg-[#0e1621]">
        <div className="relative min-h-0 w-full flex-1">
          {/* MapLibre makes its container position: relative, so it is sized, not inset. */}
          <div ref={containerRef} data-operational-map="" className="h-full w-full" />
          {failure ? (
            <p role="alert" className="absolute inset-x-4 top-4 rounded-md border border-danger bg-surface p-3 text-danger">
              {`The map could not start: ${failure}`}
            </p>
          ) : null}
          {picking ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute left-1/2 top-1/2 z-10 size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-gold"
            >
              <div className="absolute left-1/2 top-1/2 size-1 -translate-x-1/2 -translate-y-1/2 rounded-full bg-gold" />
            </div>
          ) : null}
          {basemapFailure ? (
            <p role="alert" className="absolute inset-x-4 top-14 z-10 rounded-md border border-danger bg-surface p-2 text-sm text-danger">
              {basemapFailure}
            </p>
          ) : null}
          {engine
            ? createPortal(<BasemapSwitcher options={basemaps} current={basemap} onChoose={chooseBasemap} />, engine.switcherCorner)
            : null}
          <CoordinateReadout point={readout} />
          {goTo && engine ? <MapGoTo map={engine.map} /> : null}
          {children}
        </div>
        {/* What the map lacks is said in a strip along its foot, never over the map: over it, on a
            phone, a notice covered the very shapes and controls the user came to see. */}
        {noStreetMap || opening.noHomeArea ? (
          <div className="shrink-0 space-y-0.5 border-t border-line bg-surface px-2 py-1 text-xs leading-snug">
            {noStreetMap ? <NoStreetMapNotice canManage={canManageBasemaps} /> : null}
            {opening.noHomeArea ? <NoHomeAreaNotice canManage={canManageHomeArea} /> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
